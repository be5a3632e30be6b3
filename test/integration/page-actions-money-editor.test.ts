/**
 * The routes pages change and read data through for following, subscribing, Cheers, the
 * membership checkout, the settings name check, the post editor and
 * uploads: each calls what its `/api` twin calls and answers `{ok, …}` or
 * `{ok: false, error, statusCode}` (the fetcher's answer), behind the gate its page has.
 * Payments are off here (their Stripe side is stripe-*.test.ts's); hostile input is
 * hostile-forms.test.ts's.
 */
import { describe, expect, it } from "vitest";
import * as businessPage from "~/routes/business";
import * as editorRoute from "~/routes/editor";
import * as editorEventsRoute from "~/routes/editor.events";
import * as editorMarketRoute from "~/routes/editor.market";
import * as cheersRoute from "~/routes/experts.$expertId.cheers";
import * as followRoute from "~/routes/experts.$expertId.follow";
import * as subscriptionRoute from "~/routes/experts.$expertId.subscription";
import * as membershipRoute from "~/routes/membership-checkout";
import * as uploadsRoute from "~/routes/uploads";
import * as userNameRoute from "~/routes/username-availability";
import { testDatabaseEngine } from "../support/database";
import { pageRouteTestbed } from "../support/page-route-testbed";

const { bed, call } = pageRouteTestbed();

const body = JSON.stringify([{ type: "paragraph", children: [{ text: "Pace and rest favour the home side." }] }]);

describe(`the page data routes for money, the editor and uploads (${testDatabaseEngine()})`, () => {
  it("follows and unfollows; refuses following oneself; sends a visitor to sign in", async () => {
    const expert = await bed.fx.makeUser({ expert: true });
    const reader = await bed.fx.makeUser();
    const path = `/experts/${expert.user.id}/follow`;
    const params = { expertId: expert.user.id };
    expect((await call(followRoute.action, path, params, reader.jar, { intent: "follow" })).data).toEqual({
      ok: true,
      isFollowed: true,
    });
    expect((await call(followRoute.action, path, params, reader.jar, { intent: "unfollow" })).data).toEqual({
      ok: true,
      isFollowed: false,
    });
    const self = await call(followRoute.action, path, params, expert.jar, { intent: "follow" });
    expect(self.status).toBe(422);
    expect(self.data).toMatchObject({ ok: false, statusCode: 422 });
    const visitor = await call(followRoute.action, path, params, null, { intent: "follow" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/sign-in\?callbackUrl=/);
  });

  it("subscribes (free while payments are off), says so to the card form's wait, and cancels", async () => {
    const expert = await bed.fx.makeUser({ expert: true });
    const reader = await bed.fx.makeUser();
    const path = `/experts/${expert.user.id}/subscription`;
    const params = { expertId: expert.user.id };
    const subscribed = await call(subscriptionRoute.action, path, params, reader.jar, { intent: "subscribe" });
    expect(subscribed.data).toMatchObject({ ok: true, clientSecret: null, subscription: { status: "Activated" } });
    expect((await call(subscriptionRoute.loader, path, params, reader.jar)).data).toEqual({ ok: true, active: true });
    const cancelled = await call(subscriptionRoute.action, path, params, reader.jar, { intent: "cancel" });
    expect(cancelled.data).toMatchObject({ ok: true, subscription: { status: "Canceled", isActive: true } });
    const unknown = await call(subscriptionRoute.action, path, params, reader.jar, { intent: "nonsense" });
    expect(unknown.status).toBe(400);
  });

  it("sends Cheers in cents to an expert one follows, and puts a bad amount on its field", async () => {
    const expert = await bed.fx.makeUser({ expert: true });
    const reader = await bed.fx.makeUser();
    await bed.fx.follow(reader.user.id, expert.user.id);
    const path = `/experts/${expert.user.id}/cheers`;
    const params = { expertId: expert.user.id };
    const sent = await call(cheersRoute.action, path, params, reader.jar, { amount: "500", message: "Great call" });
    expect(sent.data).toMatchObject({ ok: true, clientSecret: null, cheer: { amount: 500, message: "Great call" } });
    const tooSmall = await call(cheersRoute.action, path, params, reader.jar, { amount: "50", message: "" });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.data).toMatchObject({ ok: false, errors: { amount: ["Cheers should be at least $1"] } });
  });

  it("checks a username for the settings form, and refuses a malformed one with the rule's words", async () => {
    const user = await bed.fx.makeUser();
    const free = await call(userNameRoute.loader, "/username-availability?userName=FreshName77", {}, user.jar);
    expect(free.data).toEqual({ ok: true, userName: "FreshName77", available: true });
    const malformed = await call(userNameRoute.loader, "/username-availability?userName=a", {}, user.jar);
    expect(malformed.status).toBe(400);
    expect(malformed.data).toMatchObject({ ok: false, errors: { userName: [expect.any(String)] } });
  });

  it("the membership checkout makes a user an expert at once while payments are off", async () => {
    const user = await bed.fx.makeUser();
    const answer = await call(membershipRoute.action, "/membership-checkout", {}, user.jar, {});
    expect(answer.data).toEqual({ ok: true, skipExpertPayment: true, clientSecret: null });
    const status = await call(membershipRoute.loader, "/membership-checkout", {}, user.jar);
    expect(status.data).toMatchObject({ ok: true, isExpert: true });
    expect((await call(membershipRoute.loader, "/membership-checkout?paymentIntentId=nope", {}, user.jar)).status).toBe(
      400,
    );
  });

  it("the editor: opens with the sports and bet types, creates and edits a post, reads games and markets", async () => {
    const expert = await bed.fx.makeUser({ expert: true });
    const opened = await call(editorRoute.loader, "/editor", {}, expert.jar);
    const categories = opened.data?.categories as { id: number }[];
    expect(categories.length).toBeGreaterThan(0);
    expect(opened.data).toMatchObject({ ok: true, post: null, modalities: expect.any(Array) });
    const categoryId = await bed.fx.anyCategory();
    const post = `{"postType":"Post","title":"First","body":${body},"categoryId":${categoryId}}`;
    const created = await call(editorRoute.action, "/editor", {}, expert.jar, { post });
    expect(created.data).toMatchObject({ ok: true, post: { title: "First", status: "Draft" } });
    const postId = (created.data?.post as { id: string }).id;
    const edited = await call(editorRoute.action, "/editor", {}, expert.jar, {
      postId,
      post: post.replace('"First"', '"Second"'),
    });
    expect(edited.data).toMatchObject({ ok: true, post: { id: postId, title: "Second" } });
    const reopened = await call(editorRoute.loader, `/editor?post=${postId}`, {}, expert.jar);
    expect(reopened.data).toMatchObject({ ok: true, post: { id: postId, title: "Second" } });
    const refused = await call(editorRoute.action, "/editor", {}, expert.jar, { post: '{"postType":"Post"}' });
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({ ok: false, errors: { title: ["Required"] } });

    const game = await bed.fx.addEvent({ categoryId });
    const listed = await call(editorEventsRoute.loader, `/editor/events?categoryId=${categoryId}`, {}, expert.jar);
    expect((listed.data?.items as { id: number }[]).map((event) => event.id)).toContain(game.id);
    const one = await call(editorEventsRoute.loader, `/editor/events?id=${game.id}`, {}, expert.jar);
    expect(one.data).toMatchObject({ ok: true, event: { id: game.id, homeTeam: "Los Angeles Lakers" } });
    const market = await call(editorMarketRoute.loader, `/editor/market?eventId=${game.id}`, {}, expert.jar);
    expect(market.data).toMatchObject({ ok: true, market: { eventId: game.id, offers: expect.any(Array) } });
    expect((await call(editorMarketRoute.loader, "/editor/market?eventId=0", {}, expert.jar)).status).toBe(404);

    // Experts only, as the page's editor is.
    const reader = await bed.fx.makeUser();
    expect((await call(editorRoute.loader, "/editor", {}, reader.jar)).status).toBe(403);

    // Typed in the address bar, /editor opens the editor itself, not its data.
    const typed = (path: string) =>
      editorRoute
        .loader({
          request: new Request(`http://localhost${path}`, {
            headers: { Cookie: expert.jar.header(), "Sec-Fetch-Dest": "document" },
          }),
          params: {},
          context: bed.context,
        } as never)
        .then(
          () => null,
          (thrown: Response) => [thrown.status, thrown.headers.get("Location")],
        );
    expect(await typed("/editor")).toEqual([302, "/?createEditPost=NEW"]);
    expect(await typed(`/editor?post=${postId}`)).toEqual([302, `/posts/${postId}?createEditPost=${postId}`]);
  });

  it("uploads: presigns an image and refuses another type in the presign's words", async () => {
    const user = await bed.fx.makeUser();
    const presigned = await call(uploadsRoute.action, "/uploads", {}, user.jar, {
      intent: "presign",
      type: "image/png",
    });
    expect(presigned.data).toMatchObject({ ok: true, url: expect.any(String), fields: { key: expect.any(String) } });
    const refused = await call(uploadsRoute.action, "/uploads", {}, user.jar, {
      intent: "presign",
      type: "application/pdf",
    });
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({ ok: false, errors: { type: [expect.any(String)] } });
    expect(
      (await call(uploadsRoute.action, "/uploads", {}, null, { intent: "presign", type: "image/png" })).status,
    ).toBe(401);
  });

  it("/business: the payment account's buttons are refused while payments are off; the price is saved", async () => {
    const expert = await bed.fx.makeUser({ expert: true });
    const connect = await call(businessPage.action, "/business", {}, expert.jar, { intent: "connect" });
    expect(connect.status).toBe(422);
    expect(connect.data).toMatchObject({ ok: false, statusCode: 422 });
    const price = await call(businessPage.action, "/business", {}, expert.jar, {
      intent: "price",
      price: "24.99",
      description: " Daily ",
    });
    expect(price.data).toMatchObject({ intent: "price", ok: true });
    const overview = await call(businessPage.loader, "/business", {}, expert.jar);
    expect(overview.data).toMatchObject({ subscriptionPrice: { price: 2499, description: "Daily" } });
  });
});
