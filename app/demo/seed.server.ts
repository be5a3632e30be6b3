/**
 * Demo data: believable experts, users, a week of games, free posts and picks, so a new user sees
 * a living product at once. Everything is made here, nothing comes from the network: the words in
 * app/demo/writing.ts, the people in demo/people.ts, the clubs and fighters in demo/competitors.ts, start times in each sport's
 * usual Eastern slots (demo/schedule.ts) and, given a storage, pictures drawn and rendered at seed
 * time (demo/art.ts, demo/pictures.server.ts) and stored as uploads. `seedDemoDataIfEmpty` does
 * nothing once anyone has signed up.
 */
import { count, eq, sql } from "drizzle-orm";
import { hashPassword } from "~/modules/accounts/passwords.server";
import { generatedAvatarUrl } from "~/modules/avatars/avatar-svg";
import type { Storage } from "~/modules/uploads/storage-types.server";
import type { Database } from "~/db/client.server";
import {
  events,
  experts,
  follows,
  likes,
  marketSnapshots,
  postModalities,
  posts,
  profiles,
  subscriptions,
  users,
} from "~/db/schema";
import { expertCoverSvg, hashOf, portraitSvg } from "./art";
import { HEAD_TO_HEAD_SPORTS, TEAMS } from "./competitors";
import { demoMarket, finalScore, randomFrom } from "./lines";
import { COVER_COLORS, DEMO_EMAIL_DOMAIN, DEMO_EXPERTS, DEMO_SKILL, DEMO_USERS, LONG_HAIR } from "./people";
import { seedBusinessHistory } from "./business-history.server";
import { pictureKey, renderPicture, storePictures, type PictureToStore, type RenderedPicture } from "./pictures.server";
import { demoPosts } from "./posts";
import { seedRecordHistory } from "./record-history.server";
import { comingStartTimes, latestStartTimeBefore } from "./schedule";

export const DEMO_PASSWORD = "sharpside-demo";

/** The lines a first start ends with: where the app is, and who to sign in as to try it. */
export function demoWelcome(appUrl: string): string {
  return [
    "",
    `Sharpside is running at ${appUrl}`,
    `Demo sign-ins (password: ${DEMO_PASSWORD}):`,
    "  alex.fan                   a reader, subscribed to LeBronPicks",
    "  LeBronPicks                an expert",
    `  admin@${DEMO_EMAIL_DOMAIN}   the admin`,
    "",
  ].join("\n");
}
export { DEMO_EMAIL_DOMAIN };

export interface SeedOptions {
  /**
   * Where the demo's generated photos and covers go (the app's upload storage); without one, the
   * demo's people show their generated initials and posts have no cover.
   */
  storage?: Storage;
}

/** Seeds an empty database (no users at all); answers what it made, or null when it did nothing. */
export async function seedDemoDataIfEmpty(db: Database, now = new Date(), options: SeedOptions = {}) {
  const [{ value: existing }] = await db.select({ value: count() }).from(users);
  if (existing > 0) return null;
  return seedDemoData(db, now, options);
}

export async function seedDemoData(db: Database, now = new Date(), { storage }: SeedOptions = {}) {
  const started = performance.now();
  const random = randomFrom(20261122);
  // Words, scores as shown and pictures have their own generator: the draws that decide the
  // record (who won, at what odds) stay as they were whatever the posts say.
  const looks = randomFrom(20261126);
  // The portraits and page covers depend on no row: rendered while the database works.
  const people = [...DEMO_EXPERTS, ...DEMO_USERS];
  const portraits = new Map(
    people.map((p) => [
      p.userName,
      storage ? renderPicture(portraitSvg(p.userName, LONG_HAIR.has(p.firstName) ? "long" : "short")) : null,
    ]),
  );
  const pageCovers = DEMO_EXPERTS.map((e) =>
    storage ? renderPicture(expertCoverSvg(e.sports[0], COVER_COLORS[hashOf(e.userName) % COVER_COLORS.length])) : null,
  );
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const categoryRows = await db.query.categories.findMany();
  const categoryId = (name: string) => categoryRows.find((c) => c.name === name)!.id;
  const sportOf = new Map(categoryRows.map((c) => [c.id, c.name]));
  const hour = 3_600_000;

  return db.transaction(async (tx) => {
    // Games: one finished per sport (for graded picks) and the coming week's slate, at the
    // sport's usual Eastern times.
    const rawScores: ([number, number] | null)[] = [];
    const eventValues = Object.entries(TEAMS).flatMap(([sport, teams], sportIndex) => {
      const coming = comingStartTimes(sport, now, 3);
      return Array.from({ length: 4 }, (_, i) => {
        const home = teams[(i * 2) % teams.length];
        const away = teams[(i * 2 + 1) % teams.length];
        const finished = i === 0;
        const startsAt = finished
          ? latestStartTimeBefore(sport, new Date(now.getTime() - (30 + sportIndex) * hour))
          : coming[i - 1];
        // The draws that once were the score still decide the demo's graded picks on this game.
        rawScores.push(finished ? [20 + Math.floor(random() * 15), 17 + Math.floor(random() * 15)] : null);
        const shown = finished ? finalScore(sport, looks, HEAD_TO_HEAD_SPORTS.has(sport) ? "decided" : "any") : null;
        return {
          categoryId: categoryId(sport),
          homeTeam: home,
          awayTeam: away,
          startsAt,
          status: finished ? ("Final" as const) : ("Scheduled" as const),
          homeScore: shown?.[0] ?? null,
          awayScore: shown?.[1] ?? null,
          resultedAt: finished ? new Date(startsAt.getTime() + 3 * hour) : null,
        };
      });
    });
    const eventRows = await tx.insert(events).values(eventValues).returning();
    const rawScoreOf = new Map(eventRows.map((e, i) => [e.id, rawScores[i]]));

    // Demo games carry demo lines: every game still ahead has its market, taken before the demo's
    // picks on it were posted (their own generator, so the rest of the demo stays as it was).
    const marketRandom = randomFrom(20261124);
    const demoMarkets = new Map(
      eventRows
        .filter((e) => e.startsAt > now)
        .map((e) => [e.id, demoMarket(sportOf.get(e.categoryId) ?? "", marketRandom)]),
    );
    const marketTakenAt = new Date(now.getTime() - 6 * hour);
    await tx.execute(sql`ALTER TABLE "market_snapshots" DISABLE TRIGGER "market_snapshots_stamp"`);
    await tx
      .insert(marketSnapshots)
      .values(
        [...demoMarkets].flatMap(([eventId, offers]) =>
          offers.map((offer) => ({ eventId, ...offer, takenAt: marketTakenAt })),
        ),
      );
    await tx.execute(sql`ALTER TABLE "market_snapshots" ENABLE TRIGGER "market_snapshots_stamp"`);

    const expertUsers = await tx
      .insert(users)
      .values(
        DEMO_EXPERTS.map((e, i) => ({
          email: `${e.userName.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`,
          userName: e.userName,
          firstName: e.firstName,
          lastName: e.lastName,
          passwordHash,
          roles: ["Expert"],
          signUpFlow: "Expert" as const,
          timezone: "America/New_York",
          emailConfirmedAt: new Date(now.getTime() - (400 - i * 20) * 24 * hour),
          createdAt: new Date(now.getTime() - (400 - i * 20) * 24 * hour),
        })),
      )
      .returning();
    const fans = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          email: `${u.userName.replace(/[._]/g, "")}@${DEMO_EMAIL_DOMAIN}`,
          ...u,
          passwordHash,
          emailConfirmedAt: now,
        })),
      )
      .returning();

    // Photos and page covers: each person's uploads, written to storage at the end (their names
    // are known now, the rendering goes on meanwhile).
    const pictures: PictureToStore[] = [];
    const picture = (ownerId: string, purpose: string, rendered: Promise<RenderedPicture> | null) => {
      if (!storage || !rendered) return null;
      pictures.push({ ownerId, purpose, picture: rendered });
      return pictureKey(ownerId, purpose);
    };
    await tx.insert(profiles).values(
      expertUsers.map((u, i) => ({
        userId: u.id,
        avatar: picture(u.id, `avatar-${u.userName}`, portraits.get(u.userName)!) ?? generatedAvatarUrl(u.userName),
        cover: picture(u.id, `cover-${u.userName}`, pageCovers[i]),
        city: DEMO_EXPERTS[i].city,
        state: DEMO_EXPERTS[i].state,
        expertAboutText: DEMO_EXPERTS[i].about,
      })),
    );
    await tx.insert(profiles).values(
      fans.map((u) => ({
        userId: u.id,
        avatar: picture(u.id, `avatar-${u.userName}`, portraits.get(u.userName)!) ?? generatedAvatarUrl(u.userName),
      })),
    );
    await tx.insert(experts).values(
      expertUsers.map((u, i) => ({
        userId: u.id,
        membershipStatus: "Active" as const,
        membershipPaidAt: u.createdAt,
        subscriptionPriceCents: DEMO_EXPERTS[i].priceCents,
        subscriptionDescription: DEMO_EXPERTS[i].priceDescription,
      })),
    );

    const { postValues, modalityLinks } = demoPosts({
      now,
      expertUsers,
      eventRows,
      categoryId,
      demoMarkets,
      rawScoreOf,
      random,
      looks,
      draw: Boolean(storage),
      picture,
    });
    // The demo's history is written as it would have been posted: the record's guard (it refuses
    // picks on games already played) is off for this transaction only, and the sums rebuilt after.
    await tx.execute(sql`ALTER TABLE "posts" DISABLE TRIGGER "posts_guard_pick_record"`);
    const history = await seedRecordHistory(
      tx,
      expertUsers.map((expert, i) => ({
        id: expert.id,
        sports: DEMO_EXPERTS[i].sports.map(categoryId),
        skill: DEMO_SKILL[i % DEMO_SKILL.length],
      })),
      sportOf,
      random,
      looks,
      now,
    );
    const postRows = await tx
      .insert(posts)
      .values(postValues)
      .returning({ id: posts.id, postType: posts.postType, authorId: posts.authorId, publishDate: posts.publishDate });
    await tx
      .insert(postModalities)
      .values(modalityLinks.map((l) => ({ postId: postRows[l.index].id, modalityId: l.modalityId })));

    // Fans follow, subscribe and like, so counts and feeds are not empty.
    const followValues = fans.flatMap((fan, i) =>
      expertUsers.filter((_, j) => (i + j) % 3 === 0).map((e) => ({ followerId: fan.id, expertId: e.id })),
    );
    await tx.insert(follows).values(followValues);
    const subscriptionValues = fans.flatMap((fan, i) =>
      expertUsers
        .filter((_, j) => (i + j) % 4 === 0)
        .map((e, j) => ({
          subscriberId: fan.id,
          expertId: e.id,
          status: "Activated" as const,
          // Made as with payments off: free, renewed by the job (subscriptions.server.ts).
          provider: "free",
          priceCents: DEMO_EXPERTS[expertUsers.indexOf(e)].priceCents,
          currentPeriodEnd: new Date(now.getTime() + (10 + j * 3) * 24 * hour),
        })),
    );
    await tx.insert(subscriptions).values(subscriptionValues);
    // A year of subscribers and payments behind each expert's business page (its own generator).
    const business = await seedBusinessHistory(
      tx,
      expertUsers.map((expert, i) => ({
        id: expert.id,
        priceCents: DEMO_EXPERTS[i].priceCents,
        reach: 0.12 + 0.3 * ((DEMO_EXPERTS.length - i) / DEMO_EXPERTS.length),
      })),
      postRows,
      randomFrom(20261130),
      now,
    );
    const likeValues = fans.flatMap((fan) =>
      postRows.filter(() => random() < 0.35).map((p) => ({ userId: fan.id, postId: p.id })),
    );
    await tx.insert(likes).values(likeValues);
    for (const p of postRows) {
      const likesCount = likeValues.filter((l) => l.postId === p.id).length;
      if (likesCount) await tx.update(posts).set({ likesCount }).where(eq(posts.id, p.id));
    }

    await tx.execute(
      sql`UPDATE "posts" SET "posted_at" = "publish_date" WHERE "post_type" = 'Pick' AND "status" = 'Published' AND "posted_at" IS NULL`,
    );
    await tx.execute(sql`UPDATE "posts" p SET "commit_canonical" = pick_canonical(p, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
      WHERE "posted_at" IS NOT NULL AND "commitment" IS NULL`);
    await tx.execute(
      sql`UPDATE "posts" SET "commitment" = encode(sha256(convert_to("commit_canonical", 'UTF8')), 'hex') WHERE "commit_canonical" IS NOT NULL AND "commitment" IS NULL`,
    );
    await tx.execute(sql`ALTER TABLE "posts" ENABLE TRIGGER "posts_guard_pick_record"`);
    await tx.execute(sql`SELECT rebuild_pick_records()`);
    await tx.insert(users).values({
      email: `admin@${DEMO_EMAIL_DOMAIN}`,
      userName: "sharpside.admin",
      firstName: "Sharpside",
      lastName: "Admin",
      roles: ["User", "Admin"],
      passwordHash,
      emailConfirmedAt: now,
    });
    if (storage) await storePictures(tx, storage, pictures);

    return {
      history,
      experts: expertUsers.length,
      users: fans.length,
      events: eventRows.length,
      posts: postRows.length,
      follows: followValues.length,
      subscriptions: subscriptionValues.length,
      business,
      likes: likeValues.length,
      pictures: pictures.length,
      milliseconds: Math.round(performance.now() - started),
    };
  });
}
