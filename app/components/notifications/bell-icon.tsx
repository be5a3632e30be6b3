/** The bell and its unread badge, drawn the same by the plain button and by the popover's trigger (a chunk of its own). */
import { Bell } from "~/components/ui/icons";
import { badgeText } from "./notification-content";

export const BELL_TRIGGER_CLASS =
  "relative rounded-full p-2 text-slate-200 hover:bg-white/10 hover:text-white data-[state=open]:bg-white/10 data-[state=open]:text-white";

export function BellIcon({ count }: { count: number }) {
  const badge = badgeText(count);
  return (
    <>
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
    </>
  );
}
