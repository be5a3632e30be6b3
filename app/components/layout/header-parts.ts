/**
 * What the header's plain buttons and the dialogs they fetch on first use (the mobile menu) share:
 * the sign-in and become-an-expert links, the menu's title and its trigger's look.
 */
import { useLocation } from "@remix-run/react";
import { signInHref } from "~/modules/accounts/sign-in-link";
import { displayName } from "./account-menu-parts";
import type { HeaderUser } from "./header";

/** Sign-in link that brings the visitor back to where they were (product.md "Screens and routes"). */
export function useSignInHref(): string {
  const location = useLocation();
  return signInHref(location.pathname, location.search);
}

/**
 * Where "Become an expert" leads: a visitor first reads the partner page; a signed-in user goes
 * straight to the membership flow.
 */
export function becomeExpertHref(user: HeaderUser | null): string {
  return user ? "/become-expert" : "/become-partner";
}

/** The mobile menu's title: the user's name, or 'Menu' when signed out. */
export function mobileMenuTitle(user: HeaderUser | null): string {
  return user ? displayName(user) : "Menu";
}

export const MOBILE_MENU_TRIGGER_CLASS = "relative -ml-1 rounded-md p-2 text-slate-200 hover:bg-white/10 lg:hidden";
