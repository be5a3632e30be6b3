/**
 * The paywall (product.md "Posts and picks", decision 017): the one rule deciding who may read
 * a post's body. Pure and client-safe; the serializer (`post-serializer.server.ts`) applies it.
 */

export type PostType = "Post" | "Pick";
export type SubscriptionStatus = "Pending" | "Activated" | "PastDue" | "Canceled" | "Expired";

/**
 * A subscription gives access while it is Activated or PastDue, or Canceled with its paid period
 * still running. The same rule as `subscriptionGivesAccess` (SQL) in experts.server.ts.
 */
export function subscriptionIsActive(
  subscription: { status: SubscriptionStatus; currentPeriodEnd: Date | null } | null | undefined,
  now: Date = new Date(),
): boolean {
  if (!subscription) return false;
  if (subscription.status === "Activated" || subscription.status === "PastDue") return true;
  return (
    subscription.status === "Canceled" &&
    subscription.currentPeriodEnd !== null &&
    subscription.currentPeriodEnd.getTime() > now.getTime()
  );
}

/** Published and its date has come: what everyone may see. Drafts and scheduled posts are their author's until then. */
export function isLive(
  post: { status: "Published" | "Draft"; publishDate: Date | null },
  now: Date = new Date(),
): boolean {
  return post.status === "Published" && post.publishDate !== null && post.publishDate.getTime() <= now.getTime();
}

/**
 * May this viewer read the post's body? Its author always; nobody else before it goes live (a
 * scheduled post shows only its teaser); then a Post: everyone; a Pick: only a viewer with an
 * active subscription to the author. `subscriptionActive` is the viewer's subscription to this
 * post's author (false for visitors).
 */
export function canReadBody(input: {
  viewerId: string | null | undefined;
  post: { authorId: string; postType: PostType; status: "Published" | "Draft"; publishDate: Date | null };
  subscriptionActive: boolean;
  now?: Date;
}): boolean {
  const { viewerId, post, subscriptionActive, now = new Date() } = input;
  if (viewerId && viewerId === post.authorId) return true;
  if (!isLive(post, now)) return false;
  if (post.postType === "Post") return true;
  return Boolean(viewerId) && subscriptionActive;
}
