/**
 * Comments: `GET`/`POST /api/posts/{postId}/comments`, `DELETE /api/comments/{id}`,
 * one reply level, soft delete, the counter, gating on locked picks and `findCommentPage`.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts } from "~/db/schema";
import { findCommentPage } from "~/modules/posts/comments.server";
import * as commentRoute from "~/routes/api.comments.$commentId";
import * as commentsRoute from "~/routes/api.posts.$postId.comments";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, postFixtures } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fx: ReturnType<typeof postFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example", RATE_LIMIT_COMMENT: "1000/60" });
  fx = postFixtures(database.db, context);
});
afterAll(() => database?.close());

const LOCKED = "Subscribe to this expert to read and join the discussion.";

const listOf = (postId: string, jar?: CookieJar, query = "") =>
  callRoute(commentsRoute, context, { path: `/api/posts/${postId}/comments${query}`, params: { postId }, jar });
const add = (postId: string, jar: CookieJar | undefined, body: unknown, ctx = context) =>
  callRoute(commentsRoute, ctx, {
    method: "POST",
    path: `/api/posts/${postId}/comments`,
    params: { postId },
    jar,
    body,
  });
const remove = (commentId: string, jar?: CookieJar) =>
  callRoute(commentRoute, context, {
    method: "DELETE",
    path: `/api/comments/${commentId}`,
    params: { commentId },
    jar,
  });
const countOf = async (postId: string) =>
  (await database.db.select({ n: posts.commentsCount }).from(posts).where(eq(posts.id, postId)))[0].n;
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe(`comments (${testDatabaseEngine()})`, () => {
  it("add, list newest first with replies oldest first; a reply to a reply joins the top level", async () => {
    const author = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    const post = await fx.addPost(author.user.id);

    const first = await add(post.id, reader.jar, { body: "  First!  " });
    expect(first.status).toBe(201);
    expect(first.body.payload).toMatchObject({
      postId: post.id,
      parentId: null,
      body: "First!",
      isDeleted: false,
      canDelete: true,
      replies: [],
      author: { id: reader.user.id, userName: reader.user.userName, firstName: reader.user.firstName, roles: ["User"] },
    });
    expect(first.body.payload.author.avatar).toMatch(/^\/avatars\//);
    await pause();
    const second = (await add(post.id, author.jar, { body: "Second" })).body.payload;
    await pause();
    const reply = (await add(post.id, author.jar, { body: "A reply", parentId: first.body.payload.id })).body.payload;
    await pause();
    const replyToReply = (await add(post.id, reader.jar, { body: "Reply to the reply", parentId: reply.id })).body
      .payload;
    expect(replyToReply.parentId).toBe(first.body.payload.id);
    expect(await countOf(post.id)).toBe(4);

    const visitor = await listOf(post.id);
    expect(visitor.status).toBe(200);
    expect(visitor.body.meta).toEqual({ page: 1, size: 10, totalItems: 2, totalPages: 1 });
    expect(visitor.body.items.map((c: { id: string }) => c.id)).toEqual([second.id, first.body.payload.id]);
    expect(visitor.body.items[1].replies.map((c: { id: string }) => c.id)).toEqual([reply.id, replyToReply.id]);
    expect(visitor.body.items.every((c: { canDelete: boolean }) => !c.canDelete)).toBe(true);
    // The post's author may delete every comment; a reader only their own.
    const asAuthor = await listOf(post.id, author.jar);
    expect(asAuthor.body.items[1].replies.map((c: { canDelete: boolean }) => c.canDelete)).toEqual([true, true]);
    const asReader = await listOf(post.id, reader.jar);
    expect(asReader.body.items.map((c: { canDelete: boolean }) => c.canDelete)).toEqual([false, true]);

    const paged = await listOf(post.id, undefined, "?size=1&page=2");
    expect(paged.body.meta).toEqual({ page: 2, size: 1, totalItems: 2, totalPages: 2 });
    expect(paged.body.items[0].id).toBe(first.body.payload.id);
    expect(await findCommentPage(database.db, post.id, replyToReply.id, 1)).toBe(2);
    expect(await findCommentPage(database.db, post.id, second.id, 1)).toBe(1);
    expect(await findCommentPage(database.db, post.id, crypto.randomUUID(), 1)).toBeNull();
  });

  it("validation: body Required / too long, bad parentId, bad JSON, bad query", async () => {
    const author = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    const post = await fx.addPost(author.user.id);
    const otherPost = await fx.addPost(author.user.id);
    const elsewhere = (await add(otherPost.id, reader.jar, { body: "Elsewhere" })).body.payload;

    for (const body of [{}, { body: "" }, { body: "   " }]) {
      const response = await add(post.id, reader.jar, body);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ body: ["Required"] });
    }
    const tooLong = await add(post.id, reader.jar, { body: "x".repeat(2001) });
    expect(tooLong.body.errors).toEqual({ body: ["Must contain at most 2000 character(s)"] });
    expect((await add(post.id, reader.jar, { body: "x".repeat(2000) })).status).toBe(201);
    for (const parentId of [elsewhere.id, crypto.randomUUID(), "nope"]) {
      const response = await add(post.id, reader.jar, { body: "Hi", parentId });
      expect(response.status, parentId).toBe(422);
      expect(response.body.errors).toEqual({ parentId: ["Unknown comment"] });
    }
    expect((await add(post.id, reader.jar, "{oops")).status).toBe(400);
    for (const query of ["?size=0", "?size=101", "?page=abc"])
      expect((await listOf(post.id, undefined, query)).status, query).toBe(400);
    expect(await countOf(post.id)).toBe(1);
  });

  it("gates: 401 to write as a visitor; 404 on unknown posts and others' drafts; 422 on others' scheduled posts", async () => {
    const author = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    const post = await fx.addPost(author.user.id);
    const draft = await fx.addPost(author.user.id, { publishDate: null });
    const scheduled = await fx.addPost(author.user.id, { publishDate: new Date(Date.now() + DAY) });
    expect((await add(post.id, undefined, { body: "Hi" })).status).toBe(401);
    for (const id of [draft.id, crypto.randomUUID(), "bad-id"]) {
      expect((await listOf(id, reader.jar)).status, id).toBe(404);
      expect((await add(id, reader.jar, { body: "Hi" })).status, id).toBe(404);
    }
    // The discussion opens when the post goes live.
    expect((await listOf(scheduled.id, reader.jar)).status).toBe(422);
    expect((await add(scheduled.id, reader.jar, { body: "Hi" })).status).toBe(422);
    expect((await add(draft.id, author.jar, { body: "Note to self" })).status).toBe(201);
  });

  it("a locked pick's discussion: 401 to a visitor, 403 to read and write for non-subscribers; open to subscribers and the author", async () => {
    const author = await fx.makeUser({ expert: true });
    const pick = await fx.addPost(author.user.id, { postType: "Pick" });
    const plain = await fx.makeUser();
    const follower = await fx.makeUser();
    await fx.follow(follower.user.id, author.user.id);
    const expired = await fx.makeUser();
    await fx.subscribe(expired.user.id, author.user.id, "Expired", -DAY);
    const subscriber = await fx.makeUser();
    await fx.subscribe(subscriber.user.id, author.user.id, "Activated");

    expect((await add(pick.id, author.jar, { body: "Author's note" })).status).toBe(201);
    const visitorRead = await listOf(pick.id, undefined);
    expect(visitorRead.status).toBe(401);
    expect(JSON.stringify(visitorRead.body)).not.toContain("Author's note");
    for (const jar of [plain.jar, follower.jar, expired.jar]) {
      const read = await listOf(pick.id, jar);
      expect(read.status).toBe(403);
      expect(read.body.error).toBe(LOCKED);
      expect(JSON.stringify(read.body)).not.toContain("Author's note");
    }
    for (const jar of [plain.jar, follower.jar, expired.jar]) {
      const write = await add(pick.id, jar, { body: "Let me in" });
      expect(write.status).toBe(403);
      expect(write.body.error).toBe(LOCKED);
    }
    expect((await add(pick.id, subscriber.jar, { body: "Subscriber here" })).status).toBe(201);
    const open = await listOf(pick.id, subscriber.jar);
    expect(open.body.items.map((c: { body: string }) => c.body)).toEqual(["Subscriber here", "Author's note"]);
    expect(await countOf(pick.id)).toBe(2);
  });

  it("delete: the comment's author or the post's author; soft, shown while it has replies, hidden otherwise", async () => {
    const author = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    const stranger = await fx.makeUser();
    const post = await fx.addPost(author.user.id);
    const lonely = (await add(post.id, reader.jar, { body: "Lonely" })).body.payload;
    await pause();
    const parent = (await add(post.id, reader.jar, { body: "Parent" })).body.payload;
    const reply = (await add(post.id, stranger.jar, { body: "Reply" })).body.payload;
    const child = (await add(post.id, stranger.jar, { body: "Child", parentId: parent.id })).body.payload;
    expect(await countOf(post.id)).toBe(4);

    expect((await remove(lonely.id)).status).toBe(401);
    expect((await remove(lonely.id, stranger.jar)).status).toBe(403);
    expect((await remove("nope", reader.jar)).status).toBe(404);
    expect((await remove(crypto.randomUUID(), reader.jar)).status).toBe(404);

    expect((await remove(lonely.id, reader.jar)).body).toEqual({ payload: { deleted: true } });
    expect((await remove(lonely.id, reader.jar)).status).toBe(404);
    expect((await remove(parent.id, author.jar)).body).toEqual({ payload: { deleted: true } });
    expect(await countOf(post.id)).toBe(2);

    const after = await listOf(post.id, reader.jar);
    expect(after.body.meta.totalItems).toBe(2);
    const shownParent = after.body.items.find((c: { id: string }) => c.id === parent.id);
    expect(shownParent).toMatchObject({ isDeleted: true, body: null, author: null, canDelete: false });
    expect(shownParent.replies.map((c: { id: string }) => c.id)).toEqual([child.id]);
    expect(after.body.items.map((c: { id: string }) => c.id)).not.toContain(lonely.id);
    expect(JSON.stringify(after.body)).not.toContain("Parent");

    // Deleting the last reply hides the deleted parent too.
    expect((await remove(child.id, stranger.jar)).status).toBe(200);
    const last = await listOf(post.id, reader.jar);
    expect(last.body.items.map((c: { id: string }) => c.id)).toEqual([reply.id]);
    expect(last.body.meta.totalItems).toBe(1);
    expect(await countOf(post.id)).toBe(1);
    expect(await findCommentPage(database.db, post.id, parent.id, 10)).toBeNull();
    // No replies to a deleted comment.
    expect((await add(post.id, reader.jar, { body: "Too late", parentId: lonely.id })).status).toBe(422);
  });

  it("comments are rate-limited per user (RATE_LIMIT_COMMENT)", async () => {
    const limited = makeLoadContext(database.db, { RATE_LIMIT_COMMENT: "2/3600" });
    const author = await fx.makeUser({ expert: true });
    const reader = await fx.makeUser();
    const post = await fx.addPost(author.user.id);
    expect((await add(post.id, reader.jar, { body: "1" }, limited)).status).toBe(201);
    expect((await add(post.id, reader.jar, { body: "2" }, limited)).status).toBe(201);
    const blocked = await add(post.id, reader.jar, { body: "3" }, limited);
    expect(blocked.status).toBe(429);
    expect(await countOf(post.id)).toBe(2);
  });
});
