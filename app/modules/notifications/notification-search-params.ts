/** Query strings of the notification API (product.md "The API"; a malformed value is a 400 through `readQuery`). */
import { isStorableTime } from "~/modules/http/storable";
import { z } from "zod";
import { wholeNumber } from "~/modules/http/search-params";
import { NOTIFICATION_KINDS, type NotificationKind } from "./notification-kinds";

/** The list and the popover's page (product.md "Limits": five a page). */
export const NOTIFICATIONS_PAGE_SIZE = 5;

/** `GET /api/notifications/see-notifications/list?size&afterCursor` */
export const notificationListQuerySchema = z.object({
  size: wholeNumber(1, 100, NOTIFICATIONS_PAGE_SIZE),
  afterCursor: z.string().max(200, "Must be a cursor from meta.endCursor").optional(),
  /** One kind only; product.md gives both spellings (`PostLike`, `postLike`): both are accepted. */
  dataType: z
    .string()
    .transform((value) => `${value.charAt(0).toUpperCase()}${value.slice(1)}`)
    .refine(
      (value): value is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(value),
      `Must be one of ${NOTIFICATION_KINDS.join(", ")}`,
    )
    .optional(),
});

/** `PUT /api/notifications/see-notifications/mark-read?tillDate` */
export const markReadQuerySchema = z.object({
  tillDate: z
    .string({ required_error: "Required" })
    .refine((value) => isStorableTime(Date.parse(value)), "Must be a date")
    .transform((value) => new Date(value)),
});
