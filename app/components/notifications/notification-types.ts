/**
 * A notification as the API answers it (product.md "Entities"), as the browser reads it. Client-safe:
 * the list, the counters and the stream all carry this shape.
 */
import type { NotificationKind } from "~/modules/notifications/notification-kinds";

export { NOTIFICATION_KINDS, type NotificationKind } from "~/modules/notifications/notification-kinds";

/** product.md "Entities": roles come as an array or a single value. */
export type Roles = string[] | string | null | undefined;

/** Someone shown on a notification: the actor, or the expert whose post it is. */
export interface NotificationPerson {
  id?: string;
  userName: string;
  firstName: string | null;
  avatar: string | null;
  roles: Roles;
}

export interface NotificationDTO {
  id: string;
  /** Capitalised; the lower-case spelling is read as the same kind. */
  dataType: NotificationKind | string;
  isRead: boolean;
  createdOn: string;
  data: {
    /** For PickGraded also the pick's grade. */
    postInfo: { id: string; title: string; pickResult?: "Win" | "Loss" | "Push" | "Void" } | null;
    commentInfo: { id: string; authorInfo: NotificationPerson } | null;
    expertInfo: NotificationPerson | null;
    eventInfo: { id: string | number; title?: string | null } | null;
    /** A Cheer's amount in cents and its message (decision 024); absent or null for other kinds. */
    cheerInfo?: { amount: number; message: string | null } | null;
  };
}

export interface NotificationPage {
  items: NotificationDTO[];
  meta: { hasNextPage: boolean; endCursor: string | null };
}
