import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A row wider than the screen that scrolls sideways, with a fading edge (and an arrow) on each side
 * that has more to show, so a phone reader can tell it scrolls. The edges are measured in the
 * browser; the server renders none, and a row that fits never shows one.
 */
export function SideScroller({
  children,
  className,
  scrollerClassName,
  fadeFrom = "from-white",
  revealCurrent = false,
  hintBefore = true,
}: {
  children: ReactNode;
  /** Classes of the outer box (margins, border). */
  className?: string;
  /** Classes of the scrolling box itself (padding, so focus rings are not clipped). */
  scrollerClassName?: string;
  /** The background the edges fade into, as a Tailwind `from-*` class. */
  fadeFrom?: string;
  /** Scroll the last `aria-current="page"` link inside into view when it changes (a chosen filter). */
  revealCurrent?: boolean;
  /**
   * Whether the start edge fades: false for a table whose first columns stay in place (sticky),
   * which the fade would cover, and which show by themselves that the rest has scrolled.
   */
  hintBefore?: boolean;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const revealed = useRef<Element | null>(null);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      // A pixel of slack: zoomed pages report fractional scroll positions.
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setMore((current) => (current.before === before && current.after === after ? current : { before, after }));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    // Content can change width without the window changing (a new board, fonts loading).
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
      observer?.disconnect();
    };
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!revealCurrent || !element) return;
    const currents = element.querySelectorAll('[aria-current="page"]');
    const target = currents[currents.length - 1];
    if (!target || target === revealed.current) return;
    revealed.current = target;
    // Only this row moves (scrollIntoView would scroll the page too), and only when the choice is out of view.
    const box = element.getBoundingClientRect();
    const { left, right } = target.getBoundingClientRect();
    if (right > box.right) element.scrollLeft += right - box.right + box.width / 4;
    else if (left < box.left) element.scrollLeft -= box.left - left + box.width / 4;
  });

  // The arrow sits on the solid part of the fade, legible over whatever scrolls beneath.
  const edge =
    "pointer-events-none absolute inset-y-0 flex w-12 items-center from-40% to-transparent text-slate-500 transition-opacity";
  return (
    <div className={clsx("relative", className)}>
      {/* Scroll padding a little wider than a fade: a chip reached with Tab comes to rest clear of it. */}
      <div ref={scroller} className={clsx("scroll-px-14 overflow-x-auto", scrollerClassName)}>
        {children}
      </div>
      {hintBefore ? (
        <div
          aria-hidden="true"
          data-scroll-hint="before"
          className={clsx(
            edge,
            "left-0 justify-start bg-gradient-to-r",
            fadeFrom,
            more.before ? "opacity-100" : "opacity-0",
          )}
        >
          <ChevronLeft className="size-4" />
        </div>
      ) : null}
      <div
        aria-hidden="true"
        data-scroll-hint="after"
        className={clsx(
          edge,
          "right-0 justify-end bg-gradient-to-l",
          fadeFrom,
          more.after ? "opacity-100" : "opacity-0",
        )}
      >
        <ChevronRight className="size-4" />
      </div>
    </div>
  );
}
