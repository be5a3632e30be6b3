/**
 * What one notification says, where it leads and whose face it shows, per kind (product.md section
 * 3). Pure functions, so the panel, the page and the tests read the same rules.
 */
import {
  NOTIFICATION_KINDS,
  type NotificationDTO,
  type NotificationKind,
  type NotificationPerson,
  type Roles,
} from "./notification-types";
import { generatedAvatarUrl } from "~/modules/avatars/avatar-svg";
import { formatUsdPlain } from "~/modules/money/money";
import { gradeWords } from "~/modules/notifications/notification-kinds";

/** product.md "Entities" gives both spellings ("postLike" and "PostLike"): read either. */
export function kindOf(notification: Pick<NotificationDTO, "dataType">): NotificationKind | null {
  const type = notification.dataType ?? "";
  const capitalised = type.charAt(0).toUpperCase() + type.slice(1);
  return (NOTIFICATION_KINDS as readonly string[]).includes(capitalised) ? (capitalised as NotificationKind) : null;
}

export function rolesOf(roles: Roles): string[] {
  if (Array.isArray(roles)) return roles;
  return roles ? [roles] : [];
}

const isExpert = (person: NotificationPerson) => rolesOf(person.roles).includes("Expert");

/** The app's naming rule: experts go by their username, others by their first name. */
export function personName(person: NotificationPerson | null | undefined): string {
  if (!person) return "Someone";
  return isExpert(person) ? person.userName : person.firstName?.trim() || person.userName;
}

/**
 * Whose avatar the notification shows: for PostLike, NewSubscription and Cheer `expertInfo` is the
 * actor (who liked, who subscribed, who sent Cheers); for ExpertNewPost, PostLive and PickGraded it is the post's expert; for
 * comments the actor is the comment's author. A new game has nobody: null.
 */
export function personOf(notification: NotificationDTO): NotificationPerson | null {
  switch (kindOf(notification)) {
    case "NewComment":
    case "ReplyComment":
      return notification.data.commentInfo?.authorInfo ?? null;
    case "NewEvent":
      return null;
    default:
      return notification.data.expertInfo ?? null;
  }
}

/** The generated avatar stands in for someone without a photo, as elsewhere in the app. */
export function avatarOf(person: NotificationPerson): string {
  return person.avatar || generatedAvatarUrl(person.userName);
}

/** The one line a notification reads as. */
export function notificationText(notification: NotificationDTO): string {
  const { postInfo, eventInfo, cheerInfo } = notification.data;
  const name = personName(personOf(notification));
  const title = postInfo?.title ?? "a post";
  switch (kindOf(notification)) {
    case "PostLike":
      return `${name} liked your post ${title}`;
    case "ExpertNewPost":
      return `${name} posted ${title}`;
    case "NewSubscription":
      return `${name} subscribed to you`;
    case "NewEvent":
      return eventInfo?.title ? `A new game: ${eventInfo.title}` : "A new game was added";
    case "PostLive":
      return `${title} is live`;
    case "PickGraded":
      return `${name}'s pick ${title} ${gradeWords(postInfo?.pickResult)}`;
    case "NewComment":
      return `${name} commented on ${title}`;
    case "ReplyComment":
      return `${name} replied to your comment`;
    case "Cheer": {
      if (!cheerInfo) return `${name} sent you Cheers`;
      const amount = `${name} sent you Cheers: $${formatUsdPlain(cheerInfo.amount)}`;
      return cheerInfo.message ? `${amount} — “${cheerInfo.message}”` : amount;
    }
    default:
      return "You have a new notification";
  }
}

/** Where a notification leads; null when what it was about is gone (a deleted post). */
export function notificationHref(notification: NotificationDTO): string | null {
  const { postInfo, commentInfo, expertInfo, eventInfo } = notification.data;
  const post = postInfo ? `/posts/${encodeURIComponent(postInfo.id)}` : null;
  switch (kindOf(notification)) {
    case "PostLike":
    case "ExpertNewPost":
    case "PostLive":
    case "PickGraded":
      return post;
    case "NewComment":
    case "ReplyComment":
      // The post page scrolls to the comment (product.md "Screens and routes": /posts/{id}?scrollTo=).
      return post && commentInfo ? `${post}?scrollTo=${encodeURIComponent(commentInfo.id)}` : post;
    case "NewSubscription":
      // A subscribing expert has a public page; a plain user has none, so the expert's own business figures.
      return expertInfo && isExpert(expertInfo) ? `/experts/${encodeURIComponent(expertInfo.userName)}` : "/business";
    case "Cheer":
      // The expert's business page lists every Cheers received.
      return "/business#cheers";
    case "NewEvent":
      return eventInfo ? `/events/${encodeURIComponent(String(eventInfo.id))}` : null;
    default:
      return null;
  }
}

/** the product's counter badge: hidden at 0, capped at "99+". */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? "99+" : String(count);
}

export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : "Notifications";
}

const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Infinity],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function relativeTime(iso: string, now = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (!Number.isFinite(amount)) return "";
  if (Math.abs(amount) < 45) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(Math.round(amount)) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return "";
}
