/**
 * A year of the demo experts' business, so their business page's charts look like one: a few
 * hundred readers (who cannot sign in) subscribing over the year, more of them lately, some
 * leaving each month, with a payment each month they stayed. Written as the app would have left
 * it: the running subscriptions start their own spans (the subscriptions' trigger); the ones
 * already over are written with their spans, and the payments count themselves into the days.
 * The live posts get their views, and some subscriptions begun after a post began from it.
 */
import type { Database } from "~/db/client.server";
import { payments, postViews, subscriptionSpans, subscriptions, users } from "~/db/schema";
import { DEMO_EMAIL_DOMAIN } from "./people";

const DAY_MS = 86_400_000;
const PERIOD_DAYS = 30;
/** Marks the history's rows: money that moved in the story, through no real provider. */
export const DEMO_PROVIDER = "demo";
const READERS = 300;
/** Each month a subscriber stays with this chance. */
const MONTHLY_STAY = 0.9;
const FEE_PERCENT = 10;

const FIRST_NAMES = [
  "Jamie",
  "Riley",
  "Casey",
  "Drew",
  "Avery",
  "Quinn",
  "Reese",
  "Parker",
  "Rowan",
  "Emerson",
  "Hayden",
  "Skyler",
  "Blake",
  "Cameron",
  "Devin",
  "Elliot",
  "Finley",
  "Harper",
  "Jesse",
  "Kai",
];
const LAST_NAMES = [
  "Brooks",
  "Carter",
  "Diaz",
  "Ellis",
  "Foster",
  "Grant",
  "Hughes",
  "Irving",
  "Jensen",
  "Keller",
  "Lopez",
  "Mason",
  "Novak",
  "Ortiz",
  "Price",
  "Ramos",
  "Shaw",
  "Tran",
  "Vega",
  "Wells",
];

export interface HistoryExpert {
  id: string;
  priceCents: number;
  /** The share of the readers who subscribe at some point in the year (0-1). */
  reach: number;
}

export interface HistoryPost {
  id: string;
  authorId: string;
  publishDate: Date | null;
}

export async function seedBusinessHistory(
  tx: Database,
  experts: HistoryExpert[],
  posts: HistoryPost[],
  random: () => number,
  now: Date,
): Promise<{ subscriptions: number; payments: number }> {
  const live = posts.filter((post) => post.publishDate && post.publishDate <= now);
  if (live.length > 0)
    await tx.insert(postViews).values(
      live.map((post) => ({
        postId: post.id,
        readerViews: 20 + Math.floor(random() * 300),
        visitorViews: 50 + Math.floor(random() * 1500),
      })),
    );
  /** A live post of the expert published before `start`, for one subscription in three begun then. */
  const startedFrom = (expertId: string, start: Date) => {
    const before = live.filter((post) => post.authorId === expertId && post.publishDate! <= start);
    return before.length > 0 && random() < 0.35 ? before[Math.floor(random() * before.length)].id : null;
  };

  const readers = await tx
    .insert(users)
    .values(
      Array.from({ length: READERS }, (_, i) => {
        const first = FIRST_NAMES[i % FIRST_NAMES.length];
        const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
        return {
          email: `reader${i + 1}@${DEMO_EMAIL_DOMAIN}`,
          userName: `${first.toLowerCase()}.${last.toLowerCase()}${i + 1}`,
          firstName: first,
          lastName: last,
          emailConfirmedAt: new Date(now.getTime() - 400 * DAY_MS),
          createdAt: new Date(now.getTime() - 400 * DAY_MS),
        };
      }),
    )
    .returning({ id: users.id });

  type Story = { row: typeof subscriptions.$inferInsert; start: Date; end: Date | null; paidUntil: Date };
  const stories: Story[] = [];
  for (const expert of experts) {
    for (const reader of readers) {
      if (random() >= expert.reach) continue;
      // More subscribers lately: the business grew over the year.
      const start = new Date(now.getTime() - Math.floor(365 * (1 - Math.sqrt(random()))) * DAY_MS - 3_600_000);
      let months = 1;
      while (random() < MONTHLY_STAY) months++;
      const end = new Date(start.getTime() + months * PERIOD_DAYS * DAY_MS);
      const over = end <= now;
      // Some still running have cancelled: they leave when their month ends.
      const leaving = !over && random() < 0.08;
      const periodEnd = over
        ? end
        : new Date(
            start.getTime() +
              Math.ceil((now.getTime() - start.getTime()) / (PERIOD_DAYS * DAY_MS)) * PERIOD_DAYS * DAY_MS,
          );
      stories.push({
        start,
        end: over ? end : leaving ? periodEnd : null,
        paidUntil: over ? end : periodEnd,
        row: {
          subscriberId: reader.id,
          expertId: expert.id,
          status: over ? "Expired" : leaving ? "Canceled" : "Activated",
          priceCents: expert.priceCents,
          currentPeriodEnd: periodEnd,
          cancelAtPeriodEnd: leaving,
          provider: DEMO_PROVIDER,
          startedFromPostId: startedFrom(expert.id, start),
          createdAt: start,
          updatedAt: over ? end : start,
        },
      });
    }
  }
  const rows: { id: string }[] = [];
  for (let i = 0; i < stories.length; i += 1000)
    rows.push(
      ...(await tx
        .insert(subscriptions)
        .values(stories.slice(i, i + 1000).map((story) => story.row))
        .returning({ id: subscriptions.id })),
    );
  // The running ones got their span from the trigger; the others get theirs as it went.
  const written = stories.flatMap((story, i) =>
    story.row.status === "Activated"
      ? []
      : [
          {
            subscriptionId: rows[i].id,
            expertId: story.row.expertId,
            priceCents: story.row.priceCents,
            paid: true,
            startedAt: story.start,
            endedAt: story.end,
            startedFromPostId: story.row.startedFromPostId,
          },
        ],
  );
  for (let i = 0; i < written.length; i += 500) await tx.insert(subscriptionSpans).values(written.slice(i, i + 500));

  const paymentValues = stories.flatMap((story, i) => {
    const paidAt: Date[] = [];
    for (
      let at = story.start.getTime();
      at < story.paidUntil.getTime() && at <= now.getTime();
      at += PERIOD_DAYS * DAY_MS
    )
      paidAt.push(new Date(at));
    return paidAt.map((createdAt) => ({
      payerId: story.row.subscriberId,
      expertId: story.row.expertId,
      subscriptionId: rows[i].id,
      kind: "Subscription" as const,
      status: "Succeeded" as const,
      amountCents: story.row.priceCents,
      platformFeeCents: Math.round((story.row.priceCents * FEE_PERCENT) / 100),
      provider: DEMO_PROVIDER,
      createdAt,
      updatedAt: createdAt,
    }));
  });
  for (let i = 0; i < paymentValues.length; i += 1000)
    await tx.insert(payments).values(paymentValues.slice(i, i + 1000));
  return { subscriptions: stories.length, payments: paymentValues.length };
}
