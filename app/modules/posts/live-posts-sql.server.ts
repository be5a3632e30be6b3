import { sql, type SQL } from "drizzle-orm";
import { posts } from "~/db/schema";

/**
 * An expert's live posts from its row's counters: its Published ones (kept by a trigger,
 * migration 0005) less the scheduled ones, counted only while its latest publish date (migration
 * 0014) is still to come: for nearly every expert, nothing to count.
 */
export const livePostsFromCounters = (
  now: SQL,
  expert: { publishedPostsCount: SQL; latestPublishDate: SQL; userId: SQL },
) =>
  sql`${expert.publishedPostsCount} - CASE WHEN ${expert.latestPublishDate} > ${now} THEN
    (SELECT count(*) FROM ${posts} p WHERE p.author_id = ${expert.userId} AND p.status = 'Published' AND p.publish_date > ${now})
  ELSE 0 END`;
