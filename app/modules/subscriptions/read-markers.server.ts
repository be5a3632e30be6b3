/**
 * Read markers: opening an expert's page clears that expert's new-post counter; opening one of
 * their live posts clears it up to that post. A GET writes nothing while it renders: the server's
 * middleware notes each opening, and one statement a moment later moves every marker noted since
 * (`ReadMarkers.flush`), checking each session as it was when the page was opened. The root
 * loader shows the opened expert's counter cleared in the same answer.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { posts, subscriptions, users } from "~/db/schema";
import { postIsLiveSql } from "~/modules/access/access-sql.server";
import { accessSessionId, sessionUserId } from "~/modules/accounts/sessions.server";
import { expertPageUserName, postPageId } from "~/modules/site/page-paths";

/** How long an opening waits for others to share its statement. */
export const READ_MARKERS_FLUSH_MS = 100;
/** Openings kept at most between two flushes (a burst past it flushes at once). */
const MAX_PENDING = 1_000;

interface Opening {
  sessionId: string;
  at: string;
  /** `/experts/{userName}` … */
  userName: string | null;
  /** … or `/posts/{id}`. */
  postId: string | null;
}

/** Does opening this path (a page or its `.data` request) move a read marker? */
export const opensMarkedPage = (pathname: string) => {
  const page = pathname.replace(/\.data$/, "");
  return expertPageUserName(page) !== null || postPageId(page) !== null;
};

/** A GET of a page (or its data) whose opening moves a read marker: the only requests `markOpenedPage` acts on. */
const opensMarkedPageRequest = (request: { method: string; path: string }) =>
  request.method === "GET" && opensMarkedPage(request.path);

/** One instance's openings of marked pages, written a moment later in one statement. */
export class ReadMarkers {
  private pending: Opening[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly secret: string,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /**
   * Notes a GET of an expert's page or a post (or its data) by the holder of a live access cookie;
   * anything else is left alone. True when it was noted.
   */
  note(request: { method: string; path: string; cookieHeader: string | null | undefined }, now = new Date()): boolean {
    if (!opensMarkedPageRequest(request)) return false;
    const sessionId = accessSessionId(request.cookieHeader ?? null, this.secret, now);
    if (!sessionId) return false;
    const page = request.path.replace(/\.data$/, "");
    this.pending.push({
      sessionId,
      at: now.toISOString(),
      userName: expertPageUserName(page),
      postId: postPageId(page),
    });
    if (this.pending.length >= MAX_PENDING) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), READ_MARKERS_FLUSH_MS);
    return true;
  }

  /** Writes every opening noted so far (one statement); resolves once it is written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) this.flushing = this.flushing.then(() => writeOpenings(this.db, batch)).catch(this.onError);
    return this.flushing;
  }

  /** The server's middleware: notes the opening and lets the page render at once. */
  middleware() {
    return (req: { method: string; path: string; headers: { cookie?: string } }, _res: unknown, next: () => void) => {
      this.note({ method: req.method, path: req.path, cookieHeader: req.headers.cookie });
      next();
    };
  }
}

/**
 * The openings' markers in one statement: each session as it was when its page was opened, an
 * expert's page moving the marker to that moment, a live post to its publish date; the latest of
 * a reader's openings of one expert wins, and a marker never moves back.
 */
async function writeOpenings(db: Database, batch: Opening[]): Promise<void> {
  const openings = JSON.stringify(
    batch.map(({ sessionId, at, userName, postId }) => ({
      session_id: sessionId,
      at,
      user_name: userName,
      post_id: postId,
    })),
  );
  const reader = sessionUserId(sql`o.session_id`, sql`o.at`);
  await db.execute(sql`
    WITH openings AS (
      SELECT o.at, o.user_name, o.post_id, ${reader} AS reader_id
      FROM jsonb_to_recordset(${openings}::jsonb) AS o(session_id uuid, at timestamptz, user_name text, post_id uuid)
    ), seen AS (
      SELECT o.reader_id, u.id AS expert_id, o.at AS seen_at FROM openings o
      JOIN ${users} u ON lower(u.user_name) = lower(o.user_name)
      UNION ALL
      SELECT o.reader_id, p.author_id, p.publish_date FROM openings o
      JOIN ${posts} p ON p.id = o.post_id AND ${postIsLiveSql(sql`o.at`, "p")}
    ), latest AS (
      SELECT reader_id, expert_id, max(seen_at) AS seen_at FROM seen WHERE reader_id IS NOT NULL
      GROUP BY reader_id, expert_id
    )
    UPDATE ${subscriptions} s SET last_seen_posts_at = latest.seen_at, updated_at = now() FROM latest
    WHERE s.subscriber_id = latest.reader_id AND s.expert_id = latest.expert_id
      AND s.last_seen_posts_at < latest.seen_at`);
}
