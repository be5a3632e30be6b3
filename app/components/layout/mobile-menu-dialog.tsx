/** The mobile menu's dialog (Radix), fetched when the menu first opens (see mobile-menu.tsx). */
import * as Dialog from "@radix-ui/react-dialog";
import { Form } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { LogOut, Menu, X } from "~/components/ui/icons";
import { isExpert } from "~/modules/accounts/current-user";
import { FOOTER_LINKS } from "~/modules/site/site";
import type { HeaderUser } from "./header";
import { becomeExpertHref, mobileMenuTitle, MOBILE_MENU_TRIGGER_CLASS, useSignInHref } from "./header-parts";
import { SidebarNavigation, type ExpertLink } from "./sidebar";
import { ButtonLink } from "~/components/ui/button";
import { IconTip } from "~/components/ui/icon-tip";

/**
 * Below the large breakpoint the navigation opens as a full-screen menu from the header's
 * button, which gets the focus back when the menu closes.
 */
export function MobileMenuDialog({
  user,
  topExperts,
  open,
  setOpen,
}: {
  user: HeaderUser | null;
  topExperts: ExpertLink[];
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  const close = () => setOpen(false);
  const signInHref = useSignInHref();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={MOBILE_MENU_TRIGGER_CLASS} aria-label="Open menu">
        <Menu className="size-5" aria-hidden="true" />
        <IconTip label="Open menu" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-white lg:hidden"
          aria-describedby={undefined}
        >
          <div className="flex h-header shrink-0 items-center justify-between border-b border-slate-200 px-4">
            <Dialog.Title className="text-lg font-semibold">{mobileMenuTitle(user)}</Dialog.Title>
            <Dialog.Close className="relative rounded-md p-2 text-slate-600 hover:bg-slate-100" aria-label="Close menu">
              <X className="size-5" aria-hidden="true" />
              <IconTip label="Close menu" />
            </Dialog.Close>
          </div>
          <div className="flex-1 pt-3">
            <SidebarNavigation user={user} topExperts={topExperts} onNavigate={close} />
          </div>
          <div className="space-y-3 border-t border-slate-200 p-4">
            {isExpert(user) ? (
              <ButtonLink variant="outline" size="lg" block to="/profile" onClick={close}>
                Open my profile
              </ButtonLink>
            ) : (
              <ButtonLink variant="outline" size="lg" block to={becomeExpertHref(user)} onClick={close}>
                Become an expert
              </ButtonLink>
            )}
            {user ? (
              // Leaving is there when wanted, never the loudest thing on the screen.
              <Form method="post" action="/sign-out" className="flex justify-center">
                <button
                  type="submit"
                  className="inline-flex min-h-11 items-center gap-2 rounded-full px-4 text-sm font-semibold text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                >
                  <LogOut className="size-4" aria-hidden="true" />
                  Logout
                </button>
              </Form>
            ) : (
              <ButtonLink variant="ink" size="lg" block to={signInHref} onClick={close}>
                Sign In / Sign up
              </ButtonLink>
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
