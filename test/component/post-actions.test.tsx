/**
 * Like, notify-me and grading (app/components/posts/post-actions.tsx): optimistic in every view of
 * the post at once, rolled back with the server's error text in a toast, and signed-out readers
 * sent to sign in. Stub routes stand in for the post's action routes (app/routes/posts.$postId_.*.ts):
 * they record what each control submitted and answer as the real ones do (`{ok, …}`).
 */
import { createRemixStub } from "@remix-run/testing";
import { Outlet } from "@remix-run/react";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { LikeButton, NotifyButton, PickResultControl, usePickResult } from "~/components/posts/post-actions";
import { PostActionsBar, type WithdrawWindow } from "~/components/posts/post-author-controls";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import type { PostDTO } from "~/modules/posts/post-serializer.server";

const AUTHOR = {
  id: "author-1",
  userName: "SharpAuthor",
  firstName: "Sam",
  lastName: "Sharp",
  avatar: "/avatars/SharpAuthor.svg",
};
const HOUR = 3_600_000;

/** The game the pick is on, started `startedMsAgo` ago (negative: still to come); a started one has its final result unless `final` says not. */
function gameInfo(startedMsAgo: number, final = startedMsAgo > 0): NonNullable<PostDTO["eventInfo"]> {
  return {
    id: 7,
    categoryId: 2,
    categoryInfo: { id: 2, name: "NBA" },
    homeTeam: "Lakers",
    awayTeam: "Celtics",
    title: "Celtics at Lakers",
    startsAt: new Date(Date.now() - startedMsAgo).toISOString(),
    status: final ? "Final" : "Scheduled",
    homeScore: final ? 101 : null,
    awayScore: final ? 99 : null,
  };
}

/** By default a player prop (graded by its author) whose game started an hour ago: gradable by its author. */
function makePost(overrides: Partial<PostDTO> = {}): PostDTO {
  return {
    id: "p1",
    postType: "Pick",
    title: "Lakers cover",
    body: null,
    isLocked: false,
    preview: [],
    previewText: "",
    visibility: "Subscribers",
    status: "Published",
    publishDate: new Date(Date.now() - 60_000).toISOString(),
    categoryId: 2,
    categoryInfo: { id: 2, name: "NBA" },
    eventId: 7,
    eventInfo: gameInfo(HOUR),
    modalityIds: [],
    modality: [],
    coverImage: null,
    pickResult: null,
    gradedAt: null,
    selection: "LeBron James points Over 25.5",
    odds: -110,
    units: 1,
    market: "PlayerProp",
    legs: [
      { eventId: 7, market: "PlayerProp", side: "Over", line: 25.5, odds: -110, description: "LeBron James points" },
    ],
    postedAt: new Date(Date.now() - 3 * HOUR).toISOString(),
    postedMinutesBeforeStart: 120,
    withdrawnAt: null,
    selfGraded: false,
    settledOdds: null,
    clv: null,
    resultCorrection: null,
    commitment: "c".repeat(64),
    committedText: "sharpside-pick-v1",
    author: AUTHOR,
    likesCount: 4,
    commentsCount: 0,
    createdAt: new Date().toISOString(),
    metadata: { isNotifyRequested: false, isLiked: false },
    ...overrides,
  };
}

function ResultView({ post, label }: { post: PostDTO; label: string }) {
  const result = usePickResult(post);
  return <p data-testid={label}>{result ?? "Pending"}</p>;
}

/** Two views of one post on the page, as a post page and a card in a list would be. */
function TwoViews({ post }: { post: PostDTO }) {
  return (
    <>
      {["page", "card"].map((view) => (
        <section key={view} aria-label={view}>
          <LikeButton post={post} />
          <NotifyButton post={post} />
          <PickResultControl post={post} />
          <ResultView post={post} label={`${view}-result`} />
        </section>
      ))}
    </>
  );
}

/** Renders the views and waits for the root loader (the viewer) to have run. */
async function renderViews(post: PostDTO, user: { id: string } | null) {
  const Root = () => (
    <ConfirmDialogProvider>
      <Outlet />
      <Toaster />
    </ConfirmDialogProvider>
  );
  const Stub = createRemixStub([
    {
      id: "root",
      path: "/",
      Component: Root,
      loader: () => ({ appName: "Sharpside", user: user ? { ...AUTHOR, ...user, roles: [], timezone: "UTC" } : null }),
      children: [
        { path: "posts/:postId", Component: () => <TwoViews post={post} /> },
        ...(["like", "notify", "pick-result"] as const).map((control) => ({
          path: `posts/:postId/${control}`,
          action: async ({ request }: { request: Request }) => {
            const form = new URLSearchParams((await request.formData()) as unknown as Record<string, string>);
            calls.push(`${control} ${form}`);
            return answers.shift() ?? { ok: true };
          },
        })),
      ],
    },
  ]);
  const rendered = render(<Stub initialEntries={["/posts/p1"]} />);
  await screen.findByRole("region", { name: "card" });
  return rendered;
}

/** A deferred answer of an action, to look at the page while the submission is in flight. */
function deferred() {
  let resolve: (value: unknown) => void = () => {};
  const promise = new Promise<unknown>((r) => (resolve = r));
  return { promise, resolve };
}

/** What the controls submitted ("like liked=true"), and the answers the actions give, in turn. */
let calls: string[];
let answers: unknown[];
beforeEach(() => {
  calls = [];
  answers = [];
});

const view = (name: string) => within(screen.getByRole("region", { name }));

describe("LikeButton", () => {
  it("likes at once in every view, then keeps the API's count", async () => {
    const answer = deferred();
    answers.push(answer.promise);
    await renderViews(makePost(), { id: "reader-1" });
    const pageLike = await view("page").findByRole("button", { name: /^Like/ });
    expect(pageLike.getAttribute("aria-pressed")).toBe("false");
    await userEvent.click(pageLike);
    for (const name of ["page", "card"]) {
      await waitFor(() =>
        expect(view(name).getByRole("button", { name: "Like (5 likes)" }).getAttribute("aria-pressed")).toBe("true"),
      );
    }
    expect(calls).toEqual(["like liked=true"]);
    await act(async () => answer.resolve({ ok: true, liked: true, likesCount: 9 }));
    for (const name of ["page", "card"]) {
      await waitFor(() =>
        expect(view(name).getByRole("button", { name: "Like (9 likes)" }).getAttribute("aria-pressed")).toBe("true"),
      );
    }
  });

  it("rolls back and shows the server's error text when the call fails", async () => {
    answers.push({ ok: false, error: "You cannot like this post right now.", statusCode: 422 });
    await renderViews(makePost({ metadata: { isLiked: true, isNotifyRequested: false }, likesCount: 3 }), {
      id: "reader-1",
    });
    await userEvent.click(await view("card").findByRole("button", { name: "Like (3 likes)" }));
    expect(await screen.findByText("You cannot like this post right now.")).toBeTruthy();
    expect(calls).toEqual(["like liked=false"]);
    for (const name of ["page", "card"]) {
      const button = view(name).getByRole("button", { name: "Like (3 likes)" });
      expect(button.getAttribute("aria-pressed")).toBe("true");
    }
    // One toast, though two views saw the failure.
    expect(screen.getAllByText("You cannot like this post right now.")).toHaveLength(1);
  });

  it("sends a signed-out reader to sign in and back", async () => {
    await renderViews(makePost(), null);
    const like = await view("page").findByRole("link", { name: /^Like \(4 likes\): sign in/ });
    expect(like.getAttribute("href")).toBe("/sign-in?callbackUrl=%2Fposts%2Fp1");
    expect(
      view("page")
        .getByRole("link", { name: /^Notify me: sign in/ })
        .getAttribute("href"),
    ).toBe("/sign-in?callbackUrl=%2Fposts%2Fp1");
    expect(screen.queryByRole("button", { name: /Grade pick/ })).toBeNull();
  });
});

describe("NotifyButton", () => {
  it("toggles notify-me optimistically and back off", async () => {
    answers.push({ ok: true, isNotifyRequested: true }, { ok: true, isNotifyRequested: false });
    await renderViews(makePost(), { id: "reader-1" });
    const button = await view("page").findByRole("button", { name: "Notify me" });
    await userEvent.click(button);
    await waitFor(() =>
      expect(view("card").getByRole("button", { name: "Notify me" }).getAttribute("aria-pressed")).toBe("true"),
    );
    await userEvent.click(view("card").getByRole("button", { name: "Notify me" }));
    await waitFor(() =>
      expect(view("page").getByRole("button", { name: "Notify me" }).getAttribute("aria-pressed")).toBe("false"),
    );
    expect(calls).toEqual(["notify notify=true", "notify notify=false"]);
  });

  it("on a live pick not graded yet, promises its result when it is graded", async () => {
    answers.push({ ok: true, isNotifyRequested: true });
    await renderViews(makePost({ postType: "Pick", pickResult: null }), { id: "reader-1" });
    const button = await view("page").findByRole("button", { name: "Notify me" });
    expect(button.title).toBe("Get a notification with this pick's result when it is graded.");
    await userEvent.click(button);
    expect(await screen.findByText("We will notify you when this pick is graded.")).toBeTruthy();
  });

  it("on a live post, says it keeps the post on the Watchlist, with one toast each way", async () => {
    answers.push({ ok: true, isNotifyRequested: true }, { ok: true, isNotifyRequested: false });
    await renderViews(makePost({ postType: "Post" }), { id: "reader-1" });
    const button = await view("page").findByRole("button", { name: "Notify me" });
    expect(button).toHaveProperty(
      "title",
      expect.stringContaining("already live: Notify me keeps it on your Watchlist"),
    );
    expect(document.getElementById(button.getAttribute("aria-describedby")!)?.textContent).toBe(button.title);
    await userEvent.click(button);
    expect(await screen.findByText("Saved to your Watchlist.")).toBeTruthy();
    expect(screen.getByText(/already live, so there is no notification to wait for/)).toBeTruthy();
    // Two views saw the change: one toast.
    expect(screen.getAllByText("Saved to your Watchlist.")).toHaveLength(1);
    await waitFor(() =>
      expect(view("card").getByRole("button", { name: "Notify me" }).title).toContain(
        "on your Watchlist. Choose again to take it off",
      ),
    );
    await userEvent.click(view("card").getByRole("button", { name: "Notify me" }));
    expect(await screen.findByText("Removed from your Watchlist.")).toBeTruthy();
  });

  it("on a scheduled post, says a notification comes when it goes live", async () => {
    answers.push({ ok: true, isNotifyRequested: true });
    await renderViews(makePost({ publishDate: new Date(Date.now() + 2 * HOUR).toISOString() }), { id: "reader-1" });
    const button = await view("page").findByRole("button", { name: "Notify me" });
    expect(button.title).toBe("Get a notification when this post goes live.");
    expect(document.getElementById(button.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Get a notification when this post goes live.",
    );
    await userEvent.click(button);
    expect(await screen.findByText("We will notify you when this post goes live.")).toBeTruthy();
    expect(screen.getByText("It waits on your Watchlist until then.")).toBeTruthy();
  });

  it("says nothing when the call fails but the server's error", async () => {
    answers.push({ ok: false, error: "This post is not live yet.", statusCode: 422 });
    await renderViews(makePost(), { id: "reader-1" });
    await userEvent.click(await view("page").findByRole("button", { name: "Notify me" }));
    expect(await screen.findByText("This post is not live yet.")).toBeTruthy();
    expect(screen.queryByText("Saved to your Watchlist.")).toBeNull();
  });
});

describe("PickResultControl and usePickResult", () => {
  async function chooseResult(result: string) {
    const trigger = await view("page").findByRole("button", { name: /Grade pick/ });
    trigger.focus();
    await userEvent.keyboard("{Enter}");
    await userEvent.click(await screen.findByRole("menuitem", { name: result }));
    const dialog = await screen.findByRole("alertdialog", { name: `Grade this pick as ${result}?` });
    await userEvent.click(within(dialog).getByRole("button", { name: `Grade ${result}` }));
  }

  it("is only for the author of a live, ungraded pick", async () => {
    const { unmount } = await renderViews(makePost(), { id: "someone-else" });
    await view("page").findByRole("button", { name: /^Like/ });
    expect(screen.queryByRole("button", { name: /Grade pick/ })).toBeNull();
    unmount();
    const scheduled = await renderViews(makePost({ publishDate: new Date(Date.now() + 3_600_000).toISOString() }), {
      id: AUTHOR.id,
    });
    await view("page").findByRole("button", { name: /^Like/ });
    expect(screen.queryByRole("button", { name: /Grade pick/ })).toBeNull();
    scheduled.unmount();
    const post = await renderViews(makePost({ postType: "Post" }), { id: AUTHOR.id });
    await view("page").findByRole("button", { name: /^Like/ });
    expect(screen.queryByRole("button", { name: /Grade pick/ })).toBeNull();
    post.unmount();
    // The author grades a prop once its game has its final result, never before, never a withdrawn one.
    const coming = await renderViews(makePost({ eventInfo: gameInfo(-HOUR) }), { id: AUTHOR.id });
    await view("page").findByRole("button", { name: /^Like/ });
    expect(screen.queryByRole("button", { name: /Grade pick/ })).toBeNull();
    coming.unmount();
    // Started, but its final result not in yet: a self-grade waits for it.
    const playing = await renderViews(makePost({ eventInfo: gameInfo(HOUR, false) }), { id: AUTHOR.id });
    await view("page").findByRole("button", { name: /^Like/ });
    expect(screen.queryByRole("button", { name: /Grade pick/ })).toBeNull();
    playing.unmount();
    const withdrawn = await renderViews(makePost({ withdrawnAt: new Date(Date.now() - 2 * HOUR).toISOString() }), {
      id: AUTHOR.id,
    });
    await view("page").findByRole("button", { name: /^Like/ });
    expect(screen.queryByRole("button", { name: /Grade pick/ })).toBeNull();
    withdrawn.unmount();
    // A spread is graded from the final score, not by its author.
    const spread = makePost({
      selection: "Lakers -4.5",
      market: "Spread",
      legs: [{ eventId: 7, market: "Spread", side: "Home", line: -4.5, odds: -110, description: null }],
    });
    const fromScore = await renderViews(spread, { id: AUTHOR.id });
    await view("page").findByRole("button", { name: /^Like/ });
    expect(screen.queryByRole("button", { name: /Grade pick/ })).toBeNull();
    fromScore.unmount();
    // The prop itself, as a sanity check of the cases above: the author may grade it.
    await renderViews(makePost(), { id: AUTHOR.id });
    expect(await view("page").findByRole("button", { name: /Grade pick/ })).toBeTruthy();
  });

  it("grades after a confirmation: every view shows the result at once and keeps it", async () => {
    const answer = deferred();
    answers.push(answer.promise);
    await renderViews(makePost(), { id: AUTHOR.id });
    await chooseResult("Win");
    await waitFor(() => expect(screen.getByTestId("card-result").textContent).toBe("Win"));
    expect(screen.getByTestId("page-result").textContent).toBe("Win");
    expect(calls).toEqual(["pick-result pickResult=Win"]);
    await act(async () => answer.resolve({ ok: true, pickResult: "Win" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: /Grade pick/ })).toBeNull());
    expect(screen.getByTestId("card-result").textContent).toBe("Win");
  });

  it("rolls back to Pending with the server's error text", async () => {
    answers.push({ ok: false, error: "This pick has already been graded.", statusCode: 422 });
    await renderViews(makePost(), { id: AUTHOR.id });
    await chooseResult("Loss");
    expect(await screen.findByText("This pick has already been graded.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("page-result").textContent).toBe("Pending"));
    expect(screen.getByTestId("card-result").textContent).toBe("Pending");
  });

  it("a cancelled confirmation grades nothing", async () => {
    await renderViews(makePost(), { id: AUTHOR.id });
    const trigger = await view("page").findByRole("button", { name: /Grade pick/ });
    trigger.focus();
    await userEvent.keyboard("{Enter}");
    await userEvent.click(await screen.findByRole("menuitem", { name: "Push" }));
    await userEvent.click(await screen.findByRole("button", { name: "Cancel" }));
    expect(calls).toEqual([]);
    expect(screen.getByTestId("page-result").textContent).toBe("Pending");
  });
});

describe("the author's Withdraw pick", () => {
  /** The post page's bar for the author of a posted pick whose game has not started. */
  async function renderBar(withdraw: WithdrawWindow) {
    const post = makePost({ market: "Spread", eventInfo: gameInfo(-HOUR), postedAt: new Date().toISOString() });
    const Stub = createRemixStub([
      {
        id: "root",
        path: "/",
        Component: () => (
          <ConfirmDialogProvider>
            <Outlet />
          </ConfirmDialogProvider>
        ),
        loader: () => ({ appName: "Sharpside", user: { ...AUTHOR, roles: ["Expert"], timezone: "UTC" } }),
        children: [
          {
            path: "posts/:postId",
            Component: () => <PostActionsBar post={post} changeable isAuthor isLive withdraw={withdraw} />,
          },
        ],
      },
    ]);
    render(<Stub initialEntries={["/posts/p1"]} />);
    await screen.findByRole("link", { name: "Edit pick" });
  }

  it("is offered while the grace after posting lasts, and goes when it ends, without a reload", async () => {
    await renderBar({ open: true, until: new Date(Date.now() + 300).toISOString() });
    expect(screen.getByRole("button", { name: /Withdraw pick/ })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: /Withdraw pick/ })).toBeNull(), { timeout: 2000 });
  });

  it("is not offered once the grace is over: the pick stands", async () => {
    await renderBar({ open: false, until: new Date(Date.now() - 60_000).toISOString() });
    expect(screen.queryByRole("button", { name: /Withdraw pick/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
  });
});
