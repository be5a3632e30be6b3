/**
 * product.md "Error messages", the error catalogue: the default text for each status. Shared by the
 * server (API error bodies) and the browser (toasts when a call fails).
 */
export const ERROR_MESSAGES = {
  403: "Sorry, but you don’t have permission to access this area. Try another account or connect to the support team.",
  404: "Sorry, we couldn’t find that page. Please try to use searching or connect to the support team.",
  422: "Violation of business rules/data integrity took place.",
  429: "Too many requests. Try again later.",
  default: "Oops, something went wrong, please try again or connect to the support team.",
  offline: "It looks like you offline",
} as const;

/** Texts the API uses where the catalogue has none of its own. */
export const API_MESSAGES = {
  400: "The request could not be read. Check that it is valid JSON.",
  401: "Please sign in to continue.",
  413: "The request is too large.",
  414: "The address is too long.",
  503: "The service is temporarily unavailable. Please try again in a moment.",
} as const;

export function defaultErrorMessage(status: number): string {
  if (status === 401) return API_MESSAGES[401];
  if (status === 403 || status === 404 || status === 422 || status === 429) return ERROR_MESSAGES[status];
  return ERROR_MESSAGES.default;
}
