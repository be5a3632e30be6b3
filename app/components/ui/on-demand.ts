/**
 * Code a page needs only after a click (a menu, a dialog, a popover, the toasts): a chunk of its
 * own, fetched on first use instead of with the page (docs/performance.md). The server
 * renders a plain trigger in its place; the trigger starts the fetch on hover or focus, so by the
 * click the chunk is usually there already, and the same module serves every later use.
 */
import { useEffect, useState } from "react";
import { renderingOnServer } from "./browser-only";

export interface OnDemand<T> {
  /** Starts the fetch (once); resolves with the module. A failed fetch may be tried again. */
  load(): Promise<T>;
  /** The module once it has arrived, else null. */
  readonly current: T | null;
  /** Calls `listener` when the module arrives; answers the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let pending: Promise<T> | null = null;
  let current: T | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= importer().then(
        (module) => {
          current = module;
          for (const listener of listeners) listener();
          return module;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    get current() {
      return current;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** The module once loaded (re-rendering when it arrives), else null. Never loads by itself. */
function useBrowserOnDemand<T>(chunk: OnDemand<T>): T | null {
  const [module, setModule] = useState<T | null>(null);
  useEffect(() => {
    // After hydration only: the server and the first client render both show the plain trigger.
    if (chunk.current) setModule(() => chunk.current);
    return chunk.subscribe(() => setModule(() => chunk.current));
  }, [chunk]);
  return module;
}

/** The server renders every on-demand part as its plain trigger: no module, and no hooks to run. */
function useServerOnDemand(): null {
  return null;
}

export const useOnDemand: <T>(chunk: OnDemand<T>) => T | null = renderingOnServer
  ? useServerOnDemand
  : useBrowserOnDemand;

/** Handlers for a plain trigger: hovering or focusing it starts the fetch ahead of the click. */
export function prefetchHandlers(chunk: OnDemand<unknown>) {
  const prefetch = () => void chunk.load().catch(() => undefined);
  return { onPointerEnter: prefetch, onFocus: prefetch };
}
