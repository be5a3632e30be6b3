import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PUSH_TEXTS, PushSwitch } from "~/components/notifications/push-switch";

/**
 * The push switch where it cannot work: a browser without the Push API (this test's DOM has
 * none), and a server without VAPID keys. It says why, and cannot be turned on. The journey that
 * turns push on and off in Chromium is test/e2e/push.spec.ts.
 */
describe("PushSwitch", () => {
  it("in a browser without push, says so and stays off", async () => {
    render(<PushSwitch publicKey={"B".repeat(87)} endpoints={[]} />);
    const toggle = screen.getByRole("switch", { name: PUSH_TEXTS.label });
    expect(await screen.findByText(PUSH_TEXTS.unsupported)).toBeTruthy();
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(toggle.hasAttribute("disabled")).toBe(true);
    expect(toggle.getAttribute("aria-describedby")).toBe(screen.getByText(PUSH_TEXTS.unsupported).id);
  });

  it("on a server without push set up, says so and stays off", () => {
    render(<PushSwitch publicKey={null} endpoints={[]} />);
    expect(screen.getByText(PUSH_TEXTS.off)).toBeTruthy();
    expect(screen.getByRole("switch", { name: PUSH_TEXTS.label }).hasAttribute("disabled")).toBe(true);
  });
});
