import { useLocation } from "@remix-run/react";
import { Search } from "~/components/ui/icons";
import { useCallback, useEffect, useRef, useState } from "react";
import { onDemand, prefetchHandlers, useOnDemand } from "~/components/ui/on-demand";
import { IconTip } from "~/components/ui/icon-tip";
import { SEARCH_TRIGGER_CLASS, SearchCombobox } from "./search-combobox";

const LARGE_SCREEN = "(min-width: 1024px)";

/** The small screens' overlay (a Radix dialog) is fetched on its first opening. */
const searchOverlay = onDemand(() => import("./search-overlay"));

/** True when the key press came from a field the user is typing in. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * The header search box (product.md "Screens and routes"). From the large breakpoint up it sits in the header
 * with its suggestions in a popover below; under it the header shows a button that opens the box
 * as a full-width overlay. The slash key focuses the box (or opens the overlay) unless the user is
 * typing somewhere else. Either way it is a GET form to /search?q=, so it works before hydration.
 */
export function HeaderSearch() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [overlayOpen, setOverlayOpen] = useState(false);
  // The overlay's code replaces the plain button on the first opening, not on a prefetch.
  const [wanted, setWanted] = useState(false);
  const overlay = useOnDemand(searchOverlay);
  const location = useLocation();

  const openOverlay = useCallback(() => {
    setWanted(true);
    void searchOverlay.load().then(
      () => setOverlayOpen(true),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== "/" || event.metaKey || event.ctrlKey || event.altKey || isTyping(event.target)) return;
      event.preventDefault();
      if (window.matchMedia(LARGE_SCREEN).matches) inputRef.current?.focus();
      else openOverlay();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [openOverlay]);

  // A chosen suggestion (or a submitted query) is a navigation: the overlay has done its job.
  useEffect(() => setOverlayOpen(false), [location.key]);

  return (
    <>
      <SearchCombobox variant="popover" inputId="header-search" inputRef={inputRef} />
      {wanted && overlay ? (
        <overlay.SearchOverlay open={overlayOpen} setOpen={setOverlayOpen} />
      ) : (
        <button
          type="button"
          className={SEARCH_TRIGGER_CLASS}
          aria-label="Search"
          aria-haspopup="dialog"
          aria-expanded={false}
          {...prefetchHandlers(searchOverlay)}
          onClick={openOverlay}
        >
          <Search className="size-5" aria-hidden="true" />
          <IconTip label="Search" />
        </button>
      )}
    </>
  );
}
