import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";

// Browser APIs jsdom lacks and our components reach for: Radix positions menus and dialogs with
// ResizeObserver, sonner and the select box read matchMedia, the photo editor shows the chosen file from an object URL.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
})) as unknown as typeof window.matchMedia;
// Radix Select scrolls the chosen option into view and captures the pointer on its trigger.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
URL.createObjectURL ??= () => "blob:test-photo";
URL.revokeObjectURL ??= () => {};

// Code the app fetches on first use (menus, dialogs, the comment form, toasts) is
// imported up front: its first transform here can outlast a test's one-second wait for the menu or
// dialog it opens. In beforeAll, after the test file's own vi.mock calls, so those still apply.
beforeAll(async () => {
  await Promise.all([
    import("sonner"),
    import("~/components/ui/confirm-dialog-view"),
    import("~/components/layout/mobile-menu-dialog"),
    import("~/components/layout/account-menu-dropdown"),
    import("~/components/search/search-overlay"),
    import("~/components/notifications/notification-popover"),
    import("~/components/posts/pick-result-menu"),
    import("~/components/posts/comment-form"),
    import("~/components/cheers/cheers-dialog"),
  ]);
}, 60_000);

afterEach(() => cleanup());
