import { act, waitFor } from "@testing-library/react";
import { vi } from "vitest";

/**
 * jsdom has no IntersectionObserver: this one records who watches, and `scrollIntoView()` tells
 * the latest watcher its element came into view (once a component's effect has started watching).
 * Undo with `vi.unstubAllGlobals()`.
 */
export function stubIntersectionObserver() {
  const observed: IntersectionObserverCallback[] = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback: IntersectionObserverCallback) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    async scrollIntoView() {
      await waitFor(() => {
        if (observed.length === 0) throw new Error("nothing watches for scrolling yet");
      });
      act(() => observed.at(-1)!([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    },
  };
}
