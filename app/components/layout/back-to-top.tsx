import { ArrowUp } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { IconTip } from "~/components/ui/icon-tip";
import { browserOnly } from "~/components/ui/browser-only";

export const BACK_TO_TOP_OFFSET = 300;

/** On large screens, after 300 px of scrolling, a button back to the top of the page. */
export const BackToTop = browserOnly(function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_OFFSET);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        window.scrollTo({ top: 0, behavior: "smooth" });
        document.getElementById("main-content")?.focus({ preventScroll: true });
      }}
      aria-label="Back to top"
      className="fixed bottom-6 right-6 z-30 hidden size-11 items-center justify-center rounded-full bg-ink text-white shadow-lg hover:bg-slate-800 lg:flex"
    >
      <ArrowUp className="size-5" aria-hidden="true" />
      <IconTip label="Back to top" />
    </button>
  );
});
