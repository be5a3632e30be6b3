import { useSyncExternalStore } from "react";

const noChanges = () => () => undefined;

/**
 * False in the server's HTML and while the browser hydrates it, true from the render after: for
 * controls that only work with the page's JavaScript, which the server need not render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
