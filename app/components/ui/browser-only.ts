import type { ReactNode } from "react";

const nothing = () => null;

/** Whether this code runs in the server's render (no document), where nothing acts after hydration. */
export const renderingOnServer = typeof document === "undefined";

/** What a server stand-in's submit or load does: nothing may start while the server renders. */
export function notWhileServerRendering(): never {
  throw new Error("nothing submits or loads while the server renders");
}

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
  return renderingOnServer ? firstView : part;
}
