/**
 * What the editor reads from its route loaders (/editor, /editor/events, /editor/market): the
 * answer for `href`, loaded whenever `href` (or `attempt`) changes; null `href` is idle. A blip is
 * asked again (`useRetryingLoad`); when that fails too, the answer is the error panel's text.
 */
import { useEffect, useRef, useState } from "react";
import { ERROR_PANEL_MESSAGE } from "~/components/ui/error-panel";
import { useRetryingLoad } from "~/components/ui/retrying-load";
import { useActionDone } from "~/components/ui/use-action-done";
import type { ActionData } from "~/components/ui/use-action-fetcher";

export type RouteData<T> =
  { status: "idle" | "loading" } | { status: "error"; message: string } | { status: "loaded"; data: T };

export function useRouteData<T extends object>(href: string | null, attempt = 0): RouteData<T> {
  const loader = useRetryingLoad<T>();
  const { load } = loader;
  const key = href === null ? null : `${attempt} ${href}`;
  const asked = useRef<string | null>(null);
  // null: the retries ran out.
  const [result, setResult] = useState<{ key: string | null; answer: ActionData<T> | null } | null>(null);
  useEffect(() => {
    if (href === null || key === null) return;
    asked.current = key;
    load(href);
    // `key` holds href and attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  const save = (answer: ActionData<T> | null) => setResult({ key: asked.current, answer });
  useActionDone(loader, save, save);
  const ranOut = loader.failed && loader.state === "idle";
  useEffect(() => {
    if (ranOut) setResult({ key: asked.current, answer: null });
  }, [ranOut]);

  if (key === null) return { status: "idle" };
  if (result?.key !== key) return { status: "loading" };
  if (!result.answer) return { status: "error", message: ERROR_PANEL_MESSAGE };
  if (!result.answer.ok) return { status: "error", message: result.answer.error };
  return { status: "loaded", data: result.answer };
}
