/**
 * Corrections with a trail (decision 026): a result already in is corrected only by an
 * admin, with a reason; the correction is appended (the result it replaces stays readable), the
 * picks on the game are regraded and name it, the figures are rebuilt; the database refuses any
 * other way to change a result or a grade.
 */
import { and, eq, sql } from "drizzle-orm";
import { createRemixStub } from "@remix-run/testing";
import { Outlet } from "@remix-run/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostPickBox } from "~/components/posts/post-page-pick";
import { eventResultCorrections, events, expertStandings, posts } from "~/db/schema";
import * as adminEventsPage from "~/routes/admin.events";
import EventPage, * as eventPage from "~/routes/events.$eventId";
import * as correctionRoute from "~/routes/api.events.$id.correction";
import * as resultsRoute from "~/routes/api.events.results";
import * as recordRoute from "~/routes/api.experts.$expertId.record";
import * as postRoute from "~/routes/api.posts.$postId";
import { refused, runPage as runPageModule } from "../support/record";
import { renderToHtml } from "../support/render-html";
import { expectConsoleError } from "../support/console-errors";
import { callRoute, type CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { postFixtures } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fixtures: ReturnType<typeof postFixtures>;
let admin: CookieJar;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example" });
  fixtures = postFixtures(database.db, context);
  admin = (await fixtures.makeUser({ admin: true })).jar;
});
afterAll(() => database?.close());

const correct = (eventId: number | string, jar: CookieJar | undefined, body: unknown) =>
  callRoute(correctionRoute, context, {
    method: "POST",
    path: `/api/events/${eventId}/correction`,
    params: { id: String(eventId) },
    jar,
    body,
  });
const trail = (eventId: number | string) =>
  callRoute(correctionRoute, context, { path: `/api/events/${eventId}/correction`, params: { id: String(eventId) } });
const importResult = (result: object) =>
  callRoute(resultsRoute, context, { method: "POST", path: "/api/events/results", jar: admin, body: [result] });
const readPost = (id: string) =>
  callRoute(postRoute, context, { path: `/api/posts/${id}`, params: { postId: id } }).then((r) => r.body.payload);
const row = (id: string) => database.db.query.posts.findFirst({ where: eq(posts.id, id) });
const record = (userName: string) =>
  callRoute(recordRoute, context, { path: `/api/experts/${userName}/record`, params: { expertId: userName } }).then(
    (r) => r.body.payload.overall.all,
  );

/**
 * An expert's Lakers -4.5 at -110 (home) on a game that then starts and ends `home`–`away`:
 * the pick graded by the results import.
 */
async function gradedSpread(home: number, away: number) {
  const expert = await fixtures.makeUser({ expert: true });
  const pick = await fixtures.addPost(expert.user.id, { postType: "Pick", publishDate: new Date() });
  const eventId = pick.eventId!;
  await fixtures.startEvent(eventId);
  const imported = await importResult({ eventId, status: "Final", homeScore: home, awayScore: away });
  expect(imported.body.payload).toEqual({ eventsUpdated: 1, picksGraded: 1 });
  return { expert, pick, eventId };
}

describe(`POST /api/events/{id}/correction (${testDatabaseEngine()})`, () => {
  it("appends the correction, keeps the result it replaces, regrades the pick (Loss → Win), rebuilds the figures, and the pick names it", async () => {
    // 100–98: Lakers -4.5 loses. Corrected to 105–98: it covers.
    const expert = await fixtures.makeUser({ expert: true });
    const pick = await fixtures.addPost(expert.user.id, { postType: "Pick", publishDate: new Date() });
    const eventId = pick.eventId!;
    // A moneyline on the home side of the same game: a win either way, so not regraded.
    const [moneyline] = await database.db
      .insert(posts)
      .values({
        authorId: expert.user.id,
        postType: "Pick",
        title: "Lakers ML",
        body: [fixtures.paragraph("Why.")],
        visibility: "Subscribers",
        status: "Published",
        publishDate: new Date(),
        categoryId: pick.categoryId,
        eventId,
        market: "Moneyline",
        legs: [{ eventId, market: "Moneyline", side: "Home", line: null, odds: 150, description: null }],
        selection: "Lakers ML",
        odds: 150,
        units: 1,
      })
      .returning();
    await fixtures.startEvent(eventId);
    expect((await importResult({ eventId, status: "Final", homeScore: 100, awayScore: 98 })).body.payload).toEqual({
      eventsUpdated: 1,
      picksGraded: 2,
    });
    expect(await row(pick.id)).toMatchObject({ pickResult: "Loss", resultCorrectedAt: null });
    const gradedAt = (await row(pick.id))!.gradedAt;
    expect(await record(expert.user.userName)).toMatchObject({ wins: 1, losses: 1, units: 0.5 });

    const response = await correct(eventId, admin, {
      status: "Final",
      homeScore: 105,
      awayScore: 98,
      reason: "  Official box score: the home side scored 105.  ",
    });
    expect(response.status).toBe(200);
    const { correction, picksRegraded, picksGraded } = response.body.payload;
    expect({ picksRegraded, picksGraded }).toEqual({ picksRegraded: 1, picksGraded: 0 });
    expect(correction).toMatchObject({
      eventId,
      status: "Final",
      homeScore: 105,
      awayScore: 98,
      previous: { status: "Final", homeScore: 100, awayScore: 98 },
      reason: "Official box score: the home side scored 105.",
    });
    expect(Date.now() - Date.parse(correction.correctedAt)).toBeLessThan(60_000);

    // The event: the new score; the time its result first came in stays.
    const event = await database.db.query.events.findFirst({ where: eq(events.id, eventId) });
    expect(event).toMatchObject({ status: "Final", homeScore: 105, awayScore: 98 });
    // The pick: regraded, first grading time kept, the correction named.
    const regraded = (await row(pick.id))!;
    expect(regraded).toMatchObject({
      pickResult: "Win",
      settledOdds: -110,
      resultCorrectionReason: "Official box score: the home side scored 105.",
    });
    expect(regraded.gradedAt).toEqual(gradedAt);
    expect(regraded.resultCorrectedAt!.toISOString()).toBe(correction.correctedAt);
    // The moneyline's grade stands and names no correction.
    expect(await row(moneyline.id)).toMatchObject({
      pickResult: "Win",
      resultCorrectedAt: null,
      resultCorrectionReason: null,
    });
    // The figures, from the picks again: 2–0, +2.41 units.
    expect(await record(expert.user.userName)).toMatchObject({ wins: 2, losses: 0, units: 2.41 });
    const standing = await database.db.query.expertStandings.findFirst({
      where: and(
        eq(expertStandings.expertId, expert.user.id),
        eq(expertStandings.categoryId, 0),
        eq(expertStandings.window, "all"),
      ),
    });
    expect(standing).toMatchObject({ wins: 2, losses: 0, streakKind: "W", streakLength: 2 });
    expect(standing!.profit).toBeCloseTo(2.4091, 3);
    // The post's answer carries it (the pick page says "Result corrected on … (reason)").
    const dto = await readPost(pick.id);
    expect(dto.resultCorrection).toEqual({
      correctedAt: correction.correctedAt,
      reason: "Official box score: the home side scored 105.",
    });
    const day = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: "America/New_York",
    }).format(new Date(correction.correctedAt));
    const box = renderToString(createElement(PostPickBox, { post: dto, pickResult: dto.pickResult })).replace(
      /<!-- -->/g,
      "",
    );
    expect(box).toContain(
      `Result corrected on <time dateTime="${correction.correctedAt}">${day}</time> (Official box score: the home side scored 105.)`,
    );

    // The trail is public: anyone reads it.
    const listed = await trail(eventId);
    expect(listed.status).toBe(200);
    expect(listed.body.payload).toEqual([correction]);

    // A second correction appends again: the game is cancelled after all (the pick is void).
    const again = await correct(eventId, admin, {
      status: "Canceled",
      homeScore: 105,
      awayScore: 98,
      reason: "Forfeit ruled by the league",
    });
    expect(again.status).toBe(200);
    expect(again.body.payload.correction).toMatchObject({
      status: "Canceled",
      homeScore: null,
      awayScore: null,
      previous: { status: "Final", homeScore: 105, awayScore: 98 },
    });
    expect(again.body.payload.picksRegraded).toBe(2);
    const twice = (await trail(eventId)).body.payload;
    expect(twice.map((entry: { reason: string }) => entry.reason)).toEqual([
      "Forfeit ruled by the league",
      "Official box score: the home side scored 105.",
    ]);
    expect(twice[1].previous).toEqual({ status: "Final", homeScore: 100, awayScore: 98 });
    expect(await row(pick.id)).toMatchObject({
      pickResult: "Void",
      resultCorrectionReason: "Forfeit ruled by the league",
    });
    expect(await row(moneyline.id)).toMatchObject({
      pickResult: "Void",
      resultCorrectionReason: "Forfeit ruled by the league",
    });
    expect(await record(expert.user.userName)).toMatchObject({ wins: 0, losses: 0, voids: 2, units: 0 });
    expect((await readPost(pick.id)).resultCorrection.reason).toBe("Forfeit ruled by the league");
  });

  it("the game's page shows its trail: when, the result it replaced, the new result and the reason", async () => {
    const { eventId } = await gradedSpread(100, 98);
    const response = await correct(eventId, admin, {
      status: "Final",
      homeScore: 110,
      awayScore: 98,
      reason: "Official box score",
    });
    expect(response.status).toBe(200);
    const loaded = (await eventPage.loader({
      request: new Request(`http://localhost/events/${eventId}`),
      params: { eventId: String(eventId) },
      context,
    } as never)) as { corrections: { reason: string }[] };
    expect(loaded.corrections).toHaveLength(1);
    const Stub = createRemixStub([
      {
        id: "root",
        path: "/",
        Component: Outlet,
        children: [{ id: "page", path: "events/:eventId", Component: EventPage }],
      },
    ]);
    // The stub's memory router uses useLayoutEffect, which React warns about on the server.
    const html = await expectConsoleError(/useLayoutEffect does nothing on the server/, () =>
      renderToHtml(
        createElement(Stub, {
          initialEntries: [`/events/${eventId}`],
          hydrationData: { loaderData: { root: {}, page: loaded } },
        }),
      ),
    );
    const trailHtml = /<section[^>]*aria-labelledby="corrections-heading"[^>]*>(.*?)<\/section>/s.exec(html)?.[1] ?? "";
    expect(trailHtml).toContain("Result corrected");
    // Away first, as the game's title reads.
    expect(trailHtml).toContain("Final, 98-100 → Final, 98-110");
    expect(trailHtml).toContain("Reason: Official box score");
    expect(trailHtml).toContain(
      `dateTime="${(response.body.payload as { correction: { correctedAt: string } }).correction.correctedAt}"`,
    );
  });

  it("a correction that leaves a pick's grade as it was does not regrade it", async () => {
    const { pick, eventId } = await gradedSpread(100, 90);
    const response = await correct(eventId, admin, {
      status: "Final",
      homeScore: 101,
      awayScore: 90,
      reason: "A late free throw",
    });
    expect(response.body.payload.picksRegraded).toBe(0);
    expect(await row(pick.id)).toMatchObject({
      pickResult: "Win",
      resultCorrectedAt: null,
      resultCorrectionReason: null,
    });
    expect((await readPost(pick.id)).resultCorrection).toBeNull();
  });

  it("admins only; the reason is required; a game without a result, the same result, bad input: 422; an unknown game: 404", async () => {
    const { eventId } = await gradedSpread(100, 98);
    const user = await fixtures.makeUser();
    const expert = await fixtures.makeUser({ expert: true });
    const body = { status: "Final", homeScore: 105, awayScore: 98, reason: "Box score" };
    expect((await correct(eventId, undefined, body)).status).toBe(401);
    expect((await correct(eventId, user.jar, body)).status).toBe(403);
    expect((await correct(eventId, expert.jar, body)).status).toBe(403);

    const invalid = async (input: object) => {
      const response = await correct(eventId, admin, input);
      expect(response.status).toBe(422);
      return response.body.errors;
    };
    expect(await invalid({ status: "Final", homeScore: 105, awayScore: 98 })).toEqual({ reason: ["Required"] });
    expect(await invalid({ ...body, reason: "   " })).toEqual({ reason: ["Required"] });
    expect(await invalid({ ...body, reason: "x".repeat(501) })).toEqual({
      reason: ["Must contain at most 500 character(s)"],
    });
    expect(await invalid({ status: "Final", homeScore: 105, reason: "Box score" })).toEqual({
      awayScore: ["A final result needs both scores"],
    });
    expect(await invalid({ ...body, status: "Postponed", homeScore: -1, awayScore: 1.5 })).toEqual({
      status: ["Invalid input"],
      homeScore: ["Scores are whole numbers from 0 to 999"],
      awayScore: ["Scores are whole numbers from 0 to 999"],
    });
    expect(await invalid({ ...body, homeScore: 100 })).toEqual({
      status: ["The correction is the result already in."],
    });
    expect((await correct(eventId, admin, { ...body, reason: "x".repeat(500) })).status).toBe(200);

    // A game without a result is given one, not corrected.
    const pending = await fixtures.addEvent({ startsInMs: -60_000 });
    const noResult = await correct(pending.id, admin, body);
    expect(noResult.status).toBe(422);
    expect(noResult.body.errors).toEqual({
      eventId: ["This event has no result yet: enter it instead of correcting it."],
    });
    expect((await trail(pending.id)).body.payload).toEqual([]);

    expect((await correct(999_999, admin, body)).status).toBe(404);
    expect((await correct("abc", admin, body)).status).toBe(404);
    expect((await trail(999_999)).status).toBe(404);
    expect((await correct(eventId, admin, "{oops")).status).toBe(400);
    // Nothing but the one accepted correction was appended.
    expect(await database.db.$count(eventResultCorrections, eq(eventResultCorrections.eventId, eventId))).toBe(1);
  });
});

describe(`the database keeps the trail (${testDatabaseEngine()})`, () => {
  it("refuses a result changed without a correction, a correction rewritten or removed, a grade changed without its correction", async () => {
    const { pick, eventId } = await gradedSpread(100, 98);
    const db = database.db;
    await refused(
      db.update(events).set({ homeScore: 105 }).where(eq(events.id, eventId)),
      "This event's result is in: it can no longer change.",
    );
    await refused(
      db.execute(sql`UPDATE posts SET pick_result = 'Win' WHERE id = ${pick.id}`),
      "This pick has already been graded.",
    );
    // A correction appended straight into the table does not free the pick's grade for any reason but its own.
    await refused(
      db.transaction(async (tx) => {
        await tx
          .insert(eventResultCorrections)
          .values({ eventId, status: "Final", homeScore: 105, awayScore: 98, reason: "Box score" });
        await tx.execute(
          sql`UPDATE posts SET pick_result = 'Win', result_corrected_at = now(), result_correction_reason = 'Something else' WHERE id = ${pick.id}`,
        );
      }),
      "This pick has already been graded.",
    );
    // Nor may a correction's time be written by its writer, nor a correction repeat the result.
    await refused(
      db
        .insert(eventResultCorrections)
        .values({ eventId, status: "Final", homeScore: 100, awayScore: 98, reason: "Same" }),
      "The correction is the result already in.",
    );

    expect(
      (await correct(eventId, admin, { status: "Final", homeScore: 105, awayScore: 98, reason: "Box score" })).status,
    ).toBe(200);
    const [entry] = await db.select().from(eventResultCorrections).where(eq(eventResultCorrections.eventId, eventId));
    await refused(
      db.update(eventResultCorrections).set({ reason: "Rewritten" }).where(eq(eventResultCorrections.id, entry.id)),
      "This record is append-only",
    );
    await refused(
      db.execute(sql`DELETE FROM event_result_corrections WHERE id = ${entry.id}`),
      "This record is append-only",
    );
    // Once corrected, the grade is as fixed as before.
    await refused(
      db.update(posts).set({ pickResult: "Loss" }).where(eq(posts.id, pick.id)),
      "This pick has already been graded.",
    );
    expect(await row(pick.id)).toMatchObject({ pickResult: "Win" });
  });
});

/** The admin page's loader (GET) or action (POST, a form) as Remix runs them. */
const runPage = (path: string, jar?: CookieJar, fields?: Record<string, string>) =>
  runPageModule(adminEventsPage, context, path, jar, fields);

describe(`/admin/events: correct a result (${testDatabaseEngine()})`, () => {
  it("lists the latest results and corrections; the form corrects with a reason and answers in words", async () => {
    const { pick, eventId } = await gradedSpread(100, 98);
    const user = await fixtures.makeUser();
    const form = {
      intent: "correct",
      eventId: String(eventId),
      status: "Final",
      homeScore: "105",
      awayScore: "98",
      reason: "Scorer's error",
    };
    expect((await runPage("/admin/events", user.jar, form)).status).toBe(403);

    const page = await runPage(`/admin/events?correct=${eventId}`, admin);
    const correcting = page.body!.correcting as {
      recentResults: { id: number }[];
      prefill: { id: number; homeScore: number } | null;
    };
    expect(correcting.recentResults[0].id).toBe(eventId);
    expect(correcting.recentResults.length).toBeLessThanOrEqual(20);
    expect(correcting.prefill).toMatchObject({ id: eventId, homeScore: 100 });

    const noReason = await runPage("/admin/events", admin, { ...form, reason: " " });
    expect(noReason.status).toBe(422);
    expect(noReason.body).toMatchObject({ ok: false, correctionErrors: { reason: ["Required"] } });
    const noGame = await runPage("/admin/events", admin, { ...form, eventId: "" });
    expect(noGame.body).toMatchObject({ ok: false, correctionErrors: { eventId: ["Required"] } });
    const unknown = await runPage("/admin/events", admin, { ...form, eventId: "999999" });
    expect(unknown).toMatchObject({ status: 422, body: { correctionErrors: { eventId: ["Unknown event"] } } });
    const awaiting = await fixtures.addEvent({ startsInMs: -60_000 });
    const notYet = await runPage("/admin/events", admin, { ...form, eventId: String(awaiting.id) });
    expect(notYet).toMatchObject({
      status: 422,
      body: { correctionErrors: { eventId: ["This event has no result yet: enter it instead of correcting it."] } },
    });

    const done = await runPage("/admin/events", admin, form);
    expect(done).toMatchObject({ status: 200, body: { ok: true, message: "Result corrected: 1 pick regraded." } });
    expect(await row(pick.id)).toMatchObject({ pickResult: "Win", resultCorrectionReason: "Scorer's error" });
    const same = await runPage("/admin/events", admin, form);
    expect(same).toMatchObject({
      status: 422,
      body: { correctionErrors: { status: ["The correction is the result already in."] } },
    });

    const after = (await runPage("/admin/events", admin)).body!.correcting as {
      corrections: { eventId: number; reason: string; previous: { homeScore: number }; homeTeam: string }[];
    };
    expect(after.corrections[0]).toMatchObject({
      eventId,
      reason: "Scorer's error",
      previous: { homeScore: 100 },
      homeTeam: "Los Angeles Lakers",
    });
  });
});
