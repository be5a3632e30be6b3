import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Browser APIs jsdom lacks and our components reach for: Radix positions menus and dialogs with
// ResizeObserver, sonner reads matchMedia, the photo editor shows the chosen file from an object URL.
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
URL.createObjectURL ??= () => "blob:test-photo";
URL.revokeObjectURL ??= () => {};

afterEach(() => cleanup());
