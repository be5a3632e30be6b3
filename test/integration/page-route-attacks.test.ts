/**
 * The page data routes against someone trying to abuse them: each acts
 * as the session's user whatever the form says, on that user's own things only, and reads through
 * the same paywall as the page. Hostile input (malformed, oversized, repeated fields) is
 * hostile-forms.test.ts's; a cross-site POST is refused before any route runs (test/e2e/api.spec.ts).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts } from "~/db/schema";
import { POST_RULE_MESSAGES } from "~/modules/posts/post-writes.server";
import * as editorRoute from "~/routes/editor";
import * as subscriptionRoute from "~/routes/experts.$expertId.subscription";
import * as listsRoute from "~/routes/lists.$list";
import * as postPage from "~/routes/posts.$postId";
import * as commentsRoute from "~/routes/posts.$postId_.comments";
import * as pickResultRoute from "~/routes/posts.$postId_.pick-result";
import * as suggestionsRoute from "~/routes/search_.suggestions";
import { testDatabaseEngine } from "../support/database";
import { pageRouteTestbed } from "../support/page-route-testbed";

const { bed, call } = pageRouteTestbed();

async function postRow(id: string) {
  const [row] = await bed.database.db.select().from(posts).where(eq(posts.id, id));
  return row;
}

describe(`the page data routes against abuse (${testDatabaseEngine()})`, () => {
  it("grades only the author's own pick, and never one the final score grades", async () => {
    const author = await bed.fx.makeUser({ expert: true });
    const rival = await bed.fx.makeUser({ expert: true });
    const pick = await bed.fx.addPost(author.user.id, { postType: "Pick" });
    const path = `/posts/${pick.id}/pick-result`;

    const byRival = await call(pickResultRoute.action, path, { postId: pick.id }, rival.jar, { pickResult: "Loss" });
    expect(byRival).toMatchObject({ status: 403, data: { ok: false, statusCode: 403 } });
    // The author's own spread on a game is graded from the final score, not by hand.
    const byAuthor = await call(pickResultRoute.action, path, { postId: pick.id }, author.jar, { pickResult: "Win" });
    expect(byAuthor).toMatchObject({
      status: 422,
      data: { ok: false, error: POST_RULE_MESSAGES.gradedFromScore },
    });
    expect((await postRow(pick.id)).pickResult).toBeNull();
  });

  it("edits, deletes and withdraws only the author's own posts, whatever post id the form names", async () => {
    const author = await bed.fx.makeUser({ expert: true });
    const rival = await bed.fx.makeUser({ expert: true });
    const post = await bed.fx.addPost(author.user.id, { title: "The author's words" });
    const pick = await bed.fx.addPost(author.user.id, { postType: "Pick" });
    const categoryId = await bed.fx.anyCategory();
    const rewrite = JSON.stringify({
      postType: "Post",
      title: "Rewritten by a rival",
      body: [bed.fx.paragraph("Not the author's words")],
      categoryId,
    });

    const edited = await call(editorRoute.action, "/editor", {}, rival.jar, { postId: post.id, post: rewrite });
    expect(edited).toMatchObject({ status: 403, data: { ok: false, statusCode: 403 } });
    expect((await postRow(post.id)).title).toBe("The author's words");

    for (const [id, intent] of [
      [post.id, "delete"],
      [pick.id, "withdraw"],
    ] as const) {
      const refused = await call(postPage.action, `/posts/${id}`, { postId: id }, rival.jar, { intent });
      expect(refused, intent).toMatchObject({ status: 403, data: { ok: false, statusCode: 403 } });
    }
    expect((await postRow(post.id)).status).toBe("Published");
    expect((await postRow(pick.id)).withdrawnAt).toBeNull();
  });

  it("deletes only one's own comment", async () => {
    const author = await bed.fx.makeUser({ expert: true });
    const reader = await bed.fx.makeUser();
    const stranger = await bed.fx.makeUser();
    const post = await bed.fx.addPost(author.user.id);
    const path = `/posts/${post.id}/comments`;
    const added = await call(commentsRoute.action, path, { postId: post.id }, reader.jar, {
      intent: "add",
      body: "Mine",
    });
    const commentId = (added.data!.comment as { id: string }).id;

    const byStranger = await call(commentsRoute.action, path, { postId: post.id }, stranger.jar, {
      intent: "delete",
      commentId,
    });
    expect(byStranger).toMatchObject({ status: 403, data: { ok: false, statusCode: 403 } });
    const page = await call(commentsRoute.loader, `${path}?page=1&size=10`, { postId: post.id }, null);
    expect(page.data).toMatchObject({ totalItems: 1, items: [{ id: commentId, body: "Mine" }] });
  });

  it("keeps a pick's body from non-subscribers in the lists and the search box, and shows it to subscribers", async () => {
    const author = await bed.fx.makeUser({ expert: true });
    const follower = await bed.fx.makeUser();
    const subscriber = await bed.fx.makeUser();
    await bed.fx.follow(follower.user.id, author.user.id);
    await bed.fx.subscribe(subscriber.user.id, author.user.id);
    const secret = `Quokkaline${Date.now()}`;
    // Past the preview (the opening every reader sees): the analysis only subscribers read.
    const opening = bed.fx.paragraph(
      "The line moved two points after the injury report came out on Friday. ".repeat(6),
    );
    await bed.fx.addPost(author.user.id, {
      postType: "Pick",
      title: "Tonight's side",
      body: [opening, bed.fx.paragraph(secret)],
    });

    const listPath = `/lists/posts?expertId=${author.user.id}&page=1&size=10`;
    const searchPath = `/search/suggestions?searchValue=${secret}&topCount=5`;
    for (const [who, jar] of [
      ["visitor", null],
      ["follower", follower.jar],
    ] as const) {
      const list = await call(listsRoute.loader, listPath, { list: "posts" }, jar);
      expect(JSON.stringify(list.data), who).not.toContain(secret);
      expect(list.data, who).toMatchObject({ items: [{ title: "Tonight's side", isLocked: true }] });
      expect((list.data!.items as object[])[0], who).not.toHaveProperty("body");
      const found = await call(suggestionsRoute.loader, searchPath, {}, jar);
      expect(found.data, who).toMatchObject({ ok: true, results: { postsInfo: [] } });
    }
    // Lists carry cards (no bodies): for the subscriber the card is unlocked.
    const list = await call(listsRoute.loader, listPath, { list: "posts" }, subscriber.jar);
    expect(list.data).toMatchObject({ items: [{ title: "Tonight's side", isLocked: false }] });
    const found = await call(suggestionsRoute.loader, searchPath, {}, subscriber.jar);
    expect(found.data).toMatchObject({ results: { postsInfo: [{ title: "Tonight's side" }] } });
  });

  it("refuses subscribing to oneself", async () => {
    const expert = await bed.fx.makeUser({ expert: true });
    const path = `/experts/${expert.user.id}/subscription`;
    const answer = await call(subscriptionRoute.action, path, { expertId: expert.user.id }, expert.jar, {
      intent: "subscribe",
    });
    expect(answer).toMatchObject({ status: 422, data: { ok: false, statusCode: 422 } });
  });
});
