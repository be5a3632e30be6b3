/**
 * Loads that are safe to repeat: a list's next page, the notifications, the search suggestions, a
 * counter, the editor's lists. Each is the browser's own `fetch` of a resource route's JSON
 * (`jsonResult`, app/web/action-result.server.ts) rather than a Remix fetcher, because a
 * fetcher that fails on the network or with a 5xx replaces the whole page with the error page. Here
 * a blip is asked again, up to `RETRY_WAITS_MS.length` times with growing waits; an answer the
 * server meant (any 4xx) is never asked again. When the retries run out the caller shows the
 * error panel with Retry in place, and what is already on screen stays.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import type { ActionData } from "./use-action-fetcher";
import { notWhileServerRendering, renderingOnServer } from "./browser-only";

/** What a part of the page says while it asks again. */
export const RETRYING_TEXT = "Connection lost. Trying again…";

/** The waits before the 1st, 2nd and 3rd retry. */
export const RETRY_WAITS_MS: readonly number[] = [1000, 2000, 4000];

export type LoadOutcome<T extends object> =
  /** A 2xx, or a 4xx the server meant (its `{ok: false, error}` or the catalogue's text). */
  | { kind: "answer"; data: ActionData<T> }
  /** The network or the server (5xx) failed every time. */
  | { kind: "failed" }
  /** A gate sent the reader elsewhere (a session that ended): the page must decide where. */
  | { kind: "redirected" };

export async function loadWithRetry<T extends object>(
  href: string,
  {
    signal,
    waits = RETRY_WAITS_MS,
    onRetry,
  }: { signal?: AbortSignal; waits?: readonly number[]; onRetry?: (retry: number) => void } = {},
): Promise<LoadOutcome<T>> {
  for (let retry = 0; ; retry += 1) {
    if (retry > 0) {
      onRetry?.(retry);
      await wait(waits[retry - 1], signal);
    }
    try {
      const response = await fetch(href, { headers: { Accept: "application/json" }, redirect: "manual", signal });
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400))
        return { kind: "redirected" };
      if (response.status < 500) return { kind: "answer", data: await answerOf<T>(response) };
    } catch (error) {
      // The caller gave up on this load (a newer one, or the view went away).
      if (signal?.aborted) throw error;
    }
    if (retry >= waits.length) return { kind: "failed" };
  }
}

/** The body the route answered, or for a 4xx without one (a proxy's page) the catalogue's text. */
async function answerOf<T extends object>(response: Response): Promise<ActionData<T>> {
  const body: unknown = response.headers.get("Content-Type")?.includes("json")
    ? await response.json().catch(() => null)
    : null;
  if (body && typeof body === "object" && "ok" in body) return body as ActionData<T>;
  if (response.ok) throw new Error(`${response.url}: not an answer`);
  return { ok: false, error: defaultErrorMessage(response.status), statusCode: response.status };
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

export interface RetryingLoad<T extends object> {
  /** "loading" from the first try to the last retry. */
  state: "idle" | "loading";
  /** The last answer (a new object for each one, as a fetcher's). */
  data?: ActionData<T>;
  /** The retries ran out; stays true while Retry is loading, until an answer comes. */
  failed: boolean;
  /** Which retry is under way (0: the first try). */
  retry: number;
  /** Retry is loading after the retries ran out (the error panel stays, its button busy). */
  retrying: boolean;
  /** Starts a load; one under way is dropped. */
  load: (href: string) => void;
}

/**
 * `loadWithRetry` as a fetcher-like hook (`useActionDone` reads it as it reads a fetcher). A load
 * a gate redirected reloads the page, whose own loader then sends the reader to sign in.
 */
function useBrowserRetryingLoad<T extends object>(): RetryingLoad<T> {
  const [status, setStatus] = useState<Omit<RetryingLoad<T>, "load" | "retrying">>({
    state: "idle",
    failed: false,
    retry: 0,
  });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const load = useCallback((href: string) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setStatus((before) => ({ ...before, state: "loading", retry: 0 }));
    const onRetry = (retry: number) => setStatus((before) => ({ ...before, retry }));
    loadWithRetry<T>(href, { signal: controller.signal, onRetry }).then(
      (outcome) => {
        if (controller.signal.aborted) return;
        if (outcome.kind === "redirected") return window.location.reload();
        setStatus((before) =>
          outcome.kind === "answer"
            ? { state: "idle", data: outcome.data, failed: false, retry: 0 }
            : { ...before, state: "idle", failed: true, retry: 0 },
        );
      },
      () => undefined, // dropped for a newer load
    );
  }, []);

  return { ...status, retrying: status.failed && status.state !== "idle", load };
}

const IDLE_LOAD: RetryingLoad<object> = {
  state: "idle",
  failed: false,
  retry: 0,
  retrying: false,
  load: notWhileServerRendering,
};

/** The server's: nothing loads while it renders, so every load there is idle (and costs no hooks). */
function useServerRetryingLoad<T extends object>(): RetryingLoad<T> {
  return IDLE_LOAD as RetryingLoad<T>;
}

export const useRetryingLoad: <T extends object>() => RetryingLoad<T> = renderingOnServer
  ? useServerRetryingLoad
  : useBrowserRetryingLoad;
