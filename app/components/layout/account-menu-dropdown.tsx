/** The avatar menu's Radix dropdown, fetched on the first opening (see account-menu.tsx). */
import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Form } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { LogOut } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { accountMenuItems, AccountAvatar, ACCOUNT_TRIGGER_CLASS, displayName } from "./account-menu-parts";
import type { HeaderUser } from "./header";
import { IconTip } from "~/components/ui/icon-tip";

const itemClass =
  "flex w-full cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900";

/**
 * The avatar button in the header and its menu; Log Out is a real POST form to /sign-out. Mounted
 * by the plain button's first press, it opens at once; opened from the keyboard, the first item
 * takes the focus as Radix does when its own trigger is pressed.
 */
export function AccountMenuDropdown({ user, openedByKeyboard }: { user: HeaderUser; openedByKeyboard: boolean }) {
  const name = displayName(user);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // Radix learns "keyboard or pointer" from the document's events, heard only since it mounted:
    // tell it what opened the menu, then open.
    if (openedByKeyboard) document.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }));
    setOpen(true);
    // Once, on mounting.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger className={ACCOUNT_TRIGGER_CLASS} aria-label="Account menu">
        <AccountAvatar user={user} />
        <IconTip label="Account menu" />
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
