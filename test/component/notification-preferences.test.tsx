import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NOTIFICATION_KIND_LABELS, NotificationPreferencesForm } from "~/components/notifications/preferences-form";

function renderForm(isExpert: boolean, mutedKinds: string[] = []) {
  const Stub = createRemixStub([
    {
      path: "/settings",
      Component: () => (
        <NotificationPreferencesForm
          preferences={{ mutedKinds, newPickEmails: true, followedCategoryIds: [] }}
          sports={[{ id: 2, name: "NBA" }]}
          isExpert={isExpert}
        />
      ),
    },
  ]);
  return render(<Stub initialEntries={["/settings"]} />);
}

describe("NotificationPreferencesForm", () => {
  it("asks an expert about every kind", () => {
    renderForm(true);
    for (const label of Object.values(NOTIFICATION_KIND_LABELS)) expect(screen.getByLabelText(label)).toBeTruthy();
  });

  it("does not ask a reader about an expert's kinds, and sends their choice back unchanged", () => {
    const { container } = renderForm(false, ["Cheer"]);
    for (const kind of ["PostLike", "NewComment", "NewSubscription", "Cheer"] as const)
      expect(screen.queryByLabelText(NOTIFICATION_KIND_LABELS[kind])).toBeNull();
    expect(screen.getByLabelText(NOTIFICATION_KIND_LABELS.ReplyComment)).toBeTruthy();
    const kept = [...container.querySelectorAll<HTMLInputElement>('input[type="hidden"][name="receive"]')].map(
      (input) => input.value,
    );
    // On stays on (sent back); off (muted) stays off (not sent).
    expect(kept.sort()).toEqual(["NewComment", "NewSubscription", "PostLike"]);
  });
});
