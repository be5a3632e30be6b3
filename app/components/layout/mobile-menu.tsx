import { useNavigation } from "@remix-run/react";
import { Menu } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { onDemand, prefetchHandlers, useOnDemand } from "~/components/ui/on-demand";
import { MOBILE_MENU_TRIGGER_CLASS } from "./header-parts";
import type { HeaderUser } from "./header";
import type { ExpertLink } from "./sidebar";
import { IconTip } from "~/components/ui/icon-tip";

/** The dialog (Radix) is a chunk of its own, fetched on the first open. */
const menuDialog = onDemand(() => import("./mobile-menu-dialog"));

/**
 * Below the large breakpoint the navigation opens as a full-screen menu from the header's
 * button, which gets the focus back when the menu closes. Until the dialog's code has come, the
 * button is a plain one that fetches it and then opens the menu.
 */
export function MobileMenu({ user, topExperts }: { user: HeaderUser | null; topExperts: ExpertLink[] }) {
  const [open, setOpen] = useState(false);
  // Swapped in on the first click only: a prefetch on focus must not replace the focused button.
  const [wanted, setWanted] = useState(false);
  const loaded = useOnDemand(menuDialog);
  // Logout posts a form instead of following a link: close the menu once that navigation starts.
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (navigating) setOpen(false);
  }, [navigating]);
  if (wanted && loaded)
    return <loaded.MobileMenuDialog user={user} topExperts={topExperts} open={open} setOpen={setOpen} />;
  return (
    <button
      type="button"
      className={MOBILE_MENU_TRIGGER_CLASS}
      aria-label="Open menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      {...prefetchHandlers(menuDialog)}
      onClick={() => {
        setWanted(true);
        void menuDialog.load().then(
          () => setOpen(true),
          () => undefined,
        );
      }}
    >
      <Menu className="size-5" aria-hidden="true" />
      <IconTip label="Open menu" />
    </button>
  );
}
