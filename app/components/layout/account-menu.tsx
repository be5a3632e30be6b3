import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Form, Link } from "@remix-run/react";
import { LogOut } from "lucide-react";
import { ProxiedImage } from "~/components/ui/proxied-image";
import type { HeaderUser } from "./header";

export interface AccountMenuItem {
  label: string;
  to: string;
}

/** SPEC.md section 2: the avatar menu's links; My profile and Business are for experts only. */
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

const itemClass =
  "flex w-full cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

/** The avatar button in the header and its menu; Log Out is a real POST form to /sign-out. */
export function AccountMenu({ user }: { user: HeaderUser }) {
  const name = displayName(user);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="flex shrink-0 items-center rounded-full ring-2 ring-transparent hover:ring-white/30 data-[state=open]:ring-brand-500"
        aria-label="Account menu"
      >
        {user.avatar ? (
          <ProxiedImage src={user.avatar} width={32} height={32} className="size-8 rounded-full bg-slate-200 object-cover" />
        ) : (
          <span className="flex size-8 items-center justify-center rounded-full bg-brand-500 text-sm font-bold text-ink" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-60 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-900 shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 pb-2 pt-1.5 text-sm font-semibold">{name}</DropdownMenu.Label>
          <DropdownMenu.Separator className="mx-1 mb-1 h-px bg-slate-200" />
          {accountMenuItems(user).map((item) => (
            <DropdownMenu.Item key={item.to} asChild className={itemClass}>
              <Link to={item.to}>{item.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="mx-1 my-1 h-px bg-slate-200" />
          <Form method="post" action="/sign-out">
            {/* Kept open on select: closing would unmount the form before the click submits it. */}
            <DropdownMenu.Item asChild className={itemClass} onSelect={(event) => event.preventDefault()}>
              <button type="submit">
                <LogOut className="size-4" aria-hidden="true" />
                Log Out
              </button>
            </DropdownMenu.Item>
          </Form>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
