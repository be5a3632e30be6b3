import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { onDemand, prefetchHandlers, useOnDemand } from "~/components/ui/on-demand";
import { ACCOUNT_TRIGGER_CLASS, AccountAvatar } from "./account-menu-parts";
import type { HeaderUser } from "./header";
import { IconTip } from "~/components/ui/icon-tip";

/** The menu (Radix DropdownMenu) is a chunk of its own, fetched on the first opening. */
const dropdown = onDemand(() => import("./account-menu-dropdown"));

/**
 * The avatar button in the header. Until its menu is first opened it is a plain button that
 * opens the way Radix's trigger does (a primary pointer press; Enter, Space or ArrowDown) once
 * the menu's code has come; from then on it is the menu's own trigger.
 */
export function AccountMenu({ user }: { user: HeaderUser }) {
  const [opened, setOpened] = useState<{ byKeyboard: boolean } | null>(null);
  const loaded = useOnDemand(dropdown);
  if (opened && loaded) return <loaded.AccountMenuDropdown user={user} openedByKeyboard={opened.byKeyboard} />;

  function openMenu(byKeyboard: boolean) {
    if (opened) return;
    setOpened({ byKeyboard });
    void dropdown.load().catch(() => setOpened(null));
  }
  return (
    <button
      type="button"
      className={ACCOUNT_TRIGGER_CLASS}
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...prefetchHandlers(dropdown)}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.button === 0 && !event.ctrlKey) {
          event.preventDefault();
          openMenu(false);
        }
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown") {
          event.preventDefault();
          openMenu(true);
        }
      }}
      // A click with no press before it (assistive technology's activation).
      onClick={() => openMenu(false)}
    >
      <AccountAvatar user={user} />
      <IconTip label="Account menu" />
    </button>
  );
}
