/**
 * What the editor reads from its route loaders (/editor, /editor/events, /editor/market): the
 * first answer for `href`, loaded by a fetcher whenever `href` (or `attempt`) changes; null
 * `href` is idle. Remix reloads a fetcher's data after every action (a save): those later answers
 * are left out, so what the form started from does not change under it.
 */
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ActionData } from "~/components/ui/use-action-fetcher";

export type RouteData<T> =
  { status: "idle" | "loading" } | { status: "error"; message: string } | { status: "loaded"; data: T };

export function useRouteData<T extends object>(href: string | null, attempt = 0): RouteData<T> {
  const fetcher = useFetcher<ActionData<T>>();
  const load = useRef(fetcher.load);
  const key = href === null ? null : `${attempt} ${href}`;
  const asked = useRef<{ key: string; before: unknown } | null>(null);
  const [result, setResult] = useState<{ key: string; answer: ActionData<T> } | null>(null);
  useEffect(() => {
    load.current = fetcher.load;
  });
  useEffect(() => {
    if (href === null || key === null) return;
    asked.current = { key, before: fetcher.data };
    load.current(href);
    // `key` holds href and attempt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => {
    const request = asked.current;
    if (!request || fetcher.state !== "idle" || !fetcher.data) return;
    if (result?.key === request.key || fetcher.data === request.before) return;
    setResult({ key: request.key, answer: fetcher.data });
  }, [fetcher.state, fetcher.data, result]);

  if (key === null) return { status: "idle" };
  if (result?.key !== key) return { status: "loading" };
  if (!result.answer.ok) return { status: "error", message: result.answer.error };
  return { status: "loaded", data: result.answer };
}
