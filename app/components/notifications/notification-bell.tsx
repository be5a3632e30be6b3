import * as Popover from "@radix-ui/react-popover";
import { Link } from "@remix-run/react";
import { Bell } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { badgeText, bellLabel } from "./notification-content";
import { NotificationList } from "./notification-list";
import { subscribeToNotifications } from "./notification-stream";
import { fetchUnreadCount } from "./notifications-api";
import { raiseUnreadCount, setUnreadCount, useUnreadCount } from "./unread-count";

/**
 * The header's bell (signed-in only): the unread count from the counters call, raised live by
 * the stream, and the 'Notifications' panel. Mounting it opens the page's one stream; unmounting
 * it (signing out) closes it.
 */
export function NotificationBell() {
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let current = true;
    fetchUnreadCount()
      .then((unread) => current && setUnreadCount(unread))
      // The badge is a hint: a failed count leaves it hidden rather than toasting on every page.
      .catch(() => undefined);
    const unsubscribe = subscribeToNotifications((notification) => {
      if (!notification.isRead) raiseUnreadCount();
    });
    return () => {
      current = false;
      unsubscribe();
      // The next signed-in user must not see this one's count.
      setUnreadCount(0);
    };
  }, []);

  const badge = badgeText(count);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        aria-label={bellLabel(count)}
        className="relative rounded-full p-2 text-slate-200 hover:bg-white/10 hover:text-white data-[state=open]:bg-white/10 data-[state=open]:text-white"
      >
        <Bell className="size-5" aria-hidden="true" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] font-bold leading-none text-white ring-2 ring-ink"
          >
            {badge}
          </span>
        ) : null}
      </Popover.Trigger>
      {/* Not portalled: the panel follows the bell in the DOM, so Tab from the bell goes into it. */}
      <NotificationPanel onNavigate={() => setOpen(false)} />
    </Popover.Root>
  );
}

/** SPEC.md sections 2 and 9: titled 'Notifications', 348 px wide with a 228 px list. */
function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const panelRef = useRef<HTMLDivElement>(null);
  return (
    <Popover.Content
      ref={panelRef}
      align="end"
      sideOffset={8}
      collisionPadding={8}
      aria-labelledby="notifications-panel-title"
      // Focus the panel itself, not its first link: the title is read first and Tab carries on into the list.
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        panelRef.current?.focus();
      }}
      className="z-50 w-[348px] max-w-[calc(100vw-16px)] overflow-hidden rounded-xl border border-slate-200 bg-white text-slate-900 shadow-lg outline-none"
    >
      <h2 id="notifications-panel-title" className="border-b border-slate-100 px-4 py-3 text-base font-bold">
        Notifications
      </h2>
      <NotificationList variant="panel" onNavigate={onNavigate} />
      <div className="border-t border-slate-100 px-4 py-2.5 text-center">
        <Link to="/notifications" onClick={onNavigate} className="text-sm font-semibold text-brand-700 hover:underline">
          See all
        </Link>
      </div>
    </Popover.Content>
  );
}
