/**
 * Read markers: opening an expert's page clears that expert's new-post counter; opening one of
 * their live posts clears it up to that post. Done by the server's session middleware before the
 * page's loaders run (`markOpenedPage`), so the sidebar rendered in the same request already shows
 * it, and no loader writes.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { posts, subscriptions, users } from "~/db/schema";
import { postIsLiveSql } from "~/modules/access/access-sql.server";
import { accessSessionId, sessionUserId } from "~/modules/accounts/sessions.server";
import { isDatabaseUnavailable } from "~/modules/http/database-outage.server";
import { expertPageUserName, postPageId } from "~/modules/site/page-paths";

/** `subscriber` (a user id as SQL) has seen everything `userName` has published up to `now`. */
async function markExpertSeen(db: Database, subscriber: SQL, userName: string, now: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ lastSeenPostsAt: now })
    .where(
      and(
        eq(subscriptions.subscriberId, subscriber),
        sql`${subscriptions.expertId} = (SELECT ${users.id} FROM ${users} WHERE lower(${users.userName}) = lower(${userName}))`,
        sql`${subscriptions.lastSeenPostsAt} < ${now.toISOString()}::timestamptz`,
      ),
    );
}

/** `subscriber` has read the live post `postId`: its author's counter drops their posts up to it. */
async function markPostSeen(db: Database, subscriber: SQL, postId: string, now: Date): Promise<void> {
  await db.execute(sql`
    UPDATE ${subscriptions} s SET last_seen_posts_at = p.publish_date FROM ${posts} p
    WHERE p.id = ${postId}::uuid AND ${postIsLiveSql(sql`${now.toISOString()}::timestamptz`, "p")}
      AND s.subscriber_id = ${subscriber} AND s.expert_id = p.author_id AND s.last_seen_posts_at < p.publish_date`);
}

async function markSeen(db: Database, subscriber: SQL, pathname: string, now: Date): Promise<void> {
  const userName = expertPageUserName(pathname);
  if (userName) return markExpertSeen(db, subscriber, userName, now);
  const postId = postPageId(pathname);
  if (postId) return markPostSeen(db, subscriber, postId, now);
}

/** Does opening this path (a page or its `.data` request) move a read marker? */
export const opensMarkedPage = (pathname: string) => {
  const page = pathname.replace(/\.data$/, "");
  return expertPageUserName(page) !== null || postPageId(page) !== null;
};

/** A GET of a page (or its data) whose opening moves a read marker: the only requests `markOpenedPage` acts on. */
const opensMarkedPageRequest = (request: { method: string; path: string }) =>
  request.method === "GET" && opensMarkedPage(request.path);

/** `subscriberId` opened `pathname`: an expert's page or a post moves their marker; anything else nothing. */
export async function markPageSeen(db: Database, subscriberId: string, pathname: string, now = new Date()) {
  await markSeen(db, sql`${subscriberId}::uuid`, pathname, now);
}

/**
 * The session middleware's step for a GET of a page or its data: the reader is the user of the
 * access cookie's live session, found in the same statement (nothing for visitors or other paths).
 */
export async function markOpenedPage(
  db: Database,
  secret: string,
  request: { method: string; path: string; cookieHeader: string | null | undefined },
  now = new Date(),
): Promise<void> {
  if (!opensMarkedPageRequest(request)) return;
  const sessionId = accessSessionId(request.cookieHeader ?? null, secret, now);
  if (!sessionId) return;
  const reader = sessionUserId(sql`${sessionId}::uuid`, sql`${now.toISOString()}::timestamptz`);
  await markSeen(db, reader, request.path.replace(/\.data$/, ""), now);
}

/**
 * `markOpenedPage` as the server's middleware, after the session's renewal. During a database
 * outage the page goes on to its loaders, which answer it as they answer every outage.
 */
export function readMarkers(db: Database, secret: string) {
  return (
    req: { method: string; path: string; headers: { cookie?: string } },
    _res: unknown,
    next: (error?: unknown) => void,
  ) => {
    // Most requests open no marked page: they go on at once, not a promise later.
    if (!opensMarkedPageRequest(req)) return next();
    markOpenedPage(db, secret, { method: req.method, path: req.path, cookieHeader: req.headers.cookie }).then(
      () => next(),
      (error: unknown) => (isDatabaseUnavailable(error) ? next() : next(error)),
    );
  };
}
