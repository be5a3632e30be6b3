/**
 * Subscriptions and follows (issue 6, product.md "Subscriptions and money", decision 021).
 *
 * A subscription row per (subscriber, expert), whatever happens to it: subscribing again reuses
 * it. Access follows its status through `subscriptionGivesAccess` (experts.server.ts), the one
 * rule the paywall, the feed and every list read: Activated, PastDue, or Canceled until its paid
 * period ends. With payments off a subscription is free: it activates at once for 30 days, is
 * recorded as a free payment, and `renewFreeSubscriptions` renews it (or lets it expire once
 * cancelled) from the maintenance timer of any instance. With Stripe it starts Pending and only
 * Stripe's signed webhooks move it on (stripe-subscriptions.server.ts).
 */
import { and, asc, count, desc, eq, lte, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { experts, follows, payments, posts, profiles, sessions, subscriptions, users } from "~/db/schema";
import { selectViewer, toViewer, type Viewer } from "~/modules/accounts/sessions.server";
import { notifyNewSubscription } from "~/modules/notifications/notifications.server";
import { avatarOrDefault, subscriptionGivesAccess } from "~/modules/experts/experts.server";
import { AppError } from "~/modules/http/app-error";
import { UUID_PATTERN } from "~/modules/posts/post-queries";

export const SUBSCRIPTION_DAYS = 30;
/** The provider name of subscriptions made while payments are off. */
export const FREE_PROVIDER = "free";

export const MESSAGES = {
  self: "You cannot subscribe to yourself.",
  selfFollow: "You cannot follow yourself.",
  already: "You are already subscribed to this expert.",
  pending: "Your subscription is waiting for its payment.",
  notSubscribed: "You are not subscribed to this expert.",
  alreadyCanceled: "This subscription is already cancelled; it ends when its paid period does.",
  noPrice: "This expert has not set a subscription price yet.",
  notReady: "This expert cannot take subscriptions yet.",
} as const;

export type SubscriptionStatus = (typeof subscriptions.$inferSelect)["status"];
type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface ExpertSummary {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string;
}

/** A subscription as the API answers it (amounts in cents). */
export interface SubscriptionDTO {
  id: string;
  status: SubscriptionStatus;
  /** Gives access to the expert's picks now. */
  isActive: boolean;
  price: number;
  /** Made while payments were off: nothing is charged for it. */
  isFree: boolean;
  /** Paid until (Activated: the renewal date; Canceled: the end date). */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  createdAt: string;
  expert: ExpertSummary;
}

const DAY_MS = 86_400_000;
export const periodEndFrom = (start: Date) => new Date(start.getTime() + SUBSCRIPTION_DAYS * DAY_MS);

/** The same rule as `subscriptionGivesAccess`, on a loaded row. */
export function givesAccess(row: Pick<SubscriptionRow, "status" | "currentPeriodEnd">, now: Date): boolean {
  if (row.status === "Activated" || row.status === "PastDue") return true;
  return row.status === "Canceled" && row.currentPeriodEnd !== null && row.currentPeriodEnd > now;
}

export function toSubscriptionDTO(row: SubscriptionRow, expert: ExpertSummary, now = new Date()): SubscriptionDTO {
  return {
    id: row.id,
    status: row.status,
    isActive: givesAccess(row, now),
    price: row.priceCents,
    isFree: row.provider === FREE_PROVIDER,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    createdAt: row.createdAt.toISOString(),
    expert,
  };
}

/** A person's card (id, names, avatar) from `users` and `profiles`: experts here, tippers in Cheers, the leaderboard's rows. */
export const expertSummaryColumns = {
  id: users.id,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: profiles.avatar,
};

export const toExpertSummary = (row: {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
}): ExpertSummary => ({
  id: row.id,
  userName: row.userName,
  firstName: row.firstName,
  lastName: row.lastName,
  avatar: avatarOrDefault(row.avatar, row.userName),
});

/** An expert one may subscribe to or follow (Expert role, active membership), with what subscribing needs. */
export interface SubscribableExpert extends ExpertSummary {
  priceCents: number | null;
  providerPriceId: string | null;
  paymentAccountId: string | null;
  paymentAccountReady: boolean;
}

/** The expert `expertId` (a user id), or a 404 for anyone else: a plain user, an unknown id, a malformed one. */
export async function requireExpert(db: Database, expertId: string): Promise<SubscribableExpert> {
  if (!UUID_PATTERN.test(expertId)) throw new AppError(404);
  const [row] = await db
    .select({
      ...expertSummaryColumns,
      priceCents: experts.subscriptionPriceCents,
      providerPriceId: experts.providerPriceId,
      paymentAccountId: experts.paymentAccountId,
      paymentAccountReady: experts.paymentAccountReady,
    })
    .from(users)
    .innerJoin(experts, eq(experts.userId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, expertId), eq(experts.membershipStatus, "Active"), sql`'Expert' = ANY(${users.roles})`));
  if (!row) throw new AppError(404);
  return {
    ...toExpertSummary(row),
    priceCents: row.priceCents,
    providerPriceId: row.providerPriceId,
    paymentAccountId: row.paymentAccountId,
    paymentAccountReady: row.paymentAccountReady,
  };
}

/**
 * The (subscriber, expert) row, locked for this transaction; made first (Expired, no access) if
 * there is none, so two subscribe calls at once queue on the same row instead of both inserting.
 */
export async function lockSubscription(
  tx: Database,
  subscriberId: string,
  expert: SubscribableExpert,
): Promise<SubscriptionRow> {
  await tx
    .insert(subscriptions)
    .values({ subscriberId, expertId: expert.id, status: "Expired", priceCents: expert.priceCents ?? 0 })
    .onConflictDoNothing({ target: [subscriptions.subscriberId, subscriptions.expertId] });
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.expertId, expert.id)))
    .for("update");
  return row;
}

/**
 * Subscribing with payments off: activates at once for 30 days at the expert's current price,
 * recorded as a free payment. A cancelled subscription still running is resumed instead (no new
 * period, no payment).
 */
export async function subscribeFree(
  db: Database,
  subscriberId: string,
  expertId: string,
  now = new Date(),
): Promise<SubscriptionDTO> {
  if (subscriberId === expertId) throw new AppError(422, MESSAGES.self, { expertId: [MESSAGES.self] });
  const expert = await requireExpert(db, expertId);
  const row = await db.transaction(async (tx) => {
    const current = await lockSubscription(tx, subscriberId, expert);
    if (givesAccess(current, now)) {
      if (current.status !== "Canceled") throw new AppError(422, MESSAGES.already, { expertId: [MESSAGES.already] });
      const [resumed] = await tx
        .update(subscriptions)
        .set({ status: "Activated", cancelAtPeriodEnd: false, updatedAt: now })
        .where(eq(subscriptions.id, current.id))
        .returning();
      return resumed;
    }
    const [activated] = await tx
      .update(subscriptions)
      .set({
        status: "Activated",
        priceCents: expert.priceCents ?? 0,
        currentPeriodEnd: periodEndFrom(now),
        cancelAtPeriodEnd: false,
        provider: FREE_PROVIDER,
        providerSubscriptionId: null,
        providerCustomerId: null,
        providerEventAt: null,
        lastSeenPostsAt: now,
        createdAt: current.status === "Expired" && current.currentPeriodEnd === null ? now : current.createdAt,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, current.id))
      .returning();
    await tx.insert(payments).values(freePayment(activated, now));
    await notifyNewSubscription(tx, expert.id, subscriberId);
    return activated;
  });
  return toSubscriptionDTO(row, expert, now);
}

/** A free subscription's payment for the period starting `at`: nothing charged, still on record. */
function freePayment(row: Pick<SubscriptionRow, "id" | "subscriberId" | "expertId">, at: Date) {
  return {
    payerId: row.subscriberId,
    expertId: row.expertId,
    subscriptionId: row.id,
    kind: "Subscription" as const,
    status: "Succeeded" as const,
    amountCents: 0,
    platformFeeCents: 0,
    provider: FREE_PROVIDER,
    createdAt: at,
    updatedAt: at,
  };
}

/** The viewer's subscription to this expert, locked, when it gives access now; else a 422. */
export async function requireRunningSubscription(
  tx: Database,
  subscriberId: string,
  expertId: string,
  now: Date,
): Promise<SubscriptionRow> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.expertId, expertId)))
    .for("update");
  if (!row || !givesAccess(row, now))
    throw new AppError(422, MESSAGES.notSubscribed, { expertId: [MESSAGES.notSubscribed] });
  if (row.status === "Canceled")
    throw new AppError(422, MESSAGES.alreadyCanceled, { expertId: [MESSAGES.alreadyCanceled] });
  return row;
}

/** Cancelling a free subscription: it stays readable until its period ends, then expires. */
export async function cancelFree(
  db: Database,
  subscriberId: string,
  expertId: string,
  now = new Date(),
): Promise<SubscriptionDTO> {
  const expert = await requireExpert(db, expertId);
  const row = await db.transaction(async (tx) => {
    const current = await requireRunningSubscription(tx, subscriberId, expertId, now);
    const [canceled] = await tx
      .update(subscriptions)
      .set({ status: "Canceled", cancelAtPeriodEnd: true, updatedAt: now })
      .where(eq(subscriptions.id, current.id))
      .returning();
    return canceled;
  });
  return toSubscriptionDTO(row, expert, now);
}

/**
 * The periodic job for subscriptions made with payments off: an Activated one whose period has
 * ended renews for another 30 days (with its free payment), a Canceled one expires. Each row is
 * changed by one UPDATE whose WHERE is checked again under the row lock, so instances running it
 * at once never renew a period twice. A server that was down for months catches up one period
 * per pass; the timer passes again soon. Answers how many rows changed.
 */
export async function renewFreeSubscriptions(
  db: Database,
  now = new Date(),
): Promise<{ renewed: number; expired: number }> {
  const at = now.toISOString();
  const renewed = await db.execute(sql`
    WITH renewed AS (
      UPDATE ${subscriptions} SET current_period_end = current_period_end + make_interval(days => ${SUBSCRIPTION_DAYS}), updated_at = ${at}::timestamptz
      WHERE provider = ${FREE_PROVIDER} AND status = 'Activated' AND current_period_end <= ${at}::timestamptz
      RETURNING id, subscriber_id, expert_id, current_period_end - make_interval(days => ${SUBSCRIPTION_DAYS}) AS period_start
    )
    INSERT INTO ${payments} (payer_id, expert_id, subscription_id, kind, status, amount_cents, platform_fee_cents, provider, created_at, updated_at)
    SELECT subscriber_id, expert_id, id, 'Subscription', 'Succeeded', 0, 0, ${FREE_PROVIDER}, period_start, period_start FROM renewed
    RETURNING id`);
  const expired = await db
    .update(subscriptions)
    .set({ status: "Expired", updatedAt: now })
    .where(and(eq(subscriptions.status, "Canceled"), lte(subscriptions.currentPeriodEnd, now)))
    .returning({ id: subscriptions.id });
  return { renewed: rowCount(renewed), expired: expired.length };
}

const rowCount = (result: unknown) =>
  Array.isArray(result) ? result.length : ((result as { rows?: unknown[] }).rows?.length ?? 0);

/** Not the placeholder `lockSubscription` makes for a subscription that never started. */
const everStarted = sql`NOT (${subscriptions.status} = 'Expired' AND ${subscriptions.currentPeriodEnd} IS NULL)`;

/** `GET /api/user/subscriptions?status=`: `Activated` means every subscription that gives access now. */
export async function listUserSubscriptions(
  db: Database,
  subscriberId: string,
  options: { status?: SubscriptionStatus; page: number; size: number },
  now = new Date(),
): Promise<{ items: SubscriptionDTO[]; totalItems: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const where = and(
    eq(subscriptions.subscriberId, subscriberId),
    options.status === undefined
      ? everStarted
      : options.status === "Activated"
        ? subscriptionGivesAccess(at)
        : eq(subscriptions.status, options.status),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ subscription: subscriptions, expert: expertSummaryColumns })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.expertId))
      .leftJoin(profiles, eq(profiles.userId, subscriptions.expertId))
      .where(where)
      .orderBy(asc(users.userName), asc(subscriptions.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(subscriptions).where(where),
  ]);
  return {
    items: rows.map((row) => toSubscriptionDTO(row.subscription, toExpertSummary(row.expert), now)),
    totalItems: Number(total),
  };
}

export interface NewPostCounters {
  items: { expertId: string; count: number }[];
  total: number;
}

/**
 * New posts of each subscribed expert since the subscriber last looked (opened the expert's page
 * or read up to a post): one prepared statement, a short range of `posts_live_author_id_publish_date_idx`
 * per subscription.
 */
const countersStatement = preparedStatement((db) =>
  db
    .select({
      expertId: subscriptions.expertId,
      count: sql<number>`(SELECT count(*)::int FROM ${posts} p
        WHERE p.author_id = ${subscriptions.expertId} AND p.status = 'Published'
          AND p.publish_date > ${subscriptions.lastSeenPostsAt} AND p.publish_date <= ${sql.placeholder("now")}::timestamptz)`,
    })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.subscriberId, sql`${sql.placeholder("subscriberId")}::uuid`),
        subscriptionGivesAccess(sql`${sql.placeholder("now")}::timestamptz`),
      ),
    )
    .prepare("count_new_posts"),
);

export async function newPostCounters(db: Database, subscriberId: string, now = new Date()): Promise<NewPostCounters> {
  const rows = await countersStatement(db).execute({ subscriberId, now: now.toISOString() });
  const items = rows.map((row) => ({ expertId: row.expertId, count: Number(row.count) }));
  return { items, total: items.reduce((sum, item) => sum + item.count, 0) };
}

// ---------------------------------------------------------------------------------------------
// Follows
// ---------------------------------------------------------------------------------------------
/** Following is free and idempotent: following twice is still one follow. */
export async function follow(db: Database, followerId: string, expertId: string): Promise<{ isFollowed: true }> {
  if (followerId === expertId) throw new AppError(422, MESSAGES.selfFollow, { expertId: [MESSAGES.selfFollow] });
  await requireExpert(db, expertId);
  await db.insert(follows).values({ followerId, expertId }).onConflictDoNothing();
  return { isFollowed: true };
}

export async function unfollow(db: Database, followerId: string, expertId: string): Promise<{ isFollowed: false }> {
  if (!UUID_PATTERN.test(expertId)) throw new AppError(404);
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.expertId, expertId)));
  return { isFollowed: false };
}

/** The experts the user follows, by name (the watchlist). */
export async function listFollowedExperts(
  db: Database,
  followerId: string,
  options: { page: number; size: number },
): Promise<{ items: ExpertSummary[]; totalItems: number }> {
  const where = and(eq(follows.followerId, followerId), eq(experts.membershipStatus, "Active"));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(expertSummaryColumns)
      .from(follows)
      .innerJoin(users, eq(users.id, follows.expertId))
      .innerJoin(experts, eq(experts.userId, follows.expertId))
      .leftJoin(profiles, eq(profiles.userId, follows.expertId))
      .where(where)
      .orderBy(asc(users.userName))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(follows).innerJoin(experts, eq(experts.userId, follows.expertId)).where(where),
  ]);
  return { items: rows.map(toExpertSummary), totalItems: Number(total) };
}

// ---------------------------------------------------------------------------------------------
// The expert's side and payments
// ---------------------------------------------------------------------------------------------
export interface SubscriberDTO {
  id: string;
  status: SubscriptionStatus;
  isActive: boolean;
  price: number;
  since: string;
  currentPeriodEnd: string | null;
  subscriber: ExpertSummary;
}

/** The expert's subscribers for /business: everyone who ever paid, the running ones first. */
export async function listSubscribers(
  db: Database,
  expertId: string,
  options: { page: number; size: number },
  now = new Date(),
): Promise<{ items: SubscriberDTO[]; totalItems: number }> {
  const where = and(eq(subscriptions.expertId, expertId), everStarted);
  const running = subscriptionGivesAccess(sql`${now.toISOString()}::timestamptz`);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ subscription: subscriptions, user: expertSummaryColumns })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.subscriberId))
      .leftJoin(profiles, eq(profiles.userId, subscriptions.subscriberId))
      .where(where)
      .orderBy(sql`${running} DESC`, desc(subscriptions.createdAt), asc(subscriptions.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(subscriptions).where(where),
  ]);
  return {
    items: rows.map(({ subscription, user }) => ({
      id: subscription.id,
      status: subscription.status,
      isActive: givesAccess(subscription, now),
      price: subscription.priceCents,
      since: subscription.createdAt.toISOString(),
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
      subscriber: toExpertSummary(user),
    })),
    totalItems: Number(total),
  };
}

export interface PaymentDTO {
  id: string;
  kind: "Membership" | "Subscription" | "Tip";
  status: "Pending" | "Succeeded" | "Failed" | "Refunded";
  /** Cents. */
  amount: number;
  currency: string;
  /** Recorded while payments were off: nothing was charged. */
  isFree: boolean;
  createdAt: string;
  expert: ExpertSummary | null;
}

/** The user's payment history, newest first (/payments). */
export async function listPayments(
  db: Database,
  payerId: string,
  options: { page: number; size: number },
): Promise<{ items: PaymentDTO[]; totalItems: number }> {
  const where = eq(payments.payerId, payerId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ payment: payments, expert: expertSummaryColumns })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.expertId))
      .leftJoin(profiles, eq(profiles.userId, payments.expertId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ total: count() }).from(payments).where(where),
  ]);
  return {
    items: rows.map(({ payment, expert }) => ({
      id: payment.id,
      kind: payment.kind,
      status: payment.status,
      amount: payment.amountCents,
      currency: payment.currency,
      isFree: payment.provider === FREE_PROVIDER,
      createdAt: payment.createdAt.toISOString(),
      expert: expert.id === null ? null : toExpertSummary(expert as Parameters<typeof toExpertSummary>[0]),
    })),
    totalItems: Number(total),
  };
}

// ---------------------------------------------------------------------------------------------
// The sidebar
// ---------------------------------------------------------------------------------------------
export interface SidebarSubscription {
  expertId: string;
  userName: string;
  avatar: string;
  newPosts: number;
}

/** The sidebar lists at most this many subscriptions (the /subscriptions page lists them all). */
export const SIDEBAR_SUBSCRIPTIONS = 50;

/**
 * The sidebar's 'Subscriptions' list of `subscriber` with each expert's new-post counter (the
 * `now` placeholder): every signed-in page renders it, so it is read in one prepared statement,
 * alone or beside the viewer (`readViewerWithSidebar`).
 */
const selectSidebar = (db: Database, subscriber: SQL) =>
  db
    .select({
      expertId: sql<string>`${subscriptions.expertId}`.as("expertId"),
      userName: sql<string>`${users.userName}`.as("userName"),
      // A lookup per row: as a join the planner hashed every profile for a handful of experts.
      avatar: sql<
        string | null
      >`(SELECT pr.avatar FROM ${profiles} pr WHERE pr.user_id = ${subscriptions.expertId})`.as("avatar"),
      newPosts: sql<number>`(SELECT count(*)::int FROM ${posts} p
        WHERE p.author_id = ${subscriptions.expertId} AND p.status = 'Published'
          AND p.publish_date > ${subscriptions.lastSeenPostsAt} AND p.publish_date <= ${sql.placeholder("now")}::timestamptz)`.as(
        "newPosts",
      ),
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.expertId))
    .where(
      and(
        eq(subscriptions.subscriberId, subscriber),
        subscriptionGivesAccess(sql`${sql.placeholder("now")}::timestamptz`),
      ),
    )
    .orderBy(asc(users.userName))
    .limit(SIDEBAR_SUBSCRIPTIONS);

type SidebarRow = { expertId: string; userName: string; avatar: string | null; newPosts: number };

const toSidebarSubscription = (row: SidebarRow): SidebarSubscription => ({
  expertId: row.expertId,
  userName: row.userName,
  avatar: avatarOrDefault(row.avatar, row.userName),
  newPosts: Number(row.newPosts),
});

const sidebarStatement = preparedStatement((db) =>
  selectSidebar(db, sql`${sql.placeholder("subscriberId")}::uuid`).prepare("read_sidebar_subscriptions"),
);

export async function listSidebarSubscriptions(
  db: Database,
  subscriberId: string,
  now = new Date(),
): Promise<SidebarSubscription[]> {
  const rows = await sidebarStatement(db).execute({ subscriberId, now: now.toISOString() });
  return rows.map(toSidebarSubscription);
}

/** The viewer and their sidebar in one round trip: the sidebar as JSON beside the session's user. */
const viewerWithSidebarStatement = preparedStatement((db) => {
  const sidebar = selectSidebar(db, sql`${sessions.userId}`).as("sidebar");
  return selectViewer(db, {
    // Each row as a JSON object keyed by the select's aliases, in the sidebar's order.
    sidebar: sql<SidebarRow[]>`(SELECT coalesce(json_agg(sidebar ORDER BY ${sidebar.userName}), '[]') FROM ${sidebar})`,
  }).prepare("read_viewer_sidebar");
});

/**
 * The signed-in user of the live session `sessionId` with their sidebar subscriptions, in one
 * statement (every signed-in page's root loader); null when the session is not live.
 */
export async function readViewerWithSidebar(
  db: Database,
  sessionId: string,
  now = new Date(),
): Promise<{ viewer: Viewer; sidebar: SidebarSubscription[] } | null> {
  const [row] = await viewerWithSidebarStatement(db).execute({ sessionId, now: now.toISOString() });
  return row ? { viewer: toViewer(sessionId, row), sidebar: row.sidebar.map(toSidebarSubscription) } : null;
}

const EXPERT_PAGE = /^\/experts\/([^/]+)\/?$/;
const POST_PAGE = /^\/posts\/([0-9a-f-]{36})\/?$/i;

/** Does opening this page clear a counter (`markPageSeen`): an expert's page or a post? */
export const pageMarksSeen = (pathname: string) => EXPERT_PAGE.test(pathname) || POST_PAGE.test(pathname);

/**
 * Opening an expert's page or one of their posts clears that expert's counter (up to the post, for
 * a post), one statement each. The root loader does it before it counts, since the sidebar renders
 * in the same request and Remix runs a page's loaders side by side.
 */
export async function markPageSeen(
  db: Database,
  subscriberId: string,
  pathname: string,
  now = new Date(),
): Promise<void> {
  const at = now.toISOString();
  const expertPage = EXPERT_PAGE.exec(pathname);
  if (expertPage) {
    const userName = safeDecode(expertPage[1]);
    if (!userName) return;
    // The expert's counter starts again from zero.
    await db
      .update(subscriptions)
      .set({ lastSeenPostsAt: now })
      .where(
        and(
          eq(subscriptions.subscriberId, subscriberId),
          sql`${subscriptions.expertId} = (SELECT ${users.id} FROM ${users} WHERE lower(${users.userName}) = lower(${userName}))`,
          sql`${subscriptions.lastSeenPostsAt} < ${at}::timestamptz`,
        ),
      );
    return;
  }
  const postPage = POST_PAGE.exec(pathname);
  if (postPage && UUID_PATTERN.test(postPage[1])) {
    // A read marker: the author's counter drops their posts up to this one (a live one).
    await db.execute(sql`
      UPDATE ${subscriptions} s SET last_seen_posts_at = p.publish_date FROM ${posts} p
      WHERE p.id = ${postPage[1]}::uuid AND p.status = 'Published' AND p.publish_date <= ${at}::timestamptz
        AND s.subscriber_id = ${subscriberId}::uuid AND s.expert_id = p.author_id AND s.last_seen_posts_at < p.publish_date`);
  }
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** The viewer's subscription to this expert, if one ever started (the expert page and the locked pick show its state). */
export async function findSubscription(
  db: Database,
  subscriberId: string,
  expertId: string,
  now = new Date(),
): Promise<SubscriptionDTO | null> {
  const [row] = await db
    .select({ subscription: subscriptions, expert: expertSummaryColumns })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.expertId))
    .leftJoin(profiles, eq(profiles.userId, subscriptions.expertId))
    .where(and(eq(subscriptions.subscriberId, subscriberId), eq(subscriptions.expertId, expertId), everStarted));
  return row ? toSubscriptionDTO(row.subscription, toExpertSummary(row.expert), now) : null;
}
