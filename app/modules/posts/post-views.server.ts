/**
 * Page views of a post, for its author's business figures: each load of the post's page by a
 * signed-in reader (not the author) or a visitor adds one. Counted while the page's other reads
 * run, never in its way: a failure is logged and the reader still gets the page.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { postViews } from "~/db/schema";
import type { Logger } from "~/modules/logger.server";

/** Every page view runs it: prepared once per connection (app/db/hot-path/). */
const upsertView = preparedStatement((db) =>
  db
    .insert(postViews)
    .values({
      postId: sql.placeholder("postId"),
      readerViews: sql.placeholder("readers"),
      visitorViews: sql.placeholder("visitors"),
    })
    .onConflictDoUpdate({
      target: postViews.postId,
      set: {
        readerViews: sql`${postViews.readerViews} + excluded.reader_views`,
        visitorViews: sql`${postViews.visitorViews} + excluded.visitor_views`,
      },
    })
    .prepare("count_post_view"),
);

export async function countPostView(
  db: Database,
  log: Logger,
  postId: string,
  by: "reader" | "visitor",
): Promise<void> {
  const readers = by === "reader" ? 1 : 0;
  await upsertView(db)
    .execute({ postId, readers, visitors: 1 - readers })
    .catch((error: unknown) => log.warn({ err: error, postId }, "a post view was not counted"));
}
