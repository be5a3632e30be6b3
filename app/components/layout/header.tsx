import { Form, Link, useLocation, useMatches, useSubmit } from "@remix-run/react";
import { Plus, Search, X } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { AccountMenu } from "./account-menu";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import type { ExpertLink } from "./sidebar";

export interface HeaderUser {
  userName: string;
  firstName: string;
  lastName: string;
  roles: string[];
  avatar: string | null;
}

export const SEARCH_PLACEHOLDER = "Search experts, category or posts...";

/** Sign-in link that brings the visitor back to where they were (SPEC.md section 2). */
export function useSignInHref(): string {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return here === "/" || location.pathname === "/sign-in" ? "/sign-in" : `/sign-in?callbackUrl=${encodeURIComponent(here)}`;
}

/** True when the key press came from a field the user is typing in. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * Where "Become an expert" leads: a visitor first reads the partner page; a signed-in user goes
 * straight to the membership flow.
 */
export function becomeExpertHref(user: HeaderUser | null): string {
  return user ? "/become-expert" : "/become-partner";
}

/** Route modules set `handle.signOutOnLogoClick` (the verification pages, SPEC.md section 2). */
export interface SignOutOnLogoHandle {
  signOutOnLogoClick?: boolean;
}

function useLogoSignsOut(): boolean {
  return useMatches().some((match) => (match.handle as SignOutOnLogoHandle | undefined)?.signOutOnLogoClick === true);
}

/** The current page with the create-post dialog's query parameter (SPEC.md section 2). */
function useNewPostHref(): string {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("createEditPost", "NEW");
  return `${location.pathname}?${params}`;
}

export function Header({ appName, user, topExperts }: { appName: string; user: HeaderUser | null; topExperts: ExpertLink[] }) {
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
            <Link
              to={newPostHref}
              preventScrollReset
              className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-brand-500 p-2 text-sm font-semibold text-ink hover:bg-brand-100 sm:px-4 sm:py-1.5"
            >
              <Plus className="size-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">New Post/Pick</span>
            </Link>
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
            <Link to={signInHref} className="whitespace-nowrap rounded-full bg-brand-500 px-2.5 py-1.5 text-xs font-semibold text-ink hover:bg-brand-100 sm:px-4 sm:text-sm">
              Sign In / Sign up
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}

/**
 * The header search box: a plain GET form to /search?q=. The slash key focuses it; below the
 * large breakpoint it opens as a full-width overlay.
 */
function HeaderSearch() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const location = useLocation();
  const currentQuery = location.pathname === "/search" ? (new URLSearchParams(location.search).get("q") ?? "") : "";

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      if (window.matchMedia("(min-width: 1024px)").matches) inputRef.current?.focus();
      else setOverlayOpen(true);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  useEffect(() => setOverlayOpen(false), [location.key]);

  return (
    <>
      <Form method="get" action="/search" role="search" className="ml-4 hidden w-full max-w-md lg:block">
        <label htmlFor="header-search" className="sr-only">
          Search
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden="true" />
          <input
            ref={inputRef}
            id="header-search"
            name="q"
            type="search"
            defaultValue={currentQuery}
            key={currentQuery}
            placeholder={SEARCH_PLACEHOLDER}
            autoComplete="off"
            className="h-9 w-full rounded-full border border-white/10 bg-white/10 pl-9 pr-10 text-sm text-white placeholder:text-slate-400 focus:bg-white/15"
          />
          <kbd className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 rounded border border-white/20 px-1.5 text-xs text-slate-400">
            /
          </kbd>
        </div>
      </Form>
      <button
        type="button"
        className="ml-auto rounded-md p-2 text-slate-200 hover:bg-white/10 lg:hidden"
        aria-label="Search"
        aria-expanded={overlayOpen}
        onClick={() => setOverlayOpen(true)}
      >
        <Search className="size-5" aria-hidden="true" />
      </button>
      {overlayOpen ? (
        <div className="fixed inset-x-0 top-0 z-50 flex h-header items-center gap-2 bg-ink px-3 lg:hidden">
          <Form method="get" action="/search" role="search" className="flex-1">
            <label htmlFor="header-search-mobile" className="sr-only">
              Search
            </label>
            <input
              id="header-search-mobile"
              name="q"
              type="search"
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the overlay exists only to type a query
              autoFocus
              defaultValue={currentQuery}
              placeholder={SEARCH_PLACEHOLDER}
              autoComplete="off"
              onKeyDown={(event) => event.key === "Escape" && setOverlayOpen(false)}
              className="h-10 w-full rounded-full border border-white/10 bg-white/10 px-4 text-sm text-white placeholder:text-slate-400"
            />
          </Form>
          <button type="button" onClick={() => setOverlayOpen(false)} className="rounded-md p-2 text-slate-200 hover:bg-white/10" aria-label="Close search">
            <X className="size-5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </>
  );
}
