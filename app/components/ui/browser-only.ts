import type { ReactNode } from "react";

const nothing = () => null;

/**
 * A part that acts only in the browser, after hydration (a listener, a timer, a lazy dialog): on
 * the server it is its first view, which the browser's first render also writes (by default
 * nothing), without running the part's hooks. The part must not call `useId`: the ids React gives
 * would then differ between the server and the browser.
 */
export function browserOnly<P extends object>(
  part: (props: P) => ReactNode,
  firstView: (props: P) => ReactNode = nothing,
): (props: P) => ReactNode {
  return typeof document === "undefined" ? firstView : part;
}
