import { useEffect, useState } from "react";
import { onDemand, prefetchHandlers, useOnDemand } from "~/components/ui/on-demand";
import { useRetryingLoad } from "~/components/ui/retrying-load";
import { useActionDone } from "~/components/ui/use-action-done";
import { BELL_TRIGGER_CLASS, BellIcon } from "./bell-icon";
import { bellLabel } from "./notification-content";
import { subscribeToNotifications } from "./notification-stream";
import { UNREAD_PATH } from "./notifications-api";
import { raiseUnreadCount, setUnreadCount, useUnreadCount } from "./unread-count";
import { IconTip } from "~/components/ui/icon-tip";

const popover = onDemand(() => import("./notification-popover"));

/**
 * The header's bell (signed-in only): the unread count from its loader (`UNREAD_PATH`), raised live by
 * the stream, and the 'Notifications' panel. Mounting it opens the page's one stream; unmounting
 * it (signing out) closes it. The panel (a Radix popover with the list) is a chunk of its own,
 * fetched on the first opening: until then the bell is a plain button.
 */
export function NotificationBell() {
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  // The panel's code replaces the plain bell on the first opening, not on a prefetch.
  const [wanted, setWanted] = useState(false);
  const loaded = useOnDemand(popover);

  const counter = useRetryingLoad<{ newNotificationsCount: number }>();
  const { load } = counter;
  // The badge is a hint: a count that failed even after its retries leaves it hidden (the stream
  // still raises it) rather than putting an error panel in the header.
  useActionDone(counter, (answer) => setUnreadCount(answer.newNotificationsCount));

  useEffect(() => {
    load(UNREAD_PATH);
    const unsubscribe = subscribeToNotifications((notification) => {
      if (!notification.isRead) raiseUnreadCount();
    });
    return () => {
      unsubscribe();
      // The next signed-in user must not see this one's count.
      setUnreadCount(0);
    };
  }, [load]);

  if (wanted && loaded) return <loaded.NotificationPopover count={count} open={open} setOpen={setOpen} />;
  return (
    <button
      type="button"
      aria-label={bellLabel(count)}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      className={BELL_TRIGGER_CLASS}
      {...prefetchHandlers(popover)}
      onClick={() => {
        setWanted(true);
        void popover.load().then(
          () => setOpen(true),
          () => undefined,
        );
      }}
    >
      <BellIcon count={count} />
      <IconTip label="Notifications" />
    </button>
  );
}
