/** The author's column beside a post: what its button offers depends on who reads. */
import { createRemixStub } from "@remix-run/testing";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ExpertAside } from "~/components/layout/page-aside";

const expert = { id: "e1", userName: "LeBronPicks", firstName: "Marcus", lastName: "Hale", avatar: "/a.svg" };

function renderAside(props: { isOwn: boolean; subscribed: boolean }) {
  const Stub = createRemixStub([
    { path: "/", Component: () => <ExpertAside expert={expert} record={null} {...props} /> },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("ExpertAside", () => {
  it("asks a reader who does not subscribe to subscribe: the subscription step, returning here", async () => {
    renderAside({ isOwn: false, subscribed: false });
    const link = await screen.findByRole("link", { name: "Subscribe" });
    expect(link.getAttribute("href")).toBe("/subscribe/LeBronPicks?next=%2F");
  });

  it("tells a subscriber they subscribe, and leads to their subscription", async () => {
    renderAside({ isOwn: false, subscribed: true });
    const link = await screen.findByRole("link", { name: "Subscribed" });
    expect(link.getAttribute("href")).toBe("/experts/LeBronPicks#subscription-heading");
    expect(screen.queryByRole("link", { name: "Subscribe" })).toBeNull();
  });

  it("leads the author to their business page", async () => {
    renderAside({ isOwn: true, subscribed: false });
    expect((await screen.findByRole("link", { name: "Your business page" })).getAttribute("href")).toBe("/business");
  });
});
