/**
 * What a component does once its route action has answered: `onDone` runs once for each new
 * answer of the fetcher (the success, or with `onFailure` the failure too), after the render that
 * shows it. The failure's toast is `useActionFetcher`'s.
 */
import { useEffect, useRef } from "react";
import type { ActionData, ActionFailureData } from "./use-action-fetcher";

export function useActionDone<T extends object>(
  data: ActionData<T> | undefined,
  onDone: (answer: { ok: true } & T) => void,
  onFailure?: (failure: ActionFailureData) => void,
) {
  const seen = useRef(data);
  const handlers = useRef({ onDone, onFailure });
  useEffect(() => {
    handlers.current = { onDone, onFailure };
  });
  useEffect(() => {
    if (data === seen.current) return;
    seen.current = data;
    if (data?.ok) handlers.current.onDone(data);
    else if (data) handlers.current.onFailure?.(data);
  }, [data]);
}
