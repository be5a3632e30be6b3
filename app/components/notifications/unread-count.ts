/**
 * The unread count, one per page: the bell shows it, the stream raises it, marking read (from the
 * panel or the /notifications page) replaces it with the server's figure. A tiny external store
 * because the bell and the page are far apart in the tree and app/root.tsx holds no provider for
 * it. Only the browser writes to it (effects and events), so the server always renders 0.
 */
import { useSyncExternalStore } from "react";

let count = 0;
const listeners = new Set<() => void>();

function publish(next: number) {
  count = Math.max(0, next);
  listeners.forEach((listener) => listener());
}

export const setUnreadCount = (next: number) => publish(next);
export const raiseUnreadCount = () => publish(count + 1);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUnreadCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => count,
    () => 0,
  );
}
