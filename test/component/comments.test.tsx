/**
 * The post's discussion (app/components/posts/comments.tsx): the list with one reply level, the
 * comment and reply forms (the server's field errors on the text box), deleting, "Load more
 * comments", and the locked and signed-out states. A stub route stands in for the discussion's
 * route (app/routes/posts.$postId_.comments.ts): it records what was asked and answers as it does.
 */
import { createRemixStub } from "../support/remix-stub";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { beforeEach, describe, expect, it } from "vitest";
import { Comments, type CommentsPage } from "~/components/posts/comments";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import type { CurrentUser } from "~/modules/accounts/current-user";
import type { CommentDTO } from "~/modules/posts/comments.server";

const VIEWER: CurrentUser = {
  id: "u1",
  email: "reader@example.com",
  emailConfirmed: true,
  roles: ["User"],
  timezone: "UTC",
  signUpFlow: "User",
  userName: "reader",
  firstName: "Rita",
  lastName: "Reader",
  avatar: "/avatars/reader.svg",
};

let sequence = 0;
function comment(overrides: Partial<CommentDTO> = {}): CommentDTO {
  sequence += 1;
  return {
    id: `c${sequence}`,
    postId: "p1",
    parentId: null,
    body: `Comment ${sequence}`,
    isDeleted: false,
    createdAt: new Date(Date.UTC(2026, 10, 20, 12, sequence)).toISOString(),
    author: {
      id: "u2",
      userName: "other",
      firstName: "Otto",
      lastName: "Other",
      avatar: "/avatars/other.svg",
      roles: ["User"],
    },
    canDelete: false,
    replies: [],
    ...overrides,
  };
}

function renderComments(props: {
  initial: CommentsPage | null;
  locked?: "subscribers" | "scheduled" | null;
  viewer?: CurrentUser | null;
  commentsCount?: number;
  scrollTo?: string | null;
}) {
  const Stub = createRemixStub([
    {
      path: "/posts/:postId",
      Component: () => (
        <ConfirmDialogProvider>
          <Comments
            postId="p1"
            locked={props.locked ?? null}
            initial={props.initial}
            commentsCount={props.commentsCount ?? props.initial?.totalItems ?? 0}
            scrollTo={props.scrollTo ?? null}
            viewer={props.viewer === undefined ? VIEWER : props.viewer}
            signInHref="/sign-in?callbackUrl=%2Fposts%2Fp1"
            subscribeHref="/experts/author"
          />
          <Toaster />
        </ConfirmDialogProvider>
      ),
    },
    {
      path: "/posts/:postId/comments",
      loader: ({ request }) => {
        const url = new URL(request.url);
        calls.push(`GET ${url.pathname}${url.search}`);
        return answers.shift() ?? null;
      },
      action: async ({ request }) => {
        const form = new URLSearchParams((await request.formData()) as unknown as Record<string, string>);
        calls.push(`POST ${new URL(request.url).pathname} ${form}`);
        return answers.shift() ?? null;
      },
    },
  ]);
  return render(<Stub initialEntries={["/posts/p1"]} />);
}

/** What the route was asked ("POST /posts/p1/comments intent=add&body=…"), and its answers in turn. */
let calls: string[];
let answers: unknown[];
beforeEach(() => {
  calls = [];
  answers = [];
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
});

describe("Comments", () => {
  it("lists comments with their replies, deleted ones as deleted, and Delete only where allowed", async () => {
    const reply = comment({
      parentId: "top",
      body: "A reply",
      canDelete: true,
      author: { ...comment().author!, id: VIEWER.id, firstName: "Rita", lastName: "Reader" },
    });
    const items = [
      comment({ id: "top", body: "Top comment", replies: [reply] }),
      comment({
        body: null,
        isDeleted: true,
        author: null,
        replies: [comment({ parentId: "x", body: "Orphan reply" })],
      }),
    ];
    renderComments({ initial: { items, totalItems: 2, page: 1, size: 10 }, commentsCount: 4 });
    const list = await screen.findByRole("list", { name: "Comments" });
    expect(within(list).getByText("Top comment")).toBeTruthy();
    const replies = within(list).getByRole("list", { name: "Replies to Otto Other" });
    expect(within(replies).getByText("A reply")).toBeTruthy();
    expect(within(list).getByText("This comment was deleted.")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Delete comment/ })).toHaveLength(1);
    expect(screen.getByRole("heading", { name: "Comments (4)" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more comments" })).toBeNull();
  });

  it("checks the text before sending, then puts the server's field error on the text box", async () => {
    answers.push({
      ok: false,
      error: "Violation of business rules/data integrity took place.",
      errors: { body: ["Must contain at most 2000 character(s)"] },
      statusCode: 422,
    });
    renderComments({ initial: { items: [], totalItems: 0, page: 1, size: 10 } });
    const box = await screen.findByRole("textbox", { name: "Add a comment" });
    await userEvent.click(screen.getByRole("button", { name: "Post comment" }));
    expect(await screen.findByText("Required")).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
    await userEvent.type(box, "Too long, says the server");
    await userEvent.click(screen.getByRole("button", { name: "Post comment" }));
    expect(await screen.findByText("Must contain at most 2000 character(s)")).toBeTruthy();
    expect(box.getAttribute("aria-describedby")).toContain(
      screen.getByText("Must contain at most 2000 character(s)").id,
    );
    expect(calls).toEqual(["POST /posts/p1/comments intent=add&body=Too+long%2C+says+the+server"]);
  });

  it("adds a comment at the top and a reply to its thread, and empties the form", async () => {
    const existing = comment({ id: "first", body: "First!" });
    answers.push(
      {
        ok: true,
        intent: "add",
        comment: comment({
          id: "new",
          body: "Fresh take",
          canDelete: true,
          author: { ...comment().author!, id: VIEWER.id, firstName: "Rita", lastName: "Reader" },
        }),
      },
      { ok: true, intent: "add", comment: comment({ id: "r1", parentId: "first", body: "Agreed", canDelete: true }) },
    );
    renderComments({ initial: { items: [existing], totalItems: 1, page: 1, size: 10 } });
    const box = await screen.findByRole("textbox", { name: "Add a comment" });
    await userEvent.type(box, "  Fresh take ");
    await userEvent.click(screen.getByRole("button", { name: "Post comment" }));
    await waitFor(() =>
      expect(screen.getAllByRole("article").map((a) => a.getAttribute("aria-label"))).toHaveLength(2),
    );
    expect(screen.getAllByRole("article")[0].textContent).toContain("Fresh take");
    // conform's reset gives the text box a new element: look it up again.
    expect((screen.getByRole("textbox", { name: "Add a comment" }) as HTMLTextAreaElement).value).toBe("");
    expect(screen.getByRole("heading", { name: "Comments (2)" })).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Reply to Otto Other" }));
    const replyBox = await screen.findByRole("textbox", { name: "Reply to Otto Other" });
    await waitFor(() => expect(document.activeElement).toBe(replyBox));
    await userEvent.type(replyBox, "Agreed");
    await userEvent.click(screen.getByRole("button", { name: "Reply" }));
    const thread = await screen.findByRole("list", { name: "Replies to Otto Other" });
    expect(within(thread).getByText("Agreed")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Reply to Otto Other" })).toBeNull();
    expect(calls).toEqual([
      "POST /posts/p1/comments intent=add&body=Fresh+take",
      "POST /posts/p1/comments intent=add&body=Agreed&parentId=first",
    ]);
  });

  it("deletes one's comment after a confirmation", async () => {
    answers.push({ ok: true, intent: "delete", commentId: "mine" });
    renderComments({
      initial: { items: [comment({ id: "mine", body: "Oops", canDelete: true })], totalItems: 1, page: 1, size: 10 },
    });
    await userEvent.click(await screen.findByRole("button", { name: /^Delete comment/ }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog", { name: "Delete this comment?" })).getByRole("button", {
        name: "Delete",
      }),
    );
    await waitFor(() => expect(screen.queryByText("Oops")).toBeNull());
    expect(await screen.findByText("Comment deleted.")).toBeTruthy();
    expect(calls).toEqual(["POST /posts/p1/comments intent=delete&commentId=mine"]);
  });

  it("loads the next page of comments, each comment once", async () => {
    const firstPage = Array.from({ length: 2 }, () => comment());
    const shifted = comment({ id: firstPage[1].id, body: firstPage[1].body });
    answers.push({ ok: true, items: [shifted, comment({ body: "Older one" })], totalItems: 4 });
    renderComments({ initial: { items: firstPage, totalItems: 4, page: 1, size: 2 } });
    await userEvent.click(await screen.findByRole("button", { name: "Load more comments" }));
    expect(await screen.findByText("Older one")).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(calls).toEqual(["GET /posts/p1/comments?page=2&size=2"]);
    expect(screen.queryByRole("button", { name: "Load more comments" })).toBeNull();
  });

  it("highlights and focuses the ?scrollTo comment", async () => {
    renderComments({
      initial: { items: [comment({ id: "target", body: "Look here" })], totalItems: 1, page: 1, size: 10 },
      scrollTo: "target",
    });
    const target = await screen.findByRole("article", { name: /Comment by/ });
    await waitFor(() => expect(target.getAttribute("data-highlighted")).toBe("true"));
    expect(document.activeElement).toBe(target);
  });

  it("a locked post's discussion is for subscribers; a visitor is asked to sign in", async () => {
    const { unmount } = renderComments({ initial: null, locked: "subscribers", commentsCount: 3 });
    expect(await screen.findByText("Subscribe to this expert to read and join the discussion.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Subscribe" }).getAttribute("href")).toBe("/experts/author");
    expect(screen.queryByRole("textbox")).toBeNull();
    unmount();
    renderComments({ initial: { items: [], totalItems: 0, page: 1, size: 10 }, viewer: null });
    expect((await screen.findByRole("link", { name: "Sign in" })).getAttribute("href")).toBe(
      "/sign-in?callbackUrl=%2Fposts%2Fp1",
    );
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});
