import { useEffect, useRef, type RefObject } from "react";

/**
 * Infinite scrolling: calls `load` when the element of the returned ref (a sentinel after the
 * list's last item) comes within `rootMargin` of the viewport, or of `root` when a panel
 * scrolls instead of the page. Only while `enabled` (more to load, nothing loading, no failure:
 * after a failure the list's own button retries).
 */
export function useLoadOnScroll<Sentinel extends HTMLElement>(
  load: () => void,
  { enabled, rootMargin, root }: { enabled: boolean; rootMargin: string; root?: RefObject<HTMLElement> },
): RefObject<Sentinel> {
  const sentinelRef = useRef<Sentinel>(null);
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !enabled || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { root: root?.current ?? null, rootMargin },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [enabled, load, root, rootMargin]);
  return sentinelRef;
}
