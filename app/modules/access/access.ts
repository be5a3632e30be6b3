/**
 * The access rule (product.md "Posts and picks" and "Subscriptions and money", decision 039):
 * who may see a post, its preview, its body and its pick's details. Pure and client-safe. Its SQL
 * twin is access-sql.server.ts, beside it: the two are the only places the rule is written, and
 * test/integration/access-rule.test.ts runs both against the same rows.
 */

export type PostType = "Post" | "Pick";
export type PostStatus = "Published" | "Draft";
export type SubscriptionStatus = "Pending" | "Activated" | "PastDue" | "Canceled" | "Expired";

const time = (date: Date | string) => (typeof date === "string" ? new Date(date).getTime() : date.getTime());

/**
 * A subscription gives access while it is Activated or PastDue (Stripe is still retrying), or
 * Canceled with its paid period still running. Pending and Expired never do.
 */
export function subscriptionGivesAccess(
  subscription: { status: SubscriptionStatus; currentPeriodEnd: Date | null } | null | undefined,
  now: Date,
): boolean {
  if (!subscription) return false;
  if (subscription.status === "Activated" || subscription.status === "PastDue") return true;
  return (
    subscription.status === "Canceled" &&
    subscription.currentPeriodEnd !== null &&
    subscription.currentPeriodEnd.getTime() > now.getTime()
  );
}

/**
 * Published and its date has come: what everyone may see. Drafts and scheduled posts are their
 * author's until then. `publishDate` may be the serialized string of a PostDTO.
 */
export function isLive(post: { status: PostStatus; publishDate: Date | string | null }, now: Date): boolean {
  return post.status === "Published" && post.publishDate !== null && time(post.publishDate) <= now.getTime();
}

/** May the viewer see the post at all? A draft only its author; anything published (a scheduled one as a teaser) everyone. */
export function canSeePost(
  viewerId: string | null | undefined,
  post: { authorId: string; status: PostStatus },
): boolean {
  return post.status !== "Draft" || (Boolean(viewerId) && viewerId === post.authorId);
}

/** Its preview (and preview text): its author always, everyone else once it is live. */
export function canReadPreview(
  viewerId: string | null | undefined,
  post: { authorId: string; status: PostStatus; publishDate: Date | string | null },
  now: Date,
): boolean {
  return (Boolean(viewerId) && viewerId === post.authorId) || isLive(post, now);
}

/**
 * May this viewer read the post's body? Its author always; nobody else before it goes live (a
 * scheduled post shows only its teaser); then a Post: everyone; a Pick: only a viewer whose
 * subscription to the author gives access. `subscriptionActive` is that verdict
 * (`subscriptionGivesAccess`, or its SQL twin), false for visitors.
 */
export function canReadBody(input: {
  viewerId: string | null | undefined;
  post: { authorId: string; postType: PostType; status: PostStatus; publishDate: Date | string | null };
  subscriptionActive: boolean;
  now: Date;
}): boolean {
  const { viewerId, post, subscriptionActive, now } = input;
  if (viewerId && viewerId === post.authorId) return true;
  if (!isLive(post, now)) return false;
  if (post.postType === "Post") return true;
  return Boolean(viewerId) && subscriptionActive;
}

/** Has the pick's event (its earliest leg's) started? */
export function eventHasStarted(event: { startsAt: Date | string } | null, now: Date): boolean {
  return event !== null && time(event.startsAt) <= now.getTime();
}

/**
 * A pick's bet (selection, odds, units, market, legs) is public once its event has started or it
 * is graded: the record is verifiable by all; before that only readers of the body see it.
 */
export function pickDetailsPublic(
  input: { readable: boolean; pickResult: string | null; event: { startsAt: Date | string } | null },
  now: Date,
): boolean {
  return input.readable || input.pickResult !== null || eventHasStarted(input.event, now);
}
