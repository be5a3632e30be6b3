/**
 * The routes pages change and read data through: the post controls'
 * actions, the post page's delete and withdraw, the discussion, the list pages behind "Load
 * more", the search box's suggestions and the notification counters. Each answers what its
 * `/api` twin answers, as `{ok, …}` or `{ok: false, error, statusCode}` (the fetcher's answer),
 * behind the gate its page has. Hostile input is hostile-forms.test.ts's.
 */
import { describe, expect, it } from "vitest";
import { COMMENT_MESSAGES } from "~/modules/posts/comment-rules";
import * as listsRoute from "~/routes/lists.$list";
import * as unreadRoute from "~/routes/notifications_.unread";
import * as notificationListRoute from "~/routes/notifications_.list";
import * as postPage from "~/routes/posts.$postId";
import * as commentsRoute from "~/routes/posts.$postId_.comments";
import * as likeRoute from "~/routes/posts.$postId_.like";
import * as notifyRoute from "~/routes/posts.$postId_.notify";
import * as suggestionsRoute from "~/routes/search_.suggestions";
import { testDatabaseEngine } from "../support/database";
import { pageRouteTestbed } from "../support/page-route-testbed";
import { DAY } from "../support/post-fixtures";

const { bed, call } = pageRouteTestbed();

describe(`the page data routes (${testDatabaseEngine()})`, () => {
  it("likes and unlikes a post as the API does, and sends a visitor to sign in", async () => {
    const author = await bed.fx.makeUser({ expert: true });
    const reader = await bed.fx.makeUser();
    const post = await bed.fx.addPost(author.user.id);
    const path = `/posts/${post.id}/like`;
    const params = { postId: post.id };
    expect((await call(likeRoute.action, path, params, reader.jar, { liked: "true" })).data).toEqual({
      ok: true,
      liked: true,
      likesCount: 1,
    });
    expect((await call(likeRoute.action, path, params, reader.jar, { liked: "false" })).data).toEqual({
      ok: true,
      liked: false,
      likesCount: 0,
    });
    const visitor = await call(likeRoute.action, path, params, null, { liked: "true" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe(`/sign-in?callbackUrl=${encodeURIComponent(path)}`);
    // Back from signing in: the post, not the action's address.
    expect((await call(likeRoute.loader, path, params, reader.jar)).location).toBe(`/posts/${post.id}`);
    const missing = await call(likeRoute.action, "/posts/x/like", { postId: "x" }, reader.jar, { liked: "true" });
    expect(missing).toMatchObject({ status: 404, data: { ok: false, statusCode: 404 } });
  });

  it("asks notify-me for a scheduled post", async () => {
    const author = await bed.fx.makeUser({ expert: true });
    const reader = await bed.fx.makeUser();
    const post = await bed.fx.addPost(author.user.id, { publishDate: new Date(Date.now() + DAY) });
    const answer = await call(notifyRoute.action, `/posts/${post.id}/notify`, { postId: post.id }, reader.jar, {
      notify: "true",
    });
    expect(answer.data).toEqual({ ok: true, isNotifyRequested: true });
  });

  it("deletes its author's post from the post page; anyone else's is the API's 403", async () => {
    const author = await bed.fx.makeUser({ expert: true });
    const other = await bed.fx.makeUser();
    const post = await bed.fx.addPost(author.user.id);
    const path = `/posts/${post.id}`;
    const refused = await call(postPage.action, path, { postId: post.id }, other.jar, { intent: "delete" });
    expect(refused).toMatchObject({ status: 403, data: { ok: false, statusCode: 403 } });
    const deleted = await call(postPage.action, path, { postId: post.id }, author.jar, { intent: "delete" });
    expect(deleted.data).toEqual({ ok: true, intent: "delete" });
    const gone = await call(postPage.loader, path, { postId: post.id }, author.jar);
    expect(gone.status).toBe(404);
  });

  it("adds, pages and deletes comments; a locked pick's discussion is refused with the API's text", async () => {
    const author = await bed.fx.makeUser({ expert: true });
    const reader = await bed.fx.makeUser();
    const post = await bed.fx.addPost(author.user.id);
    const path = `/posts/${post.id}/comments`;
    const params = { postId: post.id };
    const added = await call(commentsRoute.action, path, params, reader.jar, { intent: "add", body: " First! " });
    expect(added.data).toMatchObject({ ok: true, intent: "add", comment: { body: "First!", canDelete: true } });
    const commentId = (added.data!.comment as { id: string }).id;
    const page = await call(commentsRoute.loader, `${path}?page=1&size=10`, params, null);
    expect(page.data).toMatchObject({ ok: true, totalItems: 1, items: [{ id: commentId }] });
    const removed = await call(commentsRoute.action, path, params, reader.jar, { intent: "delete", commentId });
    expect(removed.data).toEqual({ ok: true, intent: "delete", commentId });
    const tooLong = await call(commentsRoute.action, path, params, reader.jar, {
      intent: "add",
      body: "x".repeat(2001),
    });
    expect(tooLong).toMatchObject({ status: 422, data: { ok: false, errors: { body: [COMMENT_MESSAGES.tooLong] } } });

    const pick = await bed.fx.addPost(author.user.id, { postType: "Pick" });
    const locked = await call(
      commentsRoute.loader,
      `/posts/${pick.id}/comments?page=1`,
      { postId: pick.id },
      reader.jar,
    );
    expect(locked).toMatchObject({ status: 403, data: { ok: false, error: COMMENT_MESSAGES.locked } });
  });

  it("serves the next page of a list behind its page's gate", async () => {
    const author = await bed.fx.makeUser({ expert: true });
    const reader = await bed.fx.makeUser();
    await bed.fx.follow(reader.user.id, author.user.id);
    for (let i = 0; i < 3; i++) await bed.fx.addPost(author.user.id, { title: `Feed post ${i}` });
    const feed = await call(listsRoute.loader, "/lists/feed?page=2&size=2", { list: "feed" }, reader.jar);
    expect(feed.data).toMatchObject({ ok: true, page: 2, totalPages: 2 });
    expect((feed.data!.items as object[]).map((item) => "body" in item)).toEqual([false]);
    const posts = await call(
      listsRoute.loader,
      `/lists/posts?expertId=${author.user.id}&page=1&size=10`,
      { list: "posts" },
      null,
    );
    expect(posts.data).toMatchObject({ ok: true, page: 1, totalPages: 1 });
    expect((await call(listsRoute.loader, "/lists/feed?page=1", { list: "feed" }, null)).status).toBe(302);
    expect((await call(listsRoute.loader, "/lists/toString", { list: "toString" }, reader.jar)).status).toBe(404);
    const badPage = await call(listsRoute.loader, "/lists/liked?page=0", { list: "liked" }, reader.jar);
    expect(badPage).toMatchObject({ status: 400, data: { ok: false, statusCode: 400 } });
  });

  it("suggests experts, categories and posts for the header search", async () => {
    const author = await bed.fx.makeUser({ expert: true });
    await bed.fx.addPost(author.user.id, { title: "Zanzibar special" });
    const answer = await call(suggestionsRoute.loader, "/search/suggestions?searchValue=Zanzibar&topCount=5", {}, null);
    expect(answer.data).toMatchObject({ ok: true, results: { postsInfo: [{ title: "Zanzibar special" }] } });
  });

  it("counts the unread notifications (a 401 answer for a visitor) and marks them read", async () => {
    const reader = await bed.fx.makeUser();
    expect((await call(unreadRoute.loader, "/notifications/unread", {}, null)).data).toMatchObject({
      ok: false,
      statusCode: 401,
    });
    expect((await call(unreadRoute.loader, "/notifications/unread", {}, reader.jar)).data).toEqual({
      ok: true,
      newNotificationsCount: 0,
    });
    const marked = await call(unreadRoute.action, "/notifications/unread", {}, reader.jar, {
      tillDate: new Date().toISOString(),
    });
    expect(marked.data).toEqual({ ok: true, newNotificationsCount: 0 });
    const list = await call(notificationListRoute.loader, "/notifications/list?size=5", {}, reader.jar);
    expect(list.data).toEqual({ ok: true, items: [], hasNextPage: false, endCursor: null });
  });
});
