/**
 * The access rule's table (decision 039): both twins of app/modules/access (the TypeScript
 * functions and their SQL fragments) against the same rows, on PGlite or, with
 * TEST_DATABASE_URL, on PostgreSQL. Every subscription status × period end (past, future, none) ×
 * post type × post state (live, scheduled, draft) × viewer (author, subscriber, other, visitor).
 */
import { eq, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, subscriptions } from "~/db/schema";
import {
  canReadBody,
  canReadPreview,
  canSeePost,
  isLive,
  pickDetailsPublic,
  subscriptionGivesAccess,
  type PostType,
  type SubscriptionStatus,
} from "~/modules/access/access";
import {
  canReadBodySql,
  canReadPreviewSql,
  canSeePostSql,
  holdsAccessSql,
  postIsLiveSql,
  subscriptionGivesAccessSql,
} from "~/modules/access/access-sql.server";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, postFixtures } from "../support/post-fixtures";

const NOW = new Date();
const at = sql`${NOW.toISOString()}::timestamptz`;
const PERIOD_ENDS = { past: new Date(NOW.getTime() - DAY), future: new Date(NOW.getTime() + DAY), none: null };

/** Which subscriptions give access: written out, not derived from the rule under test. */
const ACCESS: Record<SubscriptionStatus, Record<keyof typeof PERIOD_ENDS, boolean>> = {
  Pending: { past: false, future: false, none: false },
  Activated: { past: true, future: true, none: true },
  PastDue: { past: true, future: true, none: true },
  Canceled: { past: false, future: true, none: false },
  Expired: { past: false, future: false, none: false },
};

const POST_STATES = {
  live: new Date(NOW.getTime() - DAY),
  scheduled: new Date(NOW.getTime() + DAY),
  draft: null,
} as const;
type PostState = keyof typeof POST_STATES;

interface Viewer {
  kind: string;
  id: string | null;
  /** The viewer's subscription to the author, as written to the database. */
  subscription: { status: SubscriptionStatus; currentPeriodEnd: Date | null } | null;
  holdsAccess: boolean;
  isAuthor: boolean;
}

interface TablePost {
  id: string;
  postType: PostType;
  state: PostState;
  authorId: string;
  status: "Published" | "Draft";
  publishDate: Date | null;
}

let database: TestDatabase;
let viewers: Viewer[] = [];
const tablePosts: TablePost[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const fx = postFixtures(database.db, makeLoadContext(database.db));
  const author = await fx.makeUser({ expert: true });
  const other = await fx.makeUser();
  viewers = [
    { kind: "author", id: author.user.id, subscription: null, holdsAccess: false, isAuthor: true },
    { kind: "signed-in, no subscription", id: other.user.id, subscription: null, holdsAccess: false, isAuthor: false },
    { kind: "visitor", id: null, subscription: null, holdsAccess: false, isAuthor: false },
  ];
  for (const status of Object.keys(ACCESS) as SubscriptionStatus[]) {
    for (const end of Object.keys(PERIOD_ENDS) as (keyof typeof PERIOD_ENDS)[]) {
      const subscriber = await fx.makeUser();
      const subscription = { status, currentPeriodEnd: PERIOD_ENDS[end] };
      await database.db
        .insert(subscriptions)
        .values({ subscriberId: subscriber.user.id, expertId: author.user.id, priceCents: 999, ...subscription });
      viewers.push({
        kind: `subscriber ${status}, period end ${end}`,
        id: subscriber.user.id,
        subscription,
        holdsAccess: ACCESS[status][end],
        isAuthor: false,
      });
    }
  }
  for (const postType of ["Post", "Pick"] as const) {
    for (const state of Object.keys(POST_STATES) as PostState[]) {
      const row = await fx.addPost(author.user.id, { postType, publishDate: POST_STATES[state] });
      tablePosts.push({
        id: row.id,
        postType,
        state,
        authorId: row.authorId,
        status: row.status,
        publishDate: row.publishDate,
      });
    }
  }
});

afterAll(() => database?.close());

const viewerSql = (viewer: Viewer): SQL | null => (viewer.id === null ? null : sql`${viewer.id}::uuid`);

/** The SQL twin's verdicts on every table post for this viewer, by post id. */
async function sqlVerdicts(viewer: Viewer) {
  const rows = await database.db
    .select({
      id: posts.id,
      live: sql<boolean>`${postIsLiveSql(at)}`,
      liveAliased: sql<boolean>`(SELECT ${postIsLiveSql(at, "p")} FROM ${posts} p WHERE p.id = "posts"."id")`,
      see: sql<boolean>`${canSeePostSql(viewerSql(viewer))}`,
      preview: sql<boolean>`${canReadPreviewSql(viewerSql(viewer), at)}`,
      body: sql<boolean>`${canReadBodySql(viewerSql(viewer), at)}`,
      holds:
        viewer.id === null
          ? sql<boolean>`false`
          : sql<boolean>`${holdsAccessSql(sql`${viewer.id}::uuid`, posts.authorId, at)}`,
    })
    .from(posts)
    .where(eq(posts.authorId, tablePosts[0].authorId));
  return new Map(rows.map((row) => [row.id, row]));
}

describe(`the access rule, TypeScript and SQL twins (${testDatabaseEngine()})`, () => {
  it("a subscription gives access by the same table in both", async () => {
    const rows = await database.db
      .select({
        subscriberId: subscriptions.subscriberId,
        gives: sql<boolean>`${subscriptionGivesAccessSql(at)}`,
      })
      .from(subscriptions)
      .where(eq(subscriptions.expertId, tablePosts[0].authorId));
    const bySubscriber = new Map(rows.map((row) => [row.subscriberId, row.gives]));
    const subscribers = viewers.filter((viewer) => viewer.subscription !== null);
    expect(subscribers).toHaveLength(15);
    for (const viewer of subscribers) {
      expect([viewer.kind, subscriptionGivesAccess(viewer.subscription, NOW)]).toEqual([
        viewer.kind,
        viewer.holdsAccess,
      ]);
      expect([viewer.kind, bySubscriber.get(viewer.id!)]).toEqual([viewer.kind, viewer.holdsAccess]);
    }
    expect(subscriptionGivesAccess(null, NOW)).toBe(false);
  });

  it("every viewer × post type × post state: who sees the post, its preview and its body", async () => {
    expect(tablePosts).toHaveLength(6);
    for (const viewer of viewers) {
      const verdicts = await sqlVerdicts(viewer);
      for (const post of tablePosts) {
        const live = post.state === "live";
        // The rule, written out: the author always; the rest once live, a Pick only with access.
        const expected = {
          live,
          see: viewer.isAuthor || post.state !== "draft",
          preview: viewer.isAuthor || live,
          body: viewer.isAuthor || (live && (post.postType === "Post" || viewer.holdsAccess)),
          holds: viewer.holdsAccess,
        };
        const ts = {
          live: isLive(post, NOW),
          see: canSeePost(viewer.id, post),
          preview: canReadPreview(viewer.id, post, NOW),
          body: canReadBody({
            viewerId: viewer.id,
            post,
            subscriptionActive: subscriptionGivesAccess(viewer.subscription, NOW),
            now: NOW,
          }),
          holds: subscriptionGivesAccess(viewer.subscription, NOW),
        };
        const row = verdicts.get(post.id)!;
        const fromSql = {
          live: row.live,
          see: row.see,
          preview: row.preview,
          body: row.body,
          holds: row.holds,
        };
        const name = `${viewer.kind} × ${post.postType} × ${post.state}`;
        expect({ name, ...ts }).toEqual({ name, ...expected });
        expect({ name, ...fromSql }).toEqual({ name, ...expected });
        expect({ name, aliased: row.liveAliased }).toEqual({ name, aliased: live });
      }
    }
  });

  it("a serialized post's date (a string) is live by the same rule", () => {
    const live = tablePosts.find((post) => post.state === "live")!;
    const scheduled = tablePosts.find((post) => post.state === "scheduled")!;
    expect(isLive({ status: live.status, publishDate: live.publishDate!.toISOString() }, NOW)).toBe(true);
    expect(isLive({ status: scheduled.status, publishDate: scheduled.publishDate!.toISOString() }, NOW)).toBe(false);
    expect(isLive({ status: "Published", publishDate: NOW }, NOW)).toBe(true);
  });

  it("a pick's bet is public to readers of its body, once graded, or once its event has started", () => {
    const started = { startsAt: new Date(NOW.getTime() - 1) };
    const coming = { startsAt: new Date(NOW.getTime() + DAY).toISOString() };
    const table: [boolean, string | null, { startsAt: Date | string } | null, boolean][] = [
      [true, null, coming, true],
      [false, null, coming, false],
      [false, null, null, false],
      [false, "Win", coming, true],
      [false, null, started, true],
    ];
    for (const [readable, pickResult, event, expected] of table)
      expect(pickDetailsPublic({ readable, pickResult, event }, NOW)).toBe(expected);
  });
});
