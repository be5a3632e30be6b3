/**
 * Links to the app's own pages: a plain `<a>`, and one click listener on the document
 * (`useClientNavigation`, mounted once by the root) that takes a plain left click through the
 * router, as Remix's `Link` would. Remix's `Link` runs about a dozen hooks per link on every server
 * render, and a page has fifty to a hundred of them; these run none (the sidebar reads the location once
 * for all of its links: `isCurrentPath`).
 * `data-discover` is Remix's own mark: the browser's router learns the routes the page links to.
 */
import { useNavigate } from "@remix-run/react";
import { createElement, forwardRef, useEffect, type AnchorHTMLAttributes } from "react";

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** A path of this site ("/experts/x?page=2", "?page=2", "#comments"). */
  to: string;
  /** Keep the scroll position (a filter that changes the address, not the page). */
  preventScrollReset?: boolean;
}

/** Marks the links the document's listener navigates (Remix's route-discovery attribute). */
const DISCOVER = "data-discover";
const KEEP_SCROLL = "data-keep-scroll";

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  // Attributes in the order Remix's Link writes them: the caller's, the discovery mark, then href.
  // Copied in one loop: a page has fifty to a hundred links, and a rest pattern copies each one's
  // props twice (docs/performance.md).
  const attributes: Record<string, unknown> = { ref };
  for (const key in props)
    if (key !== "to" && key !== "preventScrollReset" && key !== "children")
      attributes[key] = props[key as keyof LinkProps];
  attributes[DISCOVER] = "render";
  if (props.preventScrollReset) attributes[KEEP_SCROLL] = "";
  attributes.href = props.to;
  return createElement("a", attributes, props.children);
});

/** Whether a link to `to` leads to the page shown (or one below it): its `aria-current="page"`. */
export function isCurrentPath(pathname: string, to: string): boolean {
  const path = to.replace(/[?#].*$/, "");
  return pathname === path || (path !== "/" && pathname.startsWith(`${path}/`));
}

/**
 * Takes every plain left click on one of the site's links through the router (a navigation
 * without reloading the document). Anything else, a modified click, a new tab, a download, a link
 * elsewhere, or a click a handler already took, stays the browser's.
 */
export function useClientNavigation(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = event.target instanceof Element ? event.target.closest(`a[${DISCOVER}]`) : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute("download")) return;
      if (anchor.target && anchor.target !== "_self") return;
      const url = new URL(anchor.href);
      const here = window.location;
      if (url.origin !== here.origin) return;
      // Only the fragment changes: the browser scrolls to it.
      if (url.hash && url.pathname === here.pathname && url.search === here.search) return;
      event.preventDefault();
      const to = `${url.pathname}${url.search}${url.hash}`;
      navigate(to, {
        // The page already shown is replaced, not stacked (as Remix's Link does).
        replace: to === `${here.pathname}${here.search}${here.hash}`,
        preventScrollReset: anchor.hasAttribute(KEEP_SCROLL),
      });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
