import { createRemixStub } from "@remix-run/testing";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Sidebar } from "~/components/layout/sidebar";
import type { HeaderUser } from "~/components/layout/header";

const reader: HeaderUser = {
  userName: "alex.fan",
  firstName: "Alex",
  lastName: "Turner",
  roles: ["User"],
  avatar: null,
};

async function currentItems(path: string, user: HeaderUser | null) {
  const Stub = createRemixStub([{ path: "*", Component: () => <Sidebar initialOpen user={user} topExperts={[]} /> }]);
  render(<Stub initialEntries={[path]} />);
  const nav = await screen.findByRole("navigation", { name: "Main" });
  return within(nav)
    .getAllByRole("link")
    .filter((link) => link.getAttribute("aria-current") === "page")
    .map((link) => link.textContent);
}

describe("the lists in the sidebar (product.md 'Screens and routes': the current route's item is highlighted)", () => {
  it("highlights Feed on /feed", async () => {
    expect(await currentItems("/feed", reader)).toEqual(["Feed"]);
  });

  it("highlights Likes on /posts/liked", async () => {
    expect(await currentItems("/posts/liked", reader)).toEqual(["Likes"]);
  });

  it("highlights no list on a post's own page", async () => {
    expect(await currentItems("/posts/3f0c2d4e-1a2b-4c3d-8e9f-0a1b2c3d4e5f", reader)).toEqual([]);
  });

  it("highlights Feed on a signed-in reader's home, which is their feed", async () => {
    expect(await currentItems("/", reader)).toEqual(["Feed"]);
  });

  it("highlights nothing on a visitor's home, the landing", async () => {
    expect(await currentItems("/", null)).toEqual([]);
  });
});
