import { createRemixStub } from "@remix-run/testing";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppShell } from "~/components/layout/app-shell";
import { BackToTop } from "~/components/layout/back-to-top";
import { ErrorPage } from "~/components/layout/error-page";
import { Footer } from "~/components/layout/footer";
import { Header, type HeaderUser } from "~/components/layout/header";
import { mobileMenuTitle } from "~/components/layout/header-parts";
import { Sidebar } from "~/components/layout/sidebar";
import { UNREAD_PATH } from "~/components/notifications/notifications-api";
import type { RootLoaderData } from "~/root";

const experts = [
  { id: "1", userName: "LeBronPicks", avatar: "/avatars/LeBronPicks.svg" },
  { id: "2", userName: "GridironGuru", avatar: "/avatars/GridironGuru.svg" },
];

const rootData: RootLoaderData = {
  appName: "Sharpside",
  user: null,
  timeZone: "America/New_York",
  cookieConsent: null,
  thirdPartyScripts: [],
  buildId: "test-build",
  siteUrl: "http://localhost:3000",
  sidebarOpen: true,
  topExperts: experts,
  subscriptions: [],
  site: { supportEmail: "support@sharpside.app", helpline: "1-800-GAMBLER" },
};

/** Renders a component inside a Remix router at `path`. */
function renderAt(path: string, element: () => JSX.Element, extraRoutes: Parameters<typeof createRemixStub>[0] = []) {
  const Stub = createRemixStub([
    { path: "*", Component: element },
    ...extraRoutes,
    // A signed-in header's bell asks for its count as it mounts; without an answer the router
    // reports an error whenever the test is still running when that request fails.
    { path: UNREAD_PATH, loader: () => ({ ok: true, newNotificationsCount: 0 }) },
  ]);
  return render(<Stub initialEntries={[path]} />);
}

/** jsdom has no layout, so no matchMedia: stand in for the browser's answer. */
function screenIsLarge(large: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: large && query === "(min-width: 1024px)",
    media: query,
  })) as typeof window.matchMedia;
}

afterEach(() => {
  document.cookie = "sidebar=; Max-Age=0; Path=/";
  vi.useRealTimers();
});

describe("Header (product.md 'Screens and routes')", () => {
  it("shows a visitor 'Become an expert' and 'Sign In / Sign up' with a callbackUrl back to the page", async () => {
    renderAt("/contacts?x=1", () => <Header appName="Sharpside" user={null} topExperts={experts} />);
    expect(await screen.findByRole("link", { name: "Become an expert" })).toHaveProperty("pathname", "/become-partner");
    const signIn = screen.getByRole("link", { name: "Sign In / Sign up" }) as HTMLAnchorElement;
    expect(signIn.getAttribute("href")).toBe("/sign-in?callbackUrl=%2Fcontacts%3Fx%3D1");
    expect(screen.getByRole("link", { name: "Sharpside home" }).getAttribute("href")).toBe("/");
  });

  it("hides 'Become an expert' from experts and the sign-in link from anyone signed in", async () => {
    const expert: HeaderUser = {
      userName: "LeBronPicks",
      firstName: "M",
      lastName: "H",
      roles: ["Expert"],
      avatar: null,
    };
    renderAt("/", () => <Header appName="Sharpside" user={expert} topExperts={experts} />);
    await screen.findByRole("link", { name: "Sharpside home" });
    expect(screen.queryByRole("link", { name: "Become an expert" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Sign In / Sign up" })).toBeNull();
  });

  it("has the product's search placeholder, submits q to /search, and '/' focuses the box", async () => {
    screenIsLarge(true);
    renderAt("/", () => <Header appName="Sharpside" user={null} topExperts={experts} />);
    const input = (
      await screen.findAllByPlaceholderText("Search experts, category or posts...")
    )[0] as HTMLInputElement;
    expect(input.name).toBe("q");
    expect(input.form?.getAttribute("action")).toBe("/search");
    expect(input.form?.method).toBe("get");
    expect(document.activeElement).not.toBe(input);
    fireEvent.keyDown(window, { key: "/" });
    expect(document.activeElement).toBe(input);
  });

  it("opens the full-width search overlay with '/' on small screens", async () => {
    screenIsLarge(false);
    renderAt("/", () => <Header appName="Sharpside" user={null} topExperts={experts} />);
    await screen.findByRole("link", { name: "Sharpside home" });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.keyDown(window, { key: "/" });
    // The overlay's code is fetched on its first opening.
    const overlay = await screen.findByRole("dialog", { name: "Search" });
    expect(within(overlay).getByRole("search")).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe("header-search-mobile"));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Search" }));
  });

  it("ignores '/' typed into a field", async () => {
    renderAt("/", () => (
      <>
        <Header appName="Sharpside" user={null} topExperts={experts} />
        <textarea aria-label="notes" />
      </>
    ));
    const notes = await screen.findByLabelText("notes");
    notes.focus();
    fireEvent.keyDown(notes, { key: "/" });
    expect(document.activeElement).toBe(notes);
  });
});

describe("Sidebar", () => {
  it("lists the product's items, highlights the current route and shows Recommended experts", async () => {
    renderAt("/posts/liked", () => <Sidebar initialOpen user={null} topExperts={experts} />);
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const labels = within(nav)
      .getAllByRole("link")
      .map((l) => l.textContent);
    expect(labels).toEqual([
      "Feed",
      "Likes",
      "Watchlist",
      "Discover experts",
      "Leaderboard",
      "LeBronPicks",
      "GridironGuru",
    ]);
    expect(within(nav).getByRole("button", { name: "Subscriptions" })).toBeTruthy();
    expect(within(nav).getByRole("link", { name: "Likes" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Feed" }).getAttribute("aria-current")).toBeNull();
  });

  it("expands Subscriptions on click", async () => {
    renderAt("/", () => <Sidebar initialOpen user={null} topExperts={experts} />);
    const button = await screen.findByRole("button", { name: "Subscriptions" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText(/to see the experts you subscribe to/)).toBeTruthy();
  });

  it("collapses to 64 px and back, remembering the choice in a cookie", async () => {
    renderAt("/", () => <Sidebar initialOpen user={null} topExperts={experts} />);
    const aside = await screen.findByRole("complementary", { name: "Sidebar" });
    expect(aside.className).toContain("w-sidebar");
    await userEvent.click(screen.getByRole("button", { name: "Collapse sidebar" }));
    expect(aside.getAttribute("data-state")).toBe("closed");
    expect(aside.className).toContain("w-sidebar-collapsed");
    expect(document.cookie).toContain("sidebar=closed");
    // Labels stay for screen readers when collapsed.
    expect(screen.getByRole("link", { name: "Feed" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Expand sidebar" }));
    expect(aside.getAttribute("data-state")).toBe("open");
    expect(document.cookie).toContain("sidebar=open");
  });
});

describe("Mobile menu", () => {
  it("is titled Menu for visitors, the username for experts, first and last name for others", () => {
    expect(mobileMenuTitle(null)).toBe("Menu");
    expect(
      mobileMenuTitle({
        userName: "LeBronPicks",
        firstName: "Marcus",
        lastName: "Hale",
        roles: ["Expert"],
        avatar: null,
      }),
    ).toBe("LeBronPicks");
    expect(
      mobileMenuTitle({ userName: "alex.fan", firstName: "Alex", lastName: "Turner", roles: ["User"], avatar: null }),
    ).toBe("Alex Turner");
  });

  it("opens full-screen from the header button and closes again", async () => {
    renderAt("/", () => <AppShell data={rootData}>page</AppShell>);
    await userEvent.click(await screen.findByRole("button", { name: "Open menu" }));
    const dialog = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(dialog).getByRole("link", { name: "Feed" })).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Sign In / Sign up" })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Close menu" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open menu" }));
  });
});

describe("Footer", () => {
  it("links Privacy, Terms, Contacts, Partners, five social networks, and states the disclaimer with the helpline", async () => {
    renderAt("/", () => <Footer appName="Sharpside" helpline="1-800-GAMBLER" />);
    const footerNav = await screen.findByRole("navigation", { name: "Footer" });
    expect(
      within(footerNav)
        .getAllByRole("link")
        .map((l) => l.textContent),
    ).toEqual(["Privacy", "Terms", "Contacts", "Partners"]);
    const social = within(screen.getByRole("list", { name: "Social media" })).getAllByRole("link");
    expect(social).toHaveLength(5);
    for (const link of social) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toBe("nofollow noopener noreferrer");
    }
    const note = screen.getByRole("note", { name: "Responsible gambling" });
    expect(note.textContent).toContain("Sharpside is not a gambling site.");
    expect(within(note).getByRole("link", { name: "1-800-GAMBLER" }).getAttribute("href")).toBe(
      "tel:1-800-GAMBLER".replace(/-/g, ""),
    );
  });
});

describe("Error page (product.md 'Screens and routes')", () => {
  it.each([
    [403, "Forbidden", "You don't have permission to see this content"],
    [404, "Not found", "The link you followed may be broken, or the page may have been removed."],
    [500, "Error", "Internal Server Error"],
    [418, "Error", "Internal Server Error"],
  ])("%s shows '%s' and a way home", async (status, title, message) => {
    renderAt("/", () => <ErrorPage status={status} />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe(title);
    expect(screen.getByText(message)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
  });
});

describe("App shell", () => {
  it("starts with a skip link to the main content", async () => {
    renderAt("/", () => <AppShell data={rootData}>page body</AppShell>);
    const skip = await screen.findByRole("link", { name: "Skip to content" });
    expect(skip.getAttribute("href")).toBe("#main-content");
    expect(document.getElementById("main-content")?.textContent).toBe("page body");
    await userEvent.tab();
    expect(document.activeElement).toBe(skip);
  });

  it.each([
    ["Accept", "true"],
    ["Reject", "false"],
  ])("shows the cookie banner while consent is unset; %s posts %s and hides it", async (button, value) => {
    let posted: string | null = null;
    const Stub = createRemixStub([
      { path: "/", Component: () => <AppShell data={rootData}>x</AppShell> },
      {
        path: "/resources/cookie-consent",
        action: async ({ request }) => {
          posted = (await request.formData()).get("consent") as string;
          return { ok: true, consent: posted };
        },
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const banner = await screen.findByRole("region", { name: "Cookie consent" });
    await userEvent.click(within(banner).getByRole("button", { name: button }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "Cookie consent" })).toBeNull());
    expect(posted).toBe(value);
  });

  it("keeps the cookie banner when the choice is refused", async () => {
    const Stub = createRemixStub([
      { path: "/", Component: () => <AppShell data={rootData}>x</AppShell> },
      {
        path: "/resources/cookie-consent",
        action: () => {
          answered = true;
          return { ok: false, error: "Choose Accept or Reject.", statusCode: 422 };
        },
      },
    ]);
    let answered = false;
    render(<Stub initialEntries={["/"]} />);
    const banner = await screen.findByRole("region", { name: "Cookie consent" });
    await userEvent.click(within(banner).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(answered).toBe(true));
    // Hidden while the choice was sent; back once the refusal has come.
    expect(await screen.findByRole("region", { name: "Cookie consent" })).toBeTruthy();
  });

  it("has no cookie banner once consent is stored", async () => {
    renderAt("/", () => <AppShell data={{ ...rootData, cookieConsent: "true" }}>x</AppShell>);
    await screen.findByRole("link", { name: "Skip to content" });
    expect(screen.queryByRole("region", { name: "Cookie consent" })).toBeNull();
  });
});

describe("Back to top", () => {
  it("appears after 300 px of scrolling and takes the page back up", async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
    render(<BackToTop />);
    expect(screen.queryByRole("button", { name: "Back to top" })).toBeNull();
    act(() => {
      Object.defineProperty(window, "scrollY", { value: 300, configurable: true });
      window.dispatchEvent(new Event("scroll"));
    });
    expect(screen.queryByRole("button", { name: "Back to top" })).toBeNull();
    act(() => {
      Object.defineProperty(window, "scrollY", { value: 301, configurable: true });
      window.dispatchEvent(new Event("scroll"));
    });
    const button = screen.getByRole("button", { name: "Back to top" });
    expect(button.className).toContain("lg:flex");
    expect(button.className).toContain("hidden");
    await userEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: "smooth" });
  });
});
