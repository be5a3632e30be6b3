import { useState, type KeyboardEvent, type PointerEvent } from "react";
import { onDemand, prefetchHandlers, useOnDemand } from "~/components/ui/on-demand";
import { ProxiedImage } from "~/components/ui/proxied-image";
import type { HeaderUser } from "./header";
import { IconTip } from "~/components/ui/icon-tip";

export interface AccountMenuItem {
  label: string;
  to: string;
}

/** product.md "Screens and routes": the avatar menu's links; My profile and Business are for experts only. */
export function accountMenuItems(user: Pick<HeaderUser, "roles">): AccountMenuItem[] {
  const expert = user.roles.includes("Expert");
  return [
    ...(expert ? [{ label: "My profile", to: "/profile" }] : []),
    { label: "Edit Profile & Settings", to: "/settings" },
    ...(expert ? [{ label: "Business", to: "/business" }] : []),
    { label: "Payments & subscriptions", to: "/payments" },
  ];
}

/** The name shown for a user: experts go by their username, others by first and last name. */
export function displayName(user: Pick<HeaderUser, "roles" | "userName" | "firstName" | "lastName">): string {
  return user.roles.includes("Expert") ? user.userName : `${user.firstName} ${user.lastName}`.trim() || user.userName;
}

export const ACCOUNT_TRIGGER_CLASS =
  "relative flex shrink-0 items-center rounded-full ring-2 ring-transparent hover:ring-white/30 data-[state=open]:ring-brand-500";

export function AccountAvatar({ user }: { user: HeaderUser }) {
  const initial = displayName(user).slice(0, 1).toUpperCase();
  return user.avatar ? (
    <ProxiedImage src={user.avatar} width={32} height={32} className="size-8 rounded-full bg-slate-200 object-cover" />
  ) : (
    <span
      className="flex size-8 items-center justify-center rounded-full bg-brand-500 text-sm font-bold text-ink"
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}

/** The menu (Radix DropdownMenu) is a chunk of its own, fetched on the first opening (issue 10). */
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
