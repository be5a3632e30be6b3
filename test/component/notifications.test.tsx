/**
 * The notification screens in the browser (product.md "Screens and routes", "Entities", "States" and "Limits"): the bell's count
 * and its cap, the 'Notifications' panel (empty text, each kind's line and link, the mark-read
 * rule, cursor paging, the keyboard) and the /notifications page. Stub routes stand in for the
 * notification loaders and action (app/routes/notifications_.list.ts, notifications_.unread.ts),
 * `fetch` for the API the stream resyncs through, a stand-in `EventSource` for the stream.
 */
import { createRemixStub } from "../support/remix-stub";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Header, type HeaderUser } from "~/components/layout/header";
import { NotificationBell } from "~/components/notifications/notification-bell";
import { relativeTime } from "~/components/notifications/notification-content";
import type { NotificationDTO, NotificationPage } from "~/components/notifications/notification-types";
import Notifications from "~/routes/notifications";
import { stubIntersectionObserver } from "../support/intersection-observer";

type Call = { method: string; path: string; params: URLSearchParams; cache: RequestCache | undefined };

type Server = {
  unread: number;
  pages: Record<string, NotificationPage>;
  unreadAfterMarkRead: number;
  calls: Call[];
};
let server: Server = { unread: 0, pages: {}, unreadAfterMarkRead: 0, calls: [] };

/**
 * The server: the unread count, list pages keyed by afterCursor ("" for the first), mark-read's
 * answer; every call kept, the routes' and the stream's resync through the API alike.
 */
function stubApi({
  unread = 0,
  pages = { "": { items: [], meta: { hasNextPage: false, endCursor: null } } },
  unreadAfterMarkRead = 0,
}: {
  unread?: number;
  pages?: Record<string, NotificationPage>;
  unreadAfterMarkRead?: number;
} = {}) {
  const calls: Call[] = [];
  server = { unread, pages, unreadAfterMarkRead, calls };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const { pathname, searchParams } = new URL(url, "http://localhost");
      calls.push({ method: init.method ?? "GET", path: pathname, params: searchParams, cache: init.cache });
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
      // The stream's resync reads the badge's loader outside React, with a plain GET.
      if (pathname === "/notifications/unread") return json({ ok: true, newNotificationsCount: server.unread });
      return json({ error: "Not found", statusCode: 404 }, 404);
    }),
  );
  return calls;
}

/** The notification routes as stubs answering from `server`. */
const notificationRoutes = () => [
  {
    path: "/notifications/unread",
    loader: ({ request }: { request: Request }) => {
      server.calls.push({
        method: "GET",
        path: new URL(request.url).pathname,
        params: new URL(request.url).searchParams,
        cache: request.cache,
      });
      return { ok: true, newNotificationsCount: server.unread };
    },
    action: async ({ request }: { request: Request }) => {
      const params = new URLSearchParams((await request.formData()) as unknown as Record<string, string>);
      server.calls.push({ method: "POST", path: new URL(request.url).pathname, params, cache: undefined });
      server.unread = server.unreadAfterMarkRead;
      return { ok: true, newNotificationsCount: server.unread };
    },
  },
  {
    path: "/notifications/list",
    // As the route: pages once loaded are not loaded again after an action.
    shouldRevalidate: () => false,
    loader: ({ request }: { request: Request }) => {
      const { pathname, searchParams } = new URL(request.url);
      server.calls.push({ method: "GET", path: pathname, params: searchParams, cache: undefined });
      const page = server.pages[searchParams.get("afterCursor") ?? ""];
      return page
        ? { ok: true, items: page.items, ...page.meta }
        : { ok: false, error: "No such page", statusCode: 400 };
    },
  },
];

/** The stream's stand-in: every EventSource opened, and a way to push a message down one. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  onopen: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(notification: NotificationDTO) {
    act(() => this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(notification) })));
  }
}
const liveStreams = () => FakeEventSource.opened.filter((source) => source.readyState !== FakeEventSource.CLOSED);

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const MINUTE = 60_000;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

const fan = { id: "u-1", userName: "sam_fan", firstName: "Sam", avatar: null, roles: ["User"] };
const expert = {
  id: "u-2",
  userName: "LeBronPicks",
  firstName: "Marcus",
  avatar: "/avatars/LeBronPicks.svg",
  roles: ["Expert"],
};
const post = { id: "post-1", title: "Lakers -4.5 tonight" };

function notification(
  id: string,
  dataType: string,
  data: Partial<NotificationDTO["data"]>,
  extra: Partial<NotificationDTO> = {},
): NotificationDTO {
  return {
    id,
    dataType,
    isRead: true,
    createdOn: minutesAgo(Number(id.replace(/\D/g, "")) || 1),
    data: { postInfo: null, commentInfo: null, expertInfo: null, eventInfo: null, ...data },
    ...extra,
  };
}

const page = (items: NotificationDTO[], endCursor: string | null = null): NotificationPage => ({
  items,
  meta: { hasNextPage: endCursor !== null, endCursor },
});

function renderBell() {
  const Stub = createRemixStub([{ path: "*", Component: () => <NotificationBell /> }, ...notificationRoutes()]);
  return render(<Stub initialEntries={["/"]} />);
}

async function openPanel() {
  await userEvent.click(screen.getByRole("button", { name: /^Notifications/ }));
  return screen.findByRole("dialog", { name: "Notifications" });
}

const badge = () => screen.queryByTestId("notification-badge")?.textContent ?? null;

describe("the bell's count", () => {
  it("shows the unread count from its loader, in the button's name", async () => {
    const calls = stubApi({ unread: 3 });
    renderBell();
    await waitFor(() => expect(badge()).toBe("3"));
    expect(screen.getByRole("button", { name: "Notifications, 3 unread" })).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: "GET", path: "/notifications/unread" });
  });

  it("is hidden at 0 and capped at 99+", async () => {
    stubApi({ unread: 0 });
    const { unmount } = renderBell();
    await screen.findByRole("button", { name: "Notifications" });
    const calls = server.calls;
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(badge()).toBeNull();
    unmount();

    stubApi({ unread: 150 });
    renderBell();
    await waitFor(() => expect(badge()).toBe("99+"));
    expect(screen.getByRole("button", { name: "Notifications, 150 unread" })).toBeTruthy();
  });

  it("opens one stream for the page, only for a signed-in header, and closes it on unmount", async () => {
    stubApi();
    const Visitor = createRemixStub([
      { path: "*", Component: () => <Header appName="Sharpside" user={null} topExperts={[]} /> },
      ...notificationRoutes(),
    ]);
    const visitor = render(<Visitor initialEntries={["/"]} />);
    await screen.findByRole("link", { name: "Sign In / Sign up" });
    visitor.unmount();
    expect(FakeEventSource.opened).toHaveLength(0);

    const user: HeaderUser = { userName: "sam_fan", firstName: "Sam", lastName: "Fan", roles: ["User"], avatar: null };
    const SignedIn = createRemixStub([
      {
        path: "*",
        Component: () => (
          <>
            <Header appName="Sharpside" user={user} topExperts={[]} />
            <Notifications />
          </>
        ),
      },
      ...notificationRoutes(),
    ]);
    const { unmount } = render(<SignedIn initialEntries={["/notifications"]} />);
    await screen.findByRole("button", { name: "Notifications" });
    // The bell and the page both listen, on the same connection.
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(["/api/notifications/sse-notifications"]);
    unmount();
    expect(liveStreams()).toHaveLength(0);
  });

  it("rises with each unread notification the stream brings", async () => {
    stubApi({ unread: 1 });
    renderBell();
    await waitFor(() => expect(badge()).toBe("1"));
    FakeEventSource.opened[0].send(
      notification("n9", "PostLike", { postInfo: post, expertInfo: fan }, { isRead: false }),
    );
    expect(badge()).toBe("2");
    expect(screen.getByRole("button", { name: "Notifications, 2 unread" })).toBeTruthy();
  });

  it("reopens a stream the server refused (an expired cookie) after renewing it through the unread count's route", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({ unread: 2 });
    renderBell();
    await waitFor(() => expect(badge()).toBe("2"));
    const refused = FakeEventSource.opened[0];
    refused.readyState = FakeEventSource.CLOSED;
    act(() => refused.onerror?.());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(liveStreams()).toHaveLength(1));
    expect(FakeEventSource.opened).toHaveLength(2);
    // The bell's count and the resync both come from the route (the server renews the session
    // there); the resync is never cached.
    expect(calls.filter((call) => call.path === "/notifications/unread" && call.cache === "no-store")).toHaveLength(1);
  });
});

describe("the 'Notifications' panel", () => {
  it("says 'No notifications yet' when there are none, and links to the full page", async () => {
    const calls = stubApi();
    renderBell();
    const panel = await openPanel();
    expect(await within(panel).findByText("No notifications yet")).toBeTruthy();
    expect(within(panel).getByRole("heading", { name: "Notifications" })).toBeTruthy();
    expect(within(panel).getByRole("link", { name: "See all" }).getAttribute("href")).toBe("/notifications");
    const list = calls.find((call) => call.path.endsWith("/list"))!;
    expect(list.params.get("size")).toBe("5");
    expect(list.params.has("afterCursor")).toBe(false);
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("shows each kind with its line, its avatar and its link", async () => {
    const comment = { id: "comment-7", authorInfo: fan };
    const items = [
      notification("n1", "PostLike", { postInfo: post, expertInfo: fan }),
      notification("n2", "ExpertNewPost", { postInfo: post, expertInfo: expert }),
      notification("n3", "NewSubscription", { expertInfo: fan }),
      notification("n4", "newSubscription", { expertInfo: expert }),
      notification("n5", "NewEvent", { eventInfo: { id: "42", title: "Lakers at Celtics" } }),
    ];
    const more = [
      notification("n6", "PostLive", { postInfo: post, expertInfo: expert }),
      notification("n7", "NewComment", { postInfo: post, commentInfo: comment }),
      notification("n8", "ReplyComment", { postInfo: post, commentInfo: { id: "comment-8", authorInfo: expert } }),
    ];
    stubApi({ pages: { "": page(items, "c1"), c1: page(more) } });
    renderBell();
    const panel = await openPanel();
    const list = await within(panel).findByRole("list", { name: "Notifications" });
    await waitFor(() => expect(within(list).getAllByRole("link")).toHaveLength(8));
    const rows = within(list)
      .getAllByRole("link")
      .map((link) => [link.querySelector("span > span")?.textContent, link.getAttribute("href")]);
    expect(rows).toEqual([
      ["Sam liked your post Lakers -4.5 tonight", "/posts/post-1"],
      ["LeBronPicks posted Lakers -4.5 tonight", "/posts/post-1"],
      // A plain user who subscribed has no public page: the expert's business figures instead.
      ["Sam subscribed to you", "/business"],
      ["LeBronPicks subscribed to you", "/experts/LeBronPicks"],
      ["A new game: Lakers at Celtics", "/events/42"],
      ["Lakers -4.5 tonight is live", "/posts/post-1"],
      ["Sam commented on Lakers -4.5 tonight", "/posts/post-1?scrollTo=comment-7"],
      ["LeBronPicks replied to your comment", "/posts/post-1?scrollTo=comment-8"],
    ]);
    const first = within(list).getAllByRole("link")[0];
    expect(first.querySelector("img")?.getAttribute("src")).toContain(encodeURIComponent("/avatars/sam_fan.svg"));
    expect(within(first).getByText("1 minute ago").tagName).toBe("TIME");
  });

  it("marks everything read up to the first one's createdOn when it is unread, and clears the badge", async () => {
    const newest = notification("n1", "PostLike", { postInfo: post, expertInfo: fan }, { isRead: false });
    const calls = stubApi({
      unread: 2,
      pages: { "": page([newest, notification("n2", "NewSubscription", { expertInfo: fan }, { isRead: false })]) },
    });
    renderBell();
    await waitFor(() => expect(badge()).toBe("2"));
    const panel = await openPanel();
    await waitFor(() => expect(badge()).toBeNull());
    const markRead = calls.find((call) => call.method === "POST")!;
    expect(markRead.path).toBe("/notifications/unread");
    expect(markRead.params.get("tillDate")).toBe(newest.createdOn);
    expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy();
    // The dots stay while the panel is open, so the reader still sees what was new.
    expect(within(panel).getAllByText("Unread")).toHaveLength(2);
  });

  it("marks nothing when the first one is already read", async () => {
    const calls = stubApi({
      unread: 1,
      pages: {
        "": page([
          notification("n1", "PostLike", { postInfo: post, expertInfo: fan }),
          notification("n2", "PostLike", { postInfo: post, expertInfo: fan }, { isRead: false }),
        ]),
      },
    });
    renderBell();
    const panel = await openPanel();
    await within(panel).findAllByRole("link", { name: /liked your post/ });
    expect(within(panel).getAllByText("Unread")).toHaveLength(1);
    expect(calls.some((call) => call.method === "POST")).toBe(false);
    expect(badge()).toBe("1");
  });

  it("puts a streamed notification on top of the open list and raises the count", async () => {
    stubApi({ pages: { "": page([notification("n5", "PostLike", { postInfo: post, expertInfo: fan })]) } });
    renderBell();
    const panel = await openPanel();
    const list = await within(panel).findByRole("list", { name: "Notifications" });
    FakeEventSource.opened[0].send(
      notification(
        "n99",
        "ExpertNewPost",
        { postInfo: { id: "post-9", title: "Over 220.5" }, expertInfo: expert },
        { isRead: false, createdOn: new Date().toISOString() },
      ),
    );
    const links = within(list).getAllByRole("link");
    expect(links[0].textContent).toContain("LeBronPicks posted Over 220.5");
    expect(links[0].textContent).toContain("Unread");
    expect(links).toHaveLength(2);
    expect(badge()).toBe("1");
  });

  it("loads up to 10 at first, then the next page when the end scrolls into view", async () => {
    const scrolling = stubIntersectionObserver();
    const many = (from: number) =>
      Array.from({ length: 5 }, (_, i) =>
        notification(`n${from + i}`, "PostLike", { postInfo: post, expertInfo: fan }),
      );
    const calls = stubApi({ pages: { "": page(many(1), "c1"), c1: page(many(6), "c2"), c2: page(many(11)) } });
    renderBell();
    const panel = await openPanel();
    const list = await within(panel).findByRole("list", { name: "Notifications" });
    await waitFor(() => expect(within(list).getAllByRole("link")).toHaveLength(10));
    expect(calls.filter((call) => call.path.endsWith("/list")).map((call) => call.params.get("afterCursor"))).toEqual([
      null,
      "c1",
    ]);
    // The sentinel is watched from an effect after the render that shows the ten.
    await scrolling.scrollIntoView();
    await waitFor(() => expect(within(list).getAllByRole("link")).toHaveLength(15));
    expect(calls.filter((call) => call.path.endsWith("/list")).map((call) => call.params.get("afterCursor"))).toEqual([
      null,
      "c1",
      "c2",
    ]);
  });

  it("is 348 px wide, its list as tall as its items up to 228 px, then scrolling", async () => {
    stubApi({ pages: { "": page([notification("n1", "PostLike", { postInfo: post, expertInfo: fan })]) } });
    renderBell();
    const panel = await openPanel();
    expect(panel.className).toContain("w-[348px]");
    const list = await within(panel).findByRole("list", { name: "Notifications" });
    const scrollArea = list.parentElement!;
    expect(scrollArea.className.split(" ")).toEqual(expect.arrayContaining(["max-h-[228px]", "overflow-y-auto"]));
    // No fixed height: one notification is not a tall blank box (the browser test measures it).
    expect(scrollArea.className).not.toMatch(/(^|\s)h-\[/);
  });

  it("offers the next step when there is nothing yet, and closes on following it", async () => {
    stubApi();
    renderBell();
    const panel = await openPanel();
    expect(await within(panel).findByText("No notifications yet")).toBeTruthy();
    const discover = within(panel).getByRole("link", { name: "Discover experts" });
    expect(discover.getAttribute("href")).toBe("/discover-experts");
    await userEvent.click(discover);
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Notifications" })).toBeNull());
  });

  it("takes the focus when opened, is reached by Tab, and Escape closes it back onto the bell", async () => {
    stubApi({ pages: { "": page([notification("n1", "PostLike", { postInfo: post, expertInfo: fan })]) } });
    renderBell();
    const bell = screen.getByRole("button", { name: /^Notifications/ });
    bell.focus();
    await userEvent.keyboard("{Enter}");
    const panel = await screen.findByRole("dialog", { name: "Notifications" });
    expect(document.activeElement).toBe(panel);
    await within(panel).findByRole("link", { name: /liked your post/ });
    await userEvent.tab();
    expect(document.activeElement?.textContent).toContain("Sam liked your post");
    await userEvent.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The panel's code came on the first opening: the plain bell gave way to the
    // popover's own trigger, the same button to the user, and the focus is back on it.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Notifications/ }));
  });
});

describe("/notifications", () => {
  it("lists the notifications full width and applies the same mark-read rule", async () => {
    const newest = notification(
      "n1",
      "NewComment",
      { postInfo: post, commentInfo: { id: "comment-1", authorInfo: fan } },
      { isRead: false },
    );
    const calls = stubApi({ pages: { "": page([newest]) } });
    const Stub = createRemixStub([
      { path: "/notifications", Component: Notifications, loader: () => null },
      ...notificationRoutes(),
    ]);
    render(<Stub initialEntries={["/notifications"]} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Notifications" })).toBeTruthy();
    const link = await screen.findByRole("link", { name: /Sam commented on Lakers -4.5 tonight/ });
    expect(link.getAttribute("href")).toBe("/posts/post-1?scrollTo=comment-1");
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")?.params.get("tillDate")).toBe(newest.createdOn),
    );
  });
});

describe("relativeTime", () => {
  it("reads like a person would say it", () => {
    const now = Date.parse("2030-01-15T12:00:00Z");
    const ago = (ms: number) => new Date(now - ms).toISOString();
    expect(relativeTime(ago(10_000), now)).toBe("just now");
    expect(relativeTime(ago(5 * MINUTE), now)).toBe("5 minutes ago");
    expect(relativeTime(ago(59.7 * MINUTE), now)).toBe("1 hour ago");
    expect(relativeTime(ago(26 * 60 * MINUTE), now)).toBe("yesterday");
    expect(relativeTime(ago(15 * 24 * 60 * MINUTE), now)).toBe("2 weeks ago");
  });
});
