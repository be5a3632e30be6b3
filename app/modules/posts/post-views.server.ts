/**
 * Page views of a post, for its author's business figures: each load of the post's page by a
 * signed-in reader (not the author) or a visitor adds one. A GET writes nothing while it renders:
 * views are added up in the process and written a moment later, every post's in one statement
 * (as the read markers are). At most a second of views is lost if the process dies; a failed
 * write is logged and its views dropped, never the page.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { postViews } from "~/db/schema";
import type { Logger } from "~/modules/logger.server";

/** How long views wait to share a statement. */
export const POST_VIEWS_FLUSH_MS = 1_000;
/** Posts kept at most between two writes (a burst past it writes at once). */
const MAX_PENDING_POSTS = 2_000;

class PostViewBatch {
  private pending = new Map<string, { readers: number; visitors: number }>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  add(postId: string, by: "reader" | "visitor", log: Logger): void {
    const counts = this.pending.get(postId) ?? { readers: 0, visitors: 0 };
    if (by === "reader") counts.readers++;
    else counts.visitors++;
    this.pending.set(postId, counts);
    if (this.pending.size >= MAX_PENDING_POSTS) void this.flush(log);
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(log), POST_VIEWS_FLUSH_MS);
      // Pending views never keep a stopping process alive.
      this.timer.unref?.();
    }
  }

  flush(log?: Logger): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = [...this.pending].map(([post_id, { readers, visitors }]) => ({ post_id, readers, visitors }));
    this.pending = new Map();
    if (batch.length > 0)
      this.writing = this.writing
        .then(() => writeViews(this.db, batch))
        .catch((error: unknown) => log?.warn({ err: error, posts: batch.length }, "post views were not counted"));
    return this.writing;
  }
}

/** Every post's views in one statement; a post deleted meanwhile is skipped. */
async function writeViews(db: Database, batch: { post_id: string; readers: number; visitors: number }[]) {
  await db.execute(sql`
    INSERT INTO ${postViews} AS v (post_id, reader_views, visitor_views)
    SELECT b.post_id, b.readers, b.visitors
    FROM jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) AS b(post_id uuid, readers int, visitors int)
    WHERE EXISTS (SELECT 1 FROM posts p WHERE p.id = b.post_id)
    ON CONFLICT (post_id) DO UPDATE SET
      reader_views = v.reader_views + excluded.reader_views,
      visitor_views = v.visitor_views + excluded.visitor_views`);
}

const batches = new WeakMap<Database, PostViewBatch>();
const batchOf = (db: Database) => {
  let batch = batches.get(db);
  if (!batch) batches.set(db, (batch = new PostViewBatch(db)));
  return batch;
};

/** Counts one view of the post's page; written within a second. */
export function countPostView(db: Database, log: Logger, postId: string, by: "reader" | "visitor"): void {
  batchOf(db).add(postId, by, log);
}

/** Writes the views counted so far (shutdown, and tests that read them at once). */
export const flushPostViews = (db: Database): Promise<void> => batchOf(db).flush();
