/**
 * The frame of a page rendered once for an audience (decision 047): the root's data is a
 * stand-in's, and the reader's own part comes from the page's JSON element, or, when that cannot
 * be read, from the root's loader asked again.
 */
import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { PERSONAL_DATA_ID } from "~/modules/http/shared-render";
import App, { type RootLoaderData } from "~/root";
import { sharedRootData, standIn } from "../support/shared-root-data";

const sharedData = sharedRootData();

const reader = {
  user: {
    ...standIn,
    id: "u1",
    email: "alex@example.com",
    userName: "alex.fan",
    firstName: "Alex",
    lastName: "Turner",
  },
  subscriptions: [{ expertId: "e2", userName: "LeBronPicks", avatar: "/avatars/LeBronPicks.svg", newPosts: 2 }],
  topExperts: [{ id: "e3", userName: "IceColdLocks", avatar: "/avatars/IceColdLocks.svg" }],
};

function renderShared(loader: () => RootLoaderData) {
  window.matchMedia = ((query: string) => ({ matches: query === "(min-width: 1024px)", media: query })) as never;
  const Stub = createRemixStub([
    { id: "root", path: "/", loader, Component: App, children: [{ index: true, Component: () => <p>page</p> }] },
    { path: "/notifications/unread", loader: () => ({ ok: true, newNotificationsCount: 0 }) },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

const subscribed = () => within(screen.getByRole("list", { name: "Subscribed experts" })).getAllByRole("link");

afterEach(() => document.getElementById(PERSONAL_DATA_ID)?.remove());

describe("a shared page's frame", () => {
  it("asks the root's loader again when the reader's part cannot be read", async () => {
    let calls = 0;
    renderShared(() => {
      calls += 1;
      return calls === 1 ? sharedData : { ...sharedData, ...reader, sharedRender: false };
    });
    expect(await screen.findByText("LeBronPicks")).toBeTruthy();
    expect(calls).toBe(2);
  });

  it("shows the reader's own account, subscriptions and recommendations from the page's element", async () => {
    const element = document.createElement("script");
    element.type = "application/json";
    element.id = PERSONAL_DATA_ID;
    element.textContent = JSON.stringify({ frame: reader, page: null });
    document.body.append(element);
    let calls = 0;
    renderShared(() => {
      calls += 1;
      return sharedData;
    });
    await screen.findByRole("list", { name: "Subscribed experts" });
    expect(subscribed().map((link) => link.textContent)).toEqual(["LeBronPicks2 new posts"]);
    expect(screen.getByRole("link", { name: "IceColdLocks" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "SundaySteam" })).toBeNull();
    expect(screen.queryByText("Loading your subscriptions…")).toBeNull();
    expect(screen.getByRole("button", { name: "Account menu" }).textContent).toBe("A");
    expect(calls).toBe(1);
  });
});
