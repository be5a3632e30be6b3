import { createRemixStub } from "../support/remix-stub";
import { Outlet } from "@remix-run/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { InfinitePostList } from "~/components/posts/infinite-post-list";
import { formatOdds, PostCard } from "~/components/posts/post-card";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import type { PostDTO } from "~/modules/posts/post-serializer.server";

afterEach(() => vi.unstubAllGlobals());

const AUTHOR = {
  id: "author-1",
  userName: "LeBronPicks",
  firstName: "Marcus",
  lastName: "Hale",
  avatar: "/avatars/LeBronPicks.svg",
};
const BODY_TEXT = "THE-FULL-ANALYSIS-NEVER-ON-A-CARD";

function makePost(overrides: Partial<PostDTO> = {}): PostDTO {
  return {
    id: "post-1",
    postType: "Pick",
    title: "Lakers cover tonight",
    body: [{ type: "paragraph", children: [{ text: BODY_TEXT }] }],
    isLocked: false,
    preview: [{ type: "paragraph", children: [{ text: "Rest days favour the home side." }] }],
    previewText: "Rest days favour the home side.",
    visibility: "Subscribers",
    status: "Published",
    publishDate: "2026-11-20T18:00:00.000Z",
    categoryId: 2,
    categoryInfo: { id: 2, name: "NBA" },
    eventId: 7,
    eventInfo: {
      id: 7,
      categoryId: 2,
      categoryInfo: { id: 2, name: "NBA" },
      homeTeam: "Lakers",
      awayTeam: "Celtics",
      title: "Celtics at Lakers",
      startsAt: "2026-11-21T03:30:00.000Z",
      status: "Scheduled",
      homeScore: null,
      awayScore: null,
    },
    modalityIds: [],
    modality: [],
    coverImage: "uploads/cover.png",
    pickResult: null,
    gradedAt: null,
    selection: "Lakers -4.5",
    odds: 150,
    units: 1.5,
    market: "Spread",
    legs: [{ eventId: 7, market: "Spread", side: "Home", line: -4.5, odds: 150, description: null }],
    postedAt: "2026-11-20T18:00:00.000Z",
    postedMinutesBeforeStart: 570,
    withdrawnAt: null,
    selfGraded: false,
    settledOdds: null,
    clv: null,
    resultCorrection: null,
    commitment: "c".repeat(64),
    committedText: null,
    author: AUTHOR,
    likesCount: 3,
    commentsCount: 2,
    createdAt: "2026-11-20T17:00:00.000Z",
    metadata: { isNotifyRequested: false, isLiked: false },
    ...overrides,
  };
}

type Viewer = {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  roles: string[];
  avatar: string | null;
} | null;

/** Cards inside the app's root route (the viewer comes from its data) and the confirmation dialog. */
type ListLoader = (args: { request: Request }) => object | null;

function renderCards(
  element: () => JSX.Element,
  viewer: Viewer,
  postAction?: () => Promise<unknown>,
  listLoader: ListLoader = () => null,
) {
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ user: viewer }),
      Component: () => (
        <ConfirmDialogProvider>
          <Outlet />
        </ConfirmDialogProvider>
      ),
      children: [
        { index: true, Component: element },
        { path: "posts/:postId/pick-result", action: postAction ?? (async () => null) },
        { path: "lists/:list", loader: listLoader },
      ],
    },
  ]);
  return render(<Stub initialEntries={["/"]} />);
}

const fan: Viewer = {
  id: "fan-1",
  userName: "alex.fan",
  firstName: "Alex",
  lastName: "Turner",
  roles: ["User"],
  avatar: null,
};
const author: Viewer = { ...AUTHOR, roles: ["Expert"] };

describe("PostCard", () => {
  it("shows the author, type, category, event, title, preview and cover; never the body", async () => {
    renderCards(() => <PostCard post={makePost()} />, fan);
    const card = await screen.findByRole("article", { name: "Lakers cover tonight" });
    expect(within(card).getByRole("link", { name: "LeBronPicks" }).getAttribute("href")).toBe("/experts/LeBronPicks");
    expect(within(card).getByRole("link", { name: "Lakers cover tonight" }).getAttribute("href")).toBe("/posts/post-1");
    expect(within(card).getByText("Pick")).toBeTruthy();
    expect(within(card).getByText("NBA")).toBeTruthy();
    expect(within(card).getByText("Celtics at Lakers")).toBeTruthy();
    // 03:30 UTC is 10:30 PM the evening before on the East Coast, where the game is listed.
    expect(within(card).getByText("Fri, Nov 20, 10:30 PM EST")).toBeTruthy();
    expect(within(card).getByText("Rest days favour the home side.")).toBeTruthy();
    expect(card.textContent).not.toContain(BODY_TEXT);
    const images = card.querySelectorAll("img");
    expect([...images].every((img) => img.getAttribute("src")!.startsWith("/img?src="))).toBe(true);
    expect([...images].some((img) => img.getAttribute("src")!.includes("uploads%2Fcover.png"))).toBe(true);
    expect(within(card).getByText("Nov 20, 2026")).toBeTruthy();
    expect(within(card).getByRole("link", { name: "2 comments" }).getAttribute("href")).toBe("/posts/post-1#comments");
    expect(within(card).getByRole("button", { name: "Like (3 likes)" })).toBeTruthy();
    // The record line of a readable pick, still pending.
    expect(within(card).getByText("Lakers -4.5")).toBeTruthy();
    expect(within(card).getByText("+150")).toBeTruthy();
    expect(within(card).getByText("1.5u")).toBeTruthy();
    expect(within(card).getByText("Pending")).toBeTruthy();
    expect(within(card).queryByText(/for subscribers$/)).toBeNull();
    // A reader who is not the author gets no grading control.
    expect(within(card).queryByRole("button", { name: /Grade pick/ })).toBeNull();
  });

  it("says what is locked: the whole pick before its game, the analysis after; a graded locked pick shows its public record", async () => {
    const locked = makePost({
      id: "locked",
      title: "Locked pick",
      isLocked: true,
      body: null,
      selection: null,
      odds: null,
      units: null,
      coverImage: null,
      eventInfo: null,
      eventId: null,
    });
    const started = makePost({
      id: "started",
      title: "Started pick",
      isLocked: true,
      body: null,
      selection: "Lakers -4.5",
      odds: -110,
      units: 1,
      pickResult: null,
    });
    const graded = makePost({
      id: "graded",
      title: "Graded pick",
      isLocked: true,
      body: null,
      odds: -110,
      pickResult: "Loss",
      gradedAt: "2026-11-21T06:00:00.000Z",
    });
    renderCards(
      () => (
        <>
          <PostCard post={locked} />
          <PostCard post={started} />
          <PostCard post={graded} />
        </>
      ),
      null,
    );
    const lockedCard = await screen.findByRole("article", { name: "Locked pick" });
    expect(within(lockedCard).getByText("Pick for subscribers")).toBeTruthy();
    expect(within(lockedCard).queryByText("Pending")).toBeNull();
    expect(within(lockedCard).queryByText("Celtics at Lakers")).toBeNull();
    // A visitor's like is a way to sign in.
    expect(
      within(lockedCard)
        .getByRole("link", { name: /sign in to like/ })
        .getAttribute("href"),
    ).toBe("/sign-in"); // from home: sign-in comes back home by itself;

    // Its game started: the bet is public, the analysis is not.
    const startedCard = screen.getByRole("article", { name: "Started pick" });
    expect(within(startedCard).getByText("Analysis for subscribers")).toBeTruthy();
    expect(within(startedCard).getByText("Lakers -4.5")).toBeTruthy();

    const gradedCard = screen.getByRole("article", { name: "Graded pick" });
    expect(within(gradedCard).queryByText(/for subscribers$/)).toBeNull();
    expect(within(gradedCard).getByText("-110")).toBeTruthy();
    expect(within(gradedCard).getByText("Loss")).toBeTruthy();
  });

  it("says when the author's scheduled post goes live, and shows a free Post without a record", async () => {
    const now = new Date("2026-11-20T12:00:00.000Z");
    const scheduled = makePost({ id: "soon", title: "Coming soon", publishDate: "2026-11-22T12:00:00.000Z" });
    const free = makePost({
      id: "free",
      title: "Free read",
      postType: "Post",
      visibility: "Free",
      selection: null,
      odds: null,
      units: null,
    });
    renderCards(
      () => (
        <>
          <PostCard post={scheduled} now={now} />
          <PostCard post={free} />
        </>
      ),
      author,
    );
    const soon = await screen.findByRole("article", { name: "Coming soon" });
    expect(soon.textContent).toContain("Goes live Nov 22, 2026, 7:00 AM EST");
    expect(within(soon).getByRole("button", { name: /like/i })).toBeTruthy();
    const freeCard = screen.getByRole("article", { name: "Free read" });
    expect(within(freeCard).getByText("Post")).toBeTruthy();
    expect(within(freeCard).queryByText("Pending")).toBeNull();
    expect(within(freeCard).queryByRole("button", { name: /Grade pick/ })).toBeNull();
  });

  it("someone else's scheduled post is a teaser with notify-me instead of likes and comments", async () => {
    const now = new Date("2026-11-20T12:00:00.000Z");
    const teaser = makePost({
      id: "soon",
      title: "Coming soon",
      publishDate: "2026-11-22T12:00:00.000Z",
      body: null,
      isLocked: true,
      preview: [],
      previewText: "",
    });
    renderCards(() => <PostCard post={teaser} now={now} />, {
      id: "reader-1",
      userName: "alex.fan",
      firstName: "Alex",
      lastName: "Turner",
      roles: ["User"],
      avatar: null,
    });
    const card = await screen.findByRole("article", { name: "Coming soon" });
    expect(card.textContent).toContain("Goes live Nov 22, 2026, 7:00 AM EST");
    expect(within(card).getByRole("button", { name: "Notify me" })).toBeTruthy();
    expect(within(card).queryByRole("button", { name: /like/i })).toBeNull();
    expect(within(card).queryByRole("link", { name: /comment/ })).toBeNull();
  });

  it("a withdrawn pick says so instead of Pending", async () => {
    renderCards(() => <PostCard post={makePost({ withdrawnAt: "2026-11-20T20:00:00.000Z" })} />, fan);
    const card = await screen.findByRole("article", { name: "Lakers cover tonight" });
    expect(within(card).getByText("Withdrawn")).toBeTruthy();
    expect(within(card).queryByText("Pending")).toBeNull();
  });

  it("lets the author grade a prop once its game has its final result, shown at once on every card of that post", async () => {
    let answer: (value: unknown) => void = () => {};
    const postAction = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const startsAt = new Date(Date.now() - 3_600_000).toISOString();
    const prop = makePost({
      selection: "LeBron James points Over 25.5",
      odds: -115,
      market: "PlayerProp",
      legs: [
        { eventId: 7, market: "PlayerProp", side: "Over", line: 25.5, odds: -115, description: "LeBron James points" },
      ],
      eventInfo: { ...makePost().eventInfo!, startsAt, status: "Final", homeScore: 101, awayScore: 99 },
    });
    renderCards(
      () => (
        <>
          <section aria-label="Feed">
            <PostCard post={prop} />
          </section>
          <section aria-label="Likes">
            <PostCard post={prop} />
          </section>
        </>
      ),
      author,
      postAction,
    );
    const feed = await screen.findByRole("region", { name: "Feed" });
    const likes = screen.getByRole("region", { name: "Likes" });
    expect(within(likes).getByText("Pending")).toBeTruthy();
    // The grading menu is a chunk of its own, fetched where it shows.
    await userEvent.click(await within(feed).findByRole("button", { name: /Grade pick/ }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Win" }));
    await userEvent.click(await screen.findByRole("button", { name: "Grade Win" }));
    // Before the server has answered, both cards say Win.
    await waitFor(() => expect(within(likes).getByText("Win")).toBeTruthy());
    expect(within(feed).getByText("Win")).toBeTruthy();
    expect(postAction).toHaveBeenCalledTimes(1);
    answer({ ok: true, pickResult: "Win" });
    await waitFor(() => expect(within(feed).queryByRole("button", { name: /Grade pick/ })).toBeNull());
    expect(within(likes).getByText("Win")).toBeTruthy();
  });

  it("writes American odds with their sign", () => {
    expect(formatOdds(150)).toBe("+150");
    expect(formatOdds(-110)).toBe("-110");
  });
});

describe("InfinitePostList", () => {
  /** The list loader (app/routes/lists.$list.ts) as a stub route: its answers by page; the requested URLs are kept. */
  function stubPages(pages: Record<number, PostDTO[]>, totalPages: number) {
    const urls: string[] = [];
    const loader: ListLoader = ({ request }) => {
      const url = new URL(request.url);
      urls.push(`${url.pathname}${url.search}`);
      const page = Number(url.searchParams.get("page"));
      if (!pages[page]) return { ok: false, error: "Oops", statusCode: 422 };
      return { ok: true, items: pages[page], page, totalPages };
    };
    return { urls, loader };
  }

  const post = (n: number) =>
    makePost({ id: `p${n}`, title: `Post number ${n}`, postType: "Post", selection: null, odds: null, units: null });

  it("loads the next pages with the button, moves the focus to the first new post and stops at totalPages", async () => {
    const { urls, loader } = stubPages({ 2: [post(3), post(4)], 3: [post(4), post(5)] }, 3);
    renderCards(
      () => (
        <InfinitePostList
          initialItems={[post(1), post(2)]}
          totalPages={3}
          list="/lists/posts"
          query={{ expertId: "author-1" }}
          pageSize={2}
          label="Posts"
          empty={<p>Nothing</p>}
        />
      ),
      fan,
      undefined,
      loader,
    );
    const list = await screen.findByRole("list", { name: "Posts" });
    expect(within(list).getAllByRole("article")).toHaveLength(2);
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(list).getAllByRole("article")).toHaveLength(4));
    expect(urls[0]).toBe("/lists/posts?expertId=author-1&page=2&size=2");
    // The focus moves in an effect after the new posts commit, so it may land a tick later.
    await waitFor(() => expect(document.activeElement?.getAttribute("data-post-id")).toBe("p3"));
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    // A post seen on an earlier page (the list shifted) is shown once.
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole("article")
          .map((a) => a.getAttribute("aria-labelledby")),
      ).toEqual(["p1", "p2", "p3", "p4", "p5"].map((id) => `post-${id}-title`)),
    );
    expect(urls[1]).toBe("/lists/posts?expertId=author-1&page=3&size=2");
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("You have reached the end.");
  });

  it("says what the server refused and, on Try again, asks for the same page", async () => {
    const { urls, loader } = stubPages({}, 2);
    renderCards(
      () => (
        <InfinitePostList
          initialItems={[post(1), post(2)]}
          totalPages={2}
          list="/lists/feed"
          pageSize={2}
          label="Feed"
          empty={<p>Nothing</p>}
        />
      ),
      fan,
      undefined,
      loader,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Oops")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(urls).toHaveLength(2));
    expect(urls).toEqual(["/lists/feed?page=2&size=2", "/lists/feed?page=2&size=2"]);
  });

  it("shows the empty state when there is nothing", async () => {
    renderCards(
      () => (
        <InfinitePostList
          initialItems={[]}
          totalPages={0}
          list="/lists/liked"
          pageSize={2}
          label="Likes"
          empty={<p>Nothing liked yet</p>}
        />
      ),
      fan,
    );
    expect(await screen.findByText("Nothing liked yet")).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });
});
