/**
 * A fetcher for a route action that answers `ActionResult` (app/web/action-result.server.ts),
 * with the failure's toast shown once per answer. `key` shares the fetcher between every mounted
 * view of the same thing (a post's page and its card) so they read one pending value.
 */
import { useFetcher } from "@remix-run/react";
import { toast } from "./toast";
import { useActionDone } from "./use-action-done";

export interface ActionFailureData {
  ok: false;
  error: string;
  errors?: Record<string, string[]>;
  statusCode: number;
}
export type ActionData<T extends object = object> = ({ ok: true } & T) | ActionFailureData;

const noop = () => undefined;

export function useActionFetcher<T extends object = object>(options: { key?: string; toastErrors?: boolean } = {}) {
  const fetcher = useFetcher<ActionData<T>>(options.key ? { key: options.key } : undefined);
  const toastErrors = options.toastErrors ?? true;
  // sonner replaces a toast with the same id: views sharing a key show one toast.
  useActionDone(fetcher, noop, (failure) => {
    if (toastErrors) toast.error(failure.error, { id: options.key });
  });
  return fetcher;
}
