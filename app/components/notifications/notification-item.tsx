import { Link } from "~/components/ui/link";
import { CalendarDays } from "~/components/ui/icons";
import { useFormatTime } from "~/components/time/time-zone";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { avatarOf, notificationHref, notificationText, personOf, relativeTime } from "./notification-content";
import type { NotificationDTO } from "./notification-types";

/**
 * One notification: whose it is (avatar), what happened, when, an unread dot, and the whole row
 * as the link to what it is about.
 */
export function NotificationItem({
  notification,
  onNavigate,
}: {
  notification: NotificationDTO;
  onNavigate?: () => void;
}) {
  const href = notificationHref(notification);
  const format = useFormatTime();
  const body = (
    <>
      <NotificationAvatar notification={notification} />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-sm text-slate-800">{notificationText(notification)}</span>
        <time
          dateTime={notification.createdOn}
          title={format(notification.createdOn, "dateTime")}
          className="mt-0.5 block text-xs text-slate-500"
        >
          {relativeTime(notification.createdOn)}
        </time>
      </span>
      {notification.isRead ? null : (
        <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-brand-500">
          <span className="sr-only">Unread</span>
        </span>
      )}
    </>
  );
  const rowClass = "flex items-start gap-3 px-4 py-2.5";
  return (
    <li data-notification-id={notification.id}>
      {href ? (
        <Link
          to={href}
          onClick={onNavigate}
          className={`${rowClass} hover:bg-slate-50 focus-visible:-outline-offset-2`}
        >
          {body}
        </Link>
      ) : (
        // What it was about is gone (a deleted post): the line stays, with nowhere to go.
        <div className={rowClass}>{body}</div>
      )}
    </li>
  );
}

function NotificationAvatar({ notification }: { notification: NotificationDTO }) {
  const person = personOf(notification);
  if (!person) {
    // A new game is nobody's doing: a calendar stands in for a face.
    return (
      <span
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
        aria-hidden="true"
      >
        <CalendarDays className="size-5" />
      </span>
    );
  }
  // Decorative: the text beside it names the person.
  return (
    <ProxiedImage
      src={avatarOf(person)}
      width={36}
      height={36}
      loading="lazy"
      className="size-9 shrink-0 rounded-full bg-slate-100 object-cover"
    />
  );
}
