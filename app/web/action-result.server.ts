/**
 * How a page's route action answers a fetcher: `{ ok: true, ...result }` on success, or
 * `{ ok: false, error, errors, statusCode }` with the AppError's status (and headers, e.g.
 * Retry-After) on a failure a user caused. The same module functions the /api routes call run
 * inside; anything that is not an AppError is a bug and goes to the error page.
 */
import { data } from "@remix-run/node";
import { AppError } from "~/modules/http/app-error";

export type ActionSuccess<T extends object> = { ok: true } & T;
export interface ActionFailure {
  ok: false;
  error: string;
  errors?: Record<string, string[]>;
  statusCode: number;
}
export type ActionResult<T extends object = object> = ActionSuccess<T> | ActionFailure;

/** The failure a fetcher reads: the server's own text, and field errors when there are some. */
function failureBody(error: AppError): ActionFailure {
  const body: ActionFailure = { ok: false, error: error.message, statusCode: error.status };
  if (error.fieldErrors) body.errors = error.fieldErrors;
  return body;
}

function actionFailure(error: AppError) {
  return data(failureBody(error), { status: error.status, headers: error.headers });
}

/** Runs the work; a user's mistake becomes an `ActionFailure` answer instead of an error page. */
export async function actionResult<T extends object>(work: () => Promise<T> | T) {
  try {
    const result = await work();
    return { ok: true as const, ...result };
  } catch (error) {
    if (error instanceof AppError) return actionFailure(error);
    throw error;
  }
}

/**
 * The same answers as JSON, for a resource route's loader that the browser fetches itself
 * (app/components/ui/retrying-load.ts: loads retried after a network blip). A bug still throws:
 * its 500 is what the browser retries.
 */
export async function jsonResult<T extends object>(work: () => Promise<T> | T): Promise<Response> {
  try {
    return Response.json({ ok: true as const, ...(await work()) });
  } catch (error) {
    if (error instanceof AppError)
      return Response.json(failureBody(error), { status: error.status, headers: error.headers });
    throw error;
  }
}
