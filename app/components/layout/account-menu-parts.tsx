/** What the avatar button and its menu both draw: the menu's links, the avatar and the user's name (the menu is a chunk of its own). */
import { ProxiedImage } from "~/components/ui/proxied-image";
import type { HeaderUser } from "./header";

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
