/** Publishing: scheduled posts go live and are announced exactly once, by whichever instance claims them. */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { posts } from "~/db/schema";
import { postIsLiveSql } from "~/modules/access/access-sql.server";
import { notifyPostLive, type Writer } from "./notify.server";

/** How often each instance looks for posts that went live (a scheduled post is announced within this). */
export const PUBLISHING_INTERVAL_MS = 5_000;

/** At most this many posts per job run (the rest on the next run, seconds later). */
const ANNOUNCE_BATCH = 100;

/**
 * Announces the published posts whose date has come and that were not announced yet (all of them,
 * or only `postId`): marks them announced and notifies their readers, in the caller's transaction.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so instances running this at once never announce
 * a post twice. Answers the ids announced.
 */
export async function announceLivePosts(tx: Writer, now: Date, postId?: string): Promise<string[]> {
  const at = now.toISOString();
  const only: SQL = postId ? sql`AND id = ${postId}::uuid` : sql``;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`
    UPDATE ${posts} SET announced_at = ${at}::timestamptz
    WHERE id IN (
      SELECT id FROM ${posts}
      WHERE ${postIsLiveSql(sql`${at}::timestamptz`)} AND announced_at IS NULL ${only}
      ORDER BY publish_date LIMIT ${ANNOUNCE_BATCH}
      FOR UPDATE SKIP LOCKED)
    RETURNING id`,
  );
  for (const row of rows) await notifyPostLive(tx, row.id, now);
  return rows.map((row) => row.id);
}

/** The publishing job's run: announces due posts in batches until none is left. */
export async function publishDuePosts(db: Database, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const announced = await db.transaction((tx) => announceLivePosts(tx, now));
    total += announced.length;
    if (announced.length < ANNOUNCE_BATCH) return total;
  }
}
