import { useLocation, useMatches, useSubmit } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { Plus } from "~/components/ui/icons";
import type { MouseEvent } from "react";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { HeaderSearch } from "~/components/search/header-search";
import { AccountMenu } from "./account-menu";
import { Logo } from "./logo";
import { becomeExpertHref, useSignInHref } from "./header-parts";
import { MobileMenu } from "./mobile-menu";
import type { ExpertLink } from "./sidebar";
import { ButtonLink } from "~/components/ui/button";

export interface HeaderUser {
  userName: string;
  firstName: string;
  lastName: string;
  roles: string[];
  avatar: string | null;
}

export { SEARCH_PLACEHOLDER } from "~/components/search/search-combobox";

/** A slim header button keeps its look; its tap area reaches a finger's 44 px above and below. */
const TAP_AREA = "relative after:absolute after:inset-x-0 after:-inset-y-2 after:content-['']";

/** Route modules set `handle.signOutOnLogoClick` (the verification pages, product.md "Screens and routes"). */
export interface SignOutOnLogoHandle {
  signOutOnLogoClick?: boolean;
}

function useLogoSignsOut(): boolean {
  return useMatches().some((match) => (match.handle as SignOutOnLogoHandle | undefined)?.signOutOnLogoClick === true);
}

/** The current page with the create-post dialog's query parameter (product.md "Screens and routes"). */
function useNewPostHref(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("createEditPost", "NEW");
  return `${location.pathname}?${params}`;
}

export function Header({
  appName,
  user,
  topExperts,
}: {
  appName: string;
  user: HeaderUser | null;
  topExperts: ExpertLink[];
}) {
  const signInHref = useSignInHref();
  const newPostHref = useNewPostHref();
  const logoSignsOut = useLogoSignsOut();
  const submit = useSubmit();
  const isExpert = user?.roles.includes("Expert") ?? false;

  function signOutAndGoHome(event: MouseEvent<HTMLAnchorElement>) {
    // The verification pages belong to a half-finished sign-up: leaving by the logo ends it.
    event.preventDefault();
    submit(null, { method: "post", action: "/sign-out" });
  }

  return (
    <header className="sticky top-0 z-40 h-header bg-ink text-white shadow-sm">
      <div className="flex h-full items-center gap-1.5 px-3 sm:gap-3 sm:px-4 lg:px-6">
        <MobileMenu user={user} topExperts={topExperts} />
        <Logo appName={appName} onClick={logoSignsOut ? signOutAndGoHome : undefined} />
        <HeaderSearch />
        <nav aria-label="Account" className="ml-auto flex items-center gap-2">
          {isExpert ? (
            <ButtonLink
              variant="primaryPale"
              size="custom"
              className={`whitespace-nowrap p-2 text-sm sm:px-4 sm:py-1.5 ${TAP_AREA}`}
              to={newPostHref}
              preventScrollReset
            >
              <Plus className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">New Post/Pick</span>
            </ButtonLink>
          ) : (
            <Link
              to={becomeExpertHref(user)}
              className="hidden whitespace-nowrap rounded-full border border-brand-500 px-4 py-1.5 text-sm font-semibold text-brand-100 hover:bg-brand-500/15 sm:inline-block"
            >
              Become an expert
            </Link>
          )}
          {user ? (
            <>
              <NotificationBell />
              <AccountMenu user={user} />
            </>
          ) : (
            <ButtonLink
              variant="primaryPale"
              size="custom"
              className={`whitespace-nowrap px-2.5 py-1.5 text-xs sm:px-4 sm:text-sm ${TAP_AREA}`}
              to={signInHref}
            >
              Sign In / Sign up
            </ButtonLink>
          )}
        </nav>
      </div>
    </header>
  );
}
