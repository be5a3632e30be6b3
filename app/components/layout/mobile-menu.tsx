import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useNavigation } from "@remix-run/react";
import { LogOut, Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { isExpert } from "~/modules/accounts/current-user";
import { FOOTER_LINKS } from "~/modules/site/site";
import { displayName } from "./account-menu";
import { becomeExpertHref, useSignInHref, type HeaderUser } from "./header";
import { SidebarNavigation, type ExpertLink } from "./sidebar";

/** SPEC.md section 2: the mobile menu's title is the user's name, or 'Menu' when signed out. */
export function mobileMenuTitle(user: HeaderUser | null): string {
  return user ? displayName(user) : "Menu";
}

/**
 * Below the large breakpoint the navigation opens as a full-screen menu from the header's
 * button, which gets the focus back when the menu closes.
 */
export function MobileMenu({ user, topExperts }: { user: HeaderUser | null; topExperts: ExpertLink[] }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const signInHref = useSignInHref();
  // Logout posts a form instead of following a link: close the menu once that navigation starts.
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) setOpen(false);
  }, [navigating]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="-ml-1 rounded-md p-2 text-slate-200 hover:bg-white/10 lg:hidden" aria-label="Open menu">
        <Menu className="size-5" aria-hidden="true" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white lg:hidden" aria-describedby={undefined}>
          <div className="flex h-header shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title className="text-lg font-semibold">{mobileMenuTitle(user)}</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 text-slate-600 hover:bg-slate-100" aria-label="Close menu">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="flex-1 pt-3">
            <SidebarNavigation user={user} topExperts={topExperts} onNavigate={close} />
          </div>
          <div className="space-y-3 border-t border-slate-200 p-4">
            {isExpert(user) ? (
              <Link to="/profile" onClick={close} className="block rounded-full border border-brand-600 px-4 py-2 text-center text-sm font-semibold text-brand-700">
                Open my profile
              </Link>
            ) : (
              <Link to={becomeExpertHref(user)} onClick={close} className="block rounded-full border border-brand-600 px-4 py-2 text-center text-sm font-semibold text-brand-700">
                Become an expert
              </Link>
            )}
            {user ? (
              <Form method="post" action="/sign-out">
                <button type="submit" className="flex w-full items-center justify-center gap-2 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white">
                  <LogOut className="size-4" aria-hidden="true" />
                  Logout
                </button>
              </Form>
            ) : (
              <Link to={signInHref} onClick={close} className="block rounded-full bg-ink px-4 py-2 text-center text-sm font-semibold text-white">
                Sign In / Sign up
              </Link>
            )}
            <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-2 text-sm text-slate-600">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} onClick={close} className="hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
