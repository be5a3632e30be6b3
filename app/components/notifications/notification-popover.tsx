/** The bell's Radix popover and its panel, fetched on the first opening (see notification-bell.tsx). */
import * as Popover from "@radix-ui/react-popover";
import { Link } from "~/components/ui/link";
import { useRef } from "react";
import { bellLabel } from "./notification-content";
import { BELL_TRIGGER_CLASS, BellIcon } from "./bell-icon";
import { NotificationList } from "./notification-list";
import { IconTip } from "~/components/ui/icon-tip";

export function NotificationPopover({
  count,
  open,
  setOpen,
}: {
  count: number;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger aria-label={bellLabel(count)} className={BELL_TRIGGER_CLASS}>
        <BellIcon count={count} />
        <IconTip label="Notifications" />
      </Popover.Trigger>
      {/* Not portalled: the panel follows the bell in the DOM, so Tab from the bell goes into it. */}
      <NotificationPanel onNavigate={() => setOpen(false)} />
    </Popover.Root>
  );
}

/** product.md "Screens and routes" and "Limits": titled 'Notifications', 348 px wide with a 228 px list. */
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
