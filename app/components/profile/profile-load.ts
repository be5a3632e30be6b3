/**
 * Loading the profile screen in the browser (product.md "Roles and permissions"): a reader whose
 * session ended is sent to sign-in by the page's gate (a redirect, passed on as it is); any other
 * failure (the network, a 5xx) is an error toast, and the reader stays with what they had: the
 * profile as last loaded, or the page they came from. The first view is rendered by the server
 * and never comes here.
 */
import { isRouteErrorResponse, redirect } from "@remix-run/react";
import { toast } from "~/components/ui/toast";
import { defaultErrorMessage, ERROR_MESSAGES } from "~/modules/http/error-messages";

/** What a failed load says: the server's own words when it sent some, else the catalogue's. */
export function loadFailureMessage(error: unknown): string {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return ERROR_MESSAGES.offline;
  if (isRouteErrorResponse(error)) {
    const said = (error.data as { error?: unknown } | null)?.error;
    return typeof said === "string" && said ? said : defaultErrorMessage(error.status);
  }
  return ERROR_MESSAGES.default;
}

/**
 * `serverLoader()` with the profile's failure rule. `last` keeps the last good answer while the
 * screen is open (the screen clears it when it closes, so it never outlives its reader): a failed
 * reload after a save keeps the screen as it was.
 */
export async function loadProfileScreen<T>(
  serverLoader: () => Promise<T>,
  request: Request,
  last: { data?: T },
): Promise<T> {
  try {
    last.data = await serverLoader();
    return last.data;
  } catch (error) {
    // A redirect (signed out, e-mail not confirmed) is the gate's answer, not a failure.
    if (error instanceof Response) throw error;
    const target = new URL(request.url);
    toast.error(loadFailureMessage(error));
    if (last.data !== undefined) return last.data;
    const here = `${window.location.pathname}${window.location.search}`;
    // Nowhere else to stay: the error page, as before.
    if (here === `${target.pathname}${target.search}`) throw error;
    throw redirect(here);
  }
}
