/**
 * A fetcher for a route action that answers `ActionResult` (app/web/action-result.server.ts),
 * with the failure's toast shown once per answer. `key` shares the fetcher between every mounted
 * view of the same thing (a post's page and its card) so they read one pending value.
 */
import { useFetcher } from "@remix-run/react";
import { createElement, forwardRef, useId, type ComponentProps } from "react";
import { Form as RouterForm } from "react-router-dom";
import { notWhileServerRendering, renderingOnServer } from "./browser-only";
import { toast } from "./toast";
import { useActionDone } from "./use-action-done";

export interface ActionFailureData {
  ok: false;
  error: string;
  errors?: Record<string, string[]>;
  statusCode: number;
}
export type ActionData<T extends object = object> = ({ ok: true } & T) | ActionFailureData;

type ActionFetcher<T extends object> = ReturnType<typeof useFetcher<ActionData<T>>>;
interface ActionFetcherOptions {
  key?: string;
  toastErrors?: boolean;
}

const noop = () => undefined;

function useBrowserActionFetcher<T extends object = object>(options: ActionFetcherOptions = {}): ActionFetcher<T> {
  const fetcher = useFetcher<ActionData<T>>(options.key ? { key: options.key } : undefined);
  const toastErrors = options.toastErrors ?? true;
  // sonner replaces a toast with the same id: views sharing a key show one toast.
  useActionDone(fetcher, noop, (failure) => {
    if (toastErrors) toast.error(failure.error, { id: options.key });
  });
  return fetcher;
}

/** `fetcher.Form` as the server writes it: React Router's form, not navigating. */
const IdleFetcherForm = forwardRef<HTMLFormElement, ComponentProps<typeof RouterForm>>(
  function FetcherForm(props, ref) {
    return createElement(RouterForm, { ...props, navigate: false, ref });
  },
);

const IDLE_FETCHER = {
  state: "idle",
  formMethod: undefined,
  formAction: undefined,
  formEncType: undefined,
  text: undefined,
  formData: undefined,
  json: undefined,
  data: undefined,
  Form: IdleFetcherForm,
  submit: notWhileServerRendering,
  load: notWhileServerRendering,
};

/**
 * The server's fetcher. Nothing is submitted while the server renders, so every fetcher there is
 * idle: this one instead of Remix's, which runs about twenty hooks (a list of cards has two per
 * card). Its one `useId` is the one Remix's fetcher calls, so the ids React gives below it match
 * when the browser hydrates the page.
 */
function useServerActionFetcher<T extends object = object>(): ActionFetcher<T> {
  useId();
  return IDLE_FETCHER as unknown as ActionFetcher<T>;
}

export const useActionFetcher: <T extends object = object>(options?: ActionFetcherOptions) => ActionFetcher<T> =
  renderingOnServer ? useServerActionFetcher : useBrowserActionFetcher;
