/** The two lists of /admin/support: requests still to call, and those handled. Client-safe. */
export const SUPPORT_STATES = ["open", "handled"] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];
/** Requests on one page of a list. */
export const SUPPORT_PAGE_SIZE = 50;
