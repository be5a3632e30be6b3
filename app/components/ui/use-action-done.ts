/**
 * What a component does once its route action or loader has answered: `onDone` runs once for each
 * new answer of the fetcher (the success, or with `onFailure` the failure too), after the render
 * that shows it, and only once the fetcher is idle again. An action's answer arrives before the
 * page's revalidation is over, and navigating or submitting in between interrupts that
 * revalidation; waiting for idle makes every caller safe to navigate or chain. The failure's
 * toast is `useActionFetcher`'s.
 */
import { useEffect, useRef } from "react";
import type { ActionData, ActionFailureData } from "./use-action-fetcher";

/** The part of a fetcher this hook reads (`useFetcher()`'s answer). */
export interface AnsweringFetcher<T extends object> {
  state: "idle" | "loading" | "submitting";
  data?: ActionData<T>;
}

export function useActionDone<T extends object>(
  fetcher: AnsweringFetcher<T>,
  onDone: (answer: { ok: true } & T) => void,
  onFailure?: (failure: ActionFailureData) => void,
) {
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const seen = useRef(answer);
  const handlers = useRef({ onDone, onFailure });
  useEffect(() => {
    handlers.current = { onDone, onFailure };
  });
  // Compared on every commit rather than through a dependency list: under a slow CPU, React 18.3
  // was seen committing a fetcher's answer without running an effect keyed on it, and the
  // notification panel then waited for good. A ref comparison cannot miss it.
  useEffect(() => {
    if (answer === undefined || answer === seen.current) return;
    seen.current = answer;
    if (answer.ok) handlers.current.onDone(answer);
    else handlers.current.onFailure?.(answer);
  });
}
