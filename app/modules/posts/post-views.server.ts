/**
 * Page views of a post, for its author's business figures: each load of the post's page by a
 * signed-in reader (not the author) or a visitor adds one. Counted while the page's other reads
 * run, never in its way: a failure is logged and the reader still gets the page.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { postViews } from "~/db/schema";
import type { Logger } from "~/modules/logger.server";

export async function countPostView(
  db: Database,
  log: Logger,
  postId: string,
  by: "reader" | "visitor",
): Promise<void> {
  const reader = by === "reader" ? 1 : 0;
  await db
    .insert(postViews)
    .values({ postId, readerViews: reader, visitorViews: 1 - reader })
    .onConflictDoUpdate({
      target: postViews.postId,
      set: {
        readerViews: sql`${postViews.readerViews} + ${reader}`,
        visitorViews: sql`${postViews.visitorViews} + ${1 - reader}`,
      },
    })
    .catch((error: unknown) => log.warn({ err: error, postId }, "a post view was not counted"));
}
