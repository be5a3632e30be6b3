/**
 * The demo looks alive: pictures made at seed time and stored as uploads the image
 * proxy serves, posts of several shapes in each sport's words, games at their sport's usual
 * Eastern times, and fights bet on the moneyline only, between two named fighters.
 */
import type { AppLoadContext } from "@remix-run/node";
import { and, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { easternInstant } from "~/demo/schedule";
import { seedDemoDataIfEmpty } from "~/demo/seed.server";
import { categories, events, marketSnapshots, posts, profiles, uploads, users } from "~/db/schema";
import { plainText } from "~/modules/posts/slate";
import { expertRecordFigures } from "~/modules/record/record.server";
import { imageUrl } from "~/modules/image-url";
import { getStorage } from "~/modules/uploads/storage.server";
import { isUploadKey } from "~/modules/uploads/storage-types.server";
import * as imgRoute from "~/routes/img";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { startLocalS3, type LocalS3 } from "../support/s3-server";

let database: TestDatabase;
let dataDir: string;
let context: AppLoadContext;
let seeded: Awaited<ReturnType<typeof seedDemoDataIfEmpty>>;
const now = new Date("2026-11-22T17:00:00Z");

type Block = { type?: string; children?: Block[]; text?: string };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sharpside-demo-"));
  context = makeLoadContext(database.db, { DATA_DIR: dataDir, RATE_LIMIT_IMAGE_RENDER: "1000/60" });
  seeded = await seedDemoDataIfEmpty(database.db, now, { storage: getStorage(context.env) });
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sportIds = async () => new Map((await database.db.select().from(categories)).map((c) => [c.name, c.id]));

describe(`the demo's pictures (${testDatabaseEngine()})`, () => {
  it("gives every demo person a generated photo and every expert a page cover, stored as their complete uploads", async () => {
    const rows = await database.db
      .select()
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(isNotNull(profiles.avatar));
    expect(rows).toHaveLength(18);
    const storage = getStorage(context.env);
    for (const { profiles: profile, users: user } of rows) {
      expect(isUploadKey(profile.avatar!), user.userName).toBe(true);
      expect(profile.avatar!.startsWith(`uploads/${user.id}/`)).toBe(true);
      const bytes = (await storage.read(profile.avatar!, 1_000_000))!;
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
      const [upload] = await database.db.select().from(uploads).where(eq(uploads.key, profile.avatar!));
      expect(upload).toMatchObject({
        ownerId: user.id,
        status: "Complete",
        mimeType: "image/webp",
        size: bytes.length,
        width: 256,
        height: 256,
      });
      if (user.roles.includes("Expert")) expect(isUploadKey(profile.cover!)).toBe(true);
    }
    // The people look different from each other.
    const avatars = await Promise.all(
      rows.map(async (row) => (await storage.read(row.profiles.avatar!, 1_000_000))!.toString("base64")),
    );
    expect(new Set(avatars).size).toBe(rows.length);
  });

  it("gives the demo's picks and write-ups a cover in the shape of a shared link's card; a short take has none", async () => {
    const demoPosts = await database.db.select().from(posts).where(isNotNull(posts.coverImage));
    const all = await database.db
      .select({ id: posts.id, body: posts.body, postType: posts.postType, coverImage: posts.coverImage })
      .from(posts);
    const takes = all.filter((post) => post.postType === "Post" && (post.body as Block[]).length === 2);
    expect(takes.length).toBeGreaterThan(4);
    for (const take of takes) expect(take.coverImage).toBeNull();
    expect(demoPosts).toHaveLength(60 - takes.length);
    const storage = getStorage(context.env);
    for (const post of demoPosts) {
      expect(post.coverImage!.startsWith(`uploads/${post.authorId}/`)).toBe(true);
      const meta = await sharp((await storage.read(post.coverImage!, 2_000_000))!).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 800, height: 420 });
    }
    expect(seeded).toMatchObject({ pictures: 18 + 12 + 60 - takes.length });
  });

  it("serves them through the image proxy like any upload", async () => {
    const [{ avatar }] = await database.db
      .select({ avatar: profiles.avatar })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.userName, "LeBronPicks"));
    const request = new Request(`http://localhost${imageUrl(avatar!, 64)}`, { headers: { Accept: "image/webp" } });
    const response = await imgRoute.loader({ request, params: {}, context });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBe(64);
  });
});

describe(`the demo's posts and games (${testDatabaseEngine()})`, () => {
  it("writes free posts in several shapes, no two alike: a short take, a numbered list of trends, a breakdown under headings, a quote", async () => {
    const free = await database.db.select().from(posts).where(eq(posts.postType, "Post"));
    expect(free).toHaveLength(36);
    const bodies = free.map((post) => post.body as Block[]);
    const types = (body: Block[]) => body.map((block) => block.type);
    const lists = bodies.filter((body) => types(body).includes("numbered-list"));
    expect(lists.length).toBeGreaterThan(4);
    for (const body of lists) {
      const items = body.find((block) => block.type === "numbered-list")!.children!;
      expect(items.length).toBeGreaterThanOrEqual(4);
      for (const item of items) expect(plainText(item).length).toBeGreaterThan(20);
    }
    expect(bodies.filter((body) => types(body).filter((t) => t === "heading-two").length >= 2).length).toBeGreaterThan(
      4,
    );
    expect(bodies.filter((body) => types(body).includes("block-quote")).length).toBeGreaterThan(4);
    expect(
      bodies.filter((body) => body.length === 2 && types(body).every((t) => t === "paragraph")).length,
    ).toBeGreaterThan(4);
    expect(new Set(free.map((post) => JSON.stringify(post.body))).size).toBe(free.length);
    expect(new Set(free.map((post) => post.title)).size).toBeGreaterThan(30);
    // No template leftovers.
    for (const post of free)
      expect(`${post.title} ${plainText(post.body)}`).not.toMatch(
        /notebook from|Three trends worth knowing|Fighter |\bHome\b|\bAway\b/,
      );
  });

  it("starts each sport's games at its usual Eastern times, the coming ones within the week ahead", async () => {
    const ids = await sportIds();
    const eastern = (date: Date) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat("en-US", {
          timeZone: "America/New_York",
          hourCycle: "h23",
          weekday: "short",
          hour: "numeric",
          minute: "numeric",
        })
          .formatToParts(date)
          .map((p) => [p.type, p.value]),
      );
      return { weekday: parts.weekday, time: `${parts.hour.padStart(2, "0")}:${parts.minute}` };
    };
    const games = async (sport: string) =>
      database.db
        .select()
        .from(events)
        .where(eq(events.categoryId, ids.get(sport)!));
    for (const game of await games("NBA")) {
      const { time } = eastern(game.startsAt);
      expect(time >= "19:00" && time <= "22:30", `NBA at ${time}`).toBe(true);
    }
    for (const game of await games("NFL")) {
      const { weekday, time } = eastern(game.startsAt);
      expect([`Sun 13:00`, `Sun 16:25`, `Sun 20:20`, `Mon 20:15`, `Thu 20:15`]).toContain(`${weekday} ${time}`);
    }
    for (const game of await games("Soccer")) expect(eastern(game.startsAt).time < "15:01").toBe(true);
    const coming = (await database.db.select().from(events).where(gt(events.startsAt, now))).map(
      (e) => e.startsAt.getTime() - now.getTime(),
    );
    expect(coming.length).toBe(36);
    for (const ahead of coming) expect(ahead >= 4 * 3_600_000 && ahead < 7 * 24 * 3_600_000).toBe(true);
    // Daylight saving time is honoured: 7 PM in July is 23:00 UTC, in December 00:00 UTC.
    expect(easternInstant(2026, 7, 1, 19, 0).toISOString()).toBe("2026-07-01T23:00:00.000Z");
    expect(easternInstant(2026, 12, 1, 19, 0).toISOString()).toBe("2026-12-02T00:00:00.000Z");
  });

  it("matches fighters, not home and away sides: fights are bet on the moneyline only, with scores of a decision", async () => {
    const ids = await sportIds();
    const fightIds = [ids.get("MMA")!, ids.get("Boxing")!];
    const fights = await database.db.select().from(events).where(inArray(events.categoryId, fightIds));
    expect(fights.length).toBeGreaterThan(10);
    for (const fight of fights) {
      expect(`${fight.homeTeam} ${fight.awayTeam}`).not.toMatch(/Fighter|Home|Away/);
      if (fight.status === "Final") expect(Math.max(fight.homeScore!, fight.awayScore!)).toBeLessThanOrEqual(1);
    }
    const markets = await database.db
      .select()
      .from(marketSnapshots)
      .where(
        inArray(
          marketSnapshots.eventId,
          fights.map((f) => f.id),
        ),
      );
    expect(markets.length).toBeGreaterThan(0);
    expect(new Set(markets.map((m) => m.market))).toEqual(new Set(["Moneyline"]));
    const picks = await database.db
      .select()
      .from(posts)
      .where(and(eq(posts.postType, "Pick"), inArray(posts.categoryId, fightIds)));
    expect(picks.length).toBeGreaterThan(20);
    for (const pick of picks) {
      expect(pick.market).toBe("Moneyline");
      // A fight is "A vs. B" in the words everyone reads (the title says why, not which fight).
      expect(pick.previewText).toMatch(/ vs\. /);
    }
  });

  it("scores games as their sports are scored", async () => {
    const ids = await sportIds();
    const finals = async (sport: string) =>
      database.db
        .select()
        .from(events)
        .where(and(eq(events.categoryId, ids.get(sport)!), eq(events.status, "Final")));
    for (const game of await finals("NHL")) expect(Math.max(game.homeScore!, game.awayScore!)).toBeLessThanOrEqual(8);
    for (const game of await finals("Soccer"))
      expect(Math.max(game.homeScore!, game.awayScore!)).toBeLessThanOrEqual(5);
    for (const game of await finals("NBA"))
      expect(Math.min(game.homeScore!, game.awayScore!)).toBeGreaterThanOrEqual(90);
  });

  it("has self-reported props beside the verified picks, counted apart from the record", async () => {
    const props = await database.db
      .select()
      .from(posts)
      .where(and(eq(posts.postType, "Pick"), eq(posts.selfGraded, true), isNotNull(posts.pickResult)));
    expect(props.length).toBeGreaterThan(10);
    for (const prop of props) expect(prop.market).toBe("TeamProp");
    const [{ authorId }] = props;
    const figures = await expertRecordFigures(database.db, authorId);
    const tally = figures.selfReported;
    expect(tally.wins + tally.losses).toBe(props.filter((prop) => prop.authorId === authorId).length);
    // The verified figures count every graded pick but those.
    const verified = await database.db
      .select()
      .from(posts)
      .where(
        and(
          eq(posts.authorId, authorId),
          eq(posts.postType, "Pick"),
          eq(posts.selfGraded, false),
          isNotNull(posts.pickResult),
        ),
      );
    const graded = verified.filter((pick) => pick.pickResult !== "Void").length;
    expect(figures.overall.all.wins + figures.overall.all.losses + figures.overall.all.pushes).toBe(graded);
  });
});

describe("storing a generated picture", () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
  });
  afterAll(() => s3?.close());

  it("puts bytes under an upload key, on the local disk and in the bucket, to be read back", async () => {
    const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#0f766e" } })
      .webp()
      .toBuffer();
    const key = "uploads/00000000-0000-4000-a000-000000000001/00000000-0000-4000-a000-000000000002.webp";
    const local = getStorage(context.env);
    await local.put(key, bytes, "image/webp");
    expect(await local.read(key, 1000)).toEqual(bytes);
    const bucket = getStorage(makeLoadContext(database.db, s3.env).env);
    await bucket.put(key, bytes, "image/webp");
    expect(await bucket.read(key, 1000)).toEqual(bytes);
    expect(await bucket.stat(key)).toMatchObject({ size: bytes.length, contentType: "image/webp" });
  });
});
