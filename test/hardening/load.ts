/**
 * The load run: 80 % reads of pages and API, 20 % writes (likes and unlikes,
 * comments, new posts by experts, subscribe and cancel with payments off) at N connections for D
 * seconds, each connection signed in as its own user so that user's writes are in order; every
 * write's answer is kept, and afterwards the database must hold exactly what the 2xx answers said.
 */
import type postgres from "postgres";
import { errorShapeOk } from "./faults";
import { timedFetch } from "./timed-fetch";

export interface Session {
  userId: string;
  userName: string;
  cookie: string;
  expert: boolean;
}

export interface LoadTargets {
  postIds: string[];
  expertIds: string[];
  expertNames: string[];
  categoryId: number;
}

type Op =
  | { kind: "read"; name: string }
  | { kind: "like"; userId: string; postId: string; liked: boolean }
  | { kind: "comment"; postId: string }
  | { kind: "post"; authorId: string }
  | { kind: "subscribe"; userId: string; expertId: string; subscribe: boolean };

interface ConnectionContext {
  session?: Session;
  op?: Op;
}

export interface LoadResult {
  durationSeconds: number;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  byOperation: Record<string, Record<string, number>>;
  writes: { likes: number; unlikes: number; comments: number; posts: number; subscribes: number; cancels: number };
  uncertain: number;
  checks: { name: string; compared: number; mismatches: string[] }[];
  /** Every request: when it started (epoch ms), how long it took, its status, whether an error was in the product's shape. */
  answers: LoadAnswer[];
}

export interface LoadAnswer {
  at: number;
  ms: number;
  status: number | "timeout" | "network error";
  shapeOk: boolean;
  write: boolean;
}

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

export async function runLoad(options: {
  appBase: string;
  sql: postgres.Sql;
  sessions: Session[];
  targets: LoadTargets;
  connections: number;
  durationSeconds: number;
}): Promise<LoadResult> {
  const { appBase, sql, sessions, targets, connections, durationSeconds } = options;
  const readers = sessions.filter((s) => !s.expert);
  const experts = sessions.filter((s) => s.expert);
  // One session per connection (experts first, then readers), so one user's writes never overlap.
  const assignment = [...experts.slice(0, Math.max(1, Math.round(connections / 10))), ...readers].slice(0, connections);
  if (assignment.length < connections) throw new Error(`need ${connections} sessions, have ${assignment.length}`);

  // Before: the pairs and counts as they stand.
  const likedBefore = new Set(
    (await sql<{ k: string }[]>`SELECT user_id || ':' || post_id AS k FROM likes`).map((r) => r.k),
  );
  const subscribedBefore = new Map(
    (
      await sql<{ k: string; active: boolean }[]>`
      SELECT subscriber_id || ':' || expert_id AS k, (status IN ('Activated', 'PastDue') OR (status = 'Canceled' AND current_period_end > now())) AS active
      FROM subscriptions`
    ).map((r) => [r.k, r.active]),
  );
  const commentsBefore = new Map(
    (
      await sql<{ id: string; n: number; counter: number }[]>`
      SELECT p.id, (SELECT count(*)::int FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL) AS n, p.comments_count AS counter
      FROM posts p WHERE p.id = ANY(${targets.postIds}::uuid[])`
    ).map((r) => [r.id, r]),
  );
  const postsBefore = new Map(
    (
      await sql<
        { id: string; n: number }[]
      >`SELECT u.id, (SELECT count(*)::int FROM posts p WHERE p.author_id = u.id) AS n FROM users u WHERE u.id = ANY(${experts.map((e) => e.userId)}::uuid[])`
    ).map((r) => [r.id, r.n]),
  );

  const likeState = new Map<string, boolean>();
  const subscriptionState = new Map<string, { active: boolean; status: string }>();
  const commentsCreated = new Map<string, number>();
  const postsCreated = new Map<string, number>();
  const uncertainLikes = new Set<string>();
  const uncertainSubscriptions = new Set<string>();
  /** Writes of unknown effect per post (comments) and per expert (posts): the count may include them or not. */
  const uncertainComments = new Map<string, number>();
  const uncertainPosts = new Map<string, number>();
  const byOperation: Record<string, Record<string, number>> = {};
  const writes = { likes: 0, unlikes: 0, comments: 0, posts: 0, subscribes: 0, cancels: 0 };
  let uncertain = 0;

  const count = (name: string, status: string) => {
    const row = (byOperation[name] ??= {});
    row[status] = (row[status] ?? 0) + 1;
  };
  const opName = (op: Op) =>
    op.kind === "read"
      ? op.name
      : op.kind === "like"
        ? op.liked
          ? "POST like"
          : "DELETE like"
        : op.kind === "subscribe"
          ? op.subscribe
            ? "POST subscription"
            : "DELETE subscription"
          : `POST ${op.kind}`;

  // A write whose answer never came (timeout, socket error) may or may not have happened: its pair is left out of the comparison.
  /**
   * A write whose effect is unknown: no answer, or a 5xx (the database went away around its
   * commit). What it touched is left out of the comparison until a later 2xx settles it (a like's
   * and a subscription's answer carries the whole state; a count stays unknown).
   */
  function markUncertain(op: Op, answer = "no answer") {
    uncertain++;
    count(opName(op), answer);
    if (op.kind === "like") {
      uncertainLikes.add(`${op.userId}:${op.postId}`);
      likeState.delete(`${op.userId}:${op.postId}`);
    }
    if (op.kind === "subscribe") {
      uncertainSubscriptions.add(`${op.userId}:${op.expertId}`);
      subscriptionState.delete(`${op.userId}:${op.expertId}`);
    }
    if (op.kind === "comment") uncertainComments.set(op.postId, (uncertainComments.get(op.postId) ?? 0) + 1);
    if (op.kind === "post") uncertainPosts.set(op.authorId, (uncertainPosts.get(op.authorId) ?? 0) + 1);
  }

  function build(context: ConnectionContext) {
    if (context.op) markUncertain(context.op);
    const session = context.session!;
    const auth = { cookie: session.cookie };
    const json = { ...auth, "content-type": "application/json" };
    const roll = Math.random();
    let op: Op;
    let request: { method: string; path: string; headers: Record<string, string>; body?: string };
    if (roll < 0.8) {
      const postId = pick(targets.postIds);
      const reads: [string, string, boolean][] = [
        ["GET /", "/", false],
        ["GET /posts/{id}", `/posts/${postId}`, true],
        ["GET /experts/{name}", `/experts/${pick(targets.expertNames)}`, false],
        ["GET /leaderboard", "/leaderboard", false],
        ["GET /api/posts", "/api/posts?size=10", false],
        ["GET /api/posts/{id}", `/api/posts/${postId}`, true],
        ["GET /api/posts/my/feed", "/api/posts/my/feed", true],
        ["GET /api/search", `/api/search?q=${pick(["bench", "nba", "post", "expert", "lakers"])}`, false],
      ];
      const [name, path, signedIn] = reads[Math.floor((roll / 0.8) * reads.length)];
      // Half the signed-out-able reads come from visitors (the page cache serves them).
      const asVisitor = !signedIn && Math.random() < 0.5;
      op = { kind: "read", name };
      request = { method: "GET", path, headers: asVisitor ? {} : auth };
    } else {
      const w = (roll - 0.8) / 0.2;
      const postId = pick(targets.postIds);
      if (session.expert && w < 0.5) {
        op = { kind: "post", authorId: session.userId };
        const text = `Load run post by ${session.userName} at ${Date.now()}`;
        request = {
          method: "POST",
          path: "/api/posts",
          headers: json,
          body: JSON.stringify({
            postType: "Post",
            title: text.slice(0, 60),
            body: [{ type: "paragraph", children: [{ text }] }],
            categoryId: targets.categoryId,
            publishDate: new Date(Date.now() - 1000).toISOString(),
          }),
        };
      } else if (w < 0.45 || session.expert) {
        const liked = Math.random() < 0.6;
        op = { kind: "like", userId: session.userId, postId, liked };
        request = { method: liked ? "POST" : "DELETE", path: `/api/posts/${postId}/like`, headers: auth };
      } else if (w < 0.75) {
        op = { kind: "comment", postId };
        request = {
          method: "POST",
          path: `/api/posts/${postId}/comments`,
          headers: json,
          body: JSON.stringify({ body: `Load run comment ${Date.now()}` }),
        };
      } else {
        const expertId = pick(targets.expertIds);
        const subscribe = Math.random() < 0.6;
        op = { kind: "subscribe", userId: session.userId, expertId, subscribe };
        request = {
          method: subscribe ? "POST" : "DELETE",
          path: "/api/subscriptions",
          headers: json,
          body: JSON.stringify({ expertId }),
        };
      }
    }
    context.op = op;
    return request;
  }

  function record(status: number, body: string, context: ConnectionContext) {
    const op = context.op;
    context.op = undefined;
    if (!op) return;
    if (status >= 500 && op.kind !== "read") return markUncertain(op, String(status));
    count(opName(op), String(status));
    if (status < 200 || status >= 300) return;
    let payload: Record<string, unknown> | undefined;
    try {
      payload = (JSON.parse(body) as { payload?: Record<string, unknown> }).payload;
    } catch {
      payload = undefined;
    }
    if (op.kind === "like") {
      likeState.set(`${op.userId}:${op.postId}`, Boolean(payload?.liked));
      uncertainLikes.delete(`${op.userId}:${op.postId}`);
      writes[op.liked ? "likes" : "unlikes"]++;
    } else if (op.kind === "comment") {
      commentsCreated.set(op.postId, (commentsCreated.get(op.postId) ?? 0) + 1);
      writes.comments++;
    } else if (op.kind === "post") {
      postsCreated.set(op.authorId, (postsCreated.get(op.authorId) ?? 0) + 1);
      writes.posts++;
    } else if (op.kind === "subscribe") {
      const subscription = payload?.subscription as { isActive?: boolean; status?: string } | undefined;
      subscriptionState.set(`${op.userId}:${op.expertId}`, {
        active: Boolean(subscription?.isActive),
        status: String(subscription?.status),
      });
      uncertainSubscriptions.delete(`${op.userId}:${op.expertId}`);
      writes[op.subscribe ? "subscribes" : "cancels"]++;
    }
  }

  // One loop per connection, each request waiting for the previous answer: a user's writes never
  // overlap, and every answer is matched with the request that got it. (autocannon resets its
  // per-connection context at the end of each request list, so it cannot keep a user per connection.)
  const latencies: number[] = [];
  const answers: LoadAnswer[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  const startedAt = Date.now();
  const endAt = startedAt + durationSeconds * 1000;
  const progress = setInterval(() => {
    console.log(
      `  ${Math.round((Date.now() - startedAt) / 1000)} s: ${latencies.length} answers ${JSON.stringify(statusCounts)}, ${errors} errors, ${timeouts} timeouts`,
    );
  }, 30_000);
  await Promise.all(
    assignment.map(async (session) => {
      const context: ConnectionContext = { session };
      while (Date.now() < endAt) {
        const request = build(context);
        const write = request.method !== "GET";
        const at = Date.now();
        const t0 = performance.now();
        try {
          const { response, text: body } = await timedFetch(
            `${appBase}${request.path}`,
            { method: request.method, headers: request.headers, body: request.body, redirect: "manual" },
            20_000,
          );
          latencies.push(performance.now() - t0);
          answers.push({
            at,
            ms: Math.round(performance.now() - t0),
            status: response.status,
            shapeOk: errorShapeOk(request.path, response, body),
            write,
          });
          statusCounts[response.status] = (statusCounts[response.status] ?? 0) + 1;
          record(response.status, body, context);
        } catch (error) {
          const timedOut = (error as Error).name === "TimeoutError";
          if (timedOut) timeouts++;
          else errors++;
          answers.push({
            at,
            ms: Math.round(performance.now() - t0),
            status: timedOut ? "timeout" : "network error",
            shapeOk: false,
            write,
          });
          // Left in context.op: the next build() marks it uncertain.
        }
      }
      if (context.op) markUncertain(context.op);
    }),
  );
  clearInterval(progress);
  const elapsedSeconds = (Date.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) =>
    latencies.length
      ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))])
      : 0;

  // After: compare (the same rule as subscriptionGivesAccess in app/modules/access/access.ts).
  // Each count must be what the 2xx answers said; a write of unknown effect (no answer, or a 5xx
  // around the database's outage) may or may not be in it, so it widens the expected count to a
  // range by one. Every counter column must equal its rows exactly.
  const checks: LoadResult["checks"] = [];
  const within = (n: number, low: number, unknown: number) => n >= low && n <= low + unknown;
  const range = (low: number, unknown: number) => (unknown ? `${low}…${low + unknown}` : String(low));
  {
    const mismatches: string[] = [];
    const settled = new Map<string, number>();
    const unknown = new Map<string, number>();
    for (const key of new Set([...likedBefore, ...likeState.keys(), ...uncertainLikes])) {
      const postId = key.split(":")[1];
      if (!targets.postIds.includes(postId)) continue;
      if (uncertainLikes.has(key)) unknown.set(postId, (unknown.get(postId) ?? 0) + 1);
      else if (likeState.has(key) ? likeState.get(key)! : likedBefore.has(key))
        settled.set(postId, (settled.get(postId) ?? 0) + 1);
    }
    const rows = await sql<{ id: string; n: number; counter: number }[]>`
      SELECT p.id, (SELECT count(*)::int FROM likes l WHERE l.post_id = p.id) AS n, p.likes_count AS counter FROM posts p WHERE p.id = ANY(${targets.postIds}::uuid[])`;
    for (const row of rows) {
      const low = settled.get(row.id) ?? 0;
      const open = unknown.get(row.id) ?? 0;
      if (!within(row.n, low, open))
        mismatches.push(`post ${row.id}: ${row.n} likes in the database, the answers say ${range(low, open)}`);
      if (row.counter !== row.n) mismatches.push(`post ${row.id}: likes_count ${row.counter} but ${row.n} likes`);
    }
    // Each pair the answers settled is in the database as they said.
    const liked = new Set(
      (await sql<{ k: string }[]>`SELECT user_id || ':' || post_id AS k FROM likes`).map((r) => r.k),
    );
    for (const [key, state] of likeState)
      if (liked.has(key) !== state) mismatches.push(`like ${key}: answered ${state}, database ${liked.has(key)}`);
    checks.push({ name: "likes per post (rows and posts.likes_count)", compared: rows.length, mismatches });
  }
  {
    const mismatches: string[] = [];
    const rows = await sql<{ id: string; n: number; counter: number }[]>`
      SELECT p.id, (SELECT count(*)::int FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL) AS n, p.comments_count AS counter
      FROM posts p WHERE p.id = ANY(${targets.postIds}::uuid[])`;
    for (const row of rows) {
      const before = commentsBefore.get(row.id)!;
      const made = commentsCreated.get(row.id) ?? 0;
      const open = uncertainComments.get(row.id) ?? 0;
      if (!within(row.n, before.n + made, open))
        mismatches.push(`post ${row.id}: ${row.n} comments, expected ${before.n} + ${range(made, open)}`);
      if (row.counter - before.counter !== row.n - before.n)
        mismatches.push(
          `post ${row.id}: comments_count went ${before.counter} → ${row.counter}, comments ${before.n} → ${row.n}`,
        );
    }
    checks.push({ name: "comments per post (rows and posts.comments_count)", compared: rows.length, mismatches });
  }
  {
    const mismatches: string[] = [];
    const settled = new Map<string, number>();
    const unknown = new Map<string, number>();
    for (const key of new Set([...subscribedBefore.keys(), ...subscriptionState.keys(), ...uncertainSubscriptions])) {
      const expertId = key.split(":")[1];
      if (uncertainSubscriptions.has(key)) unknown.set(expertId, (unknown.get(expertId) ?? 0) + 1);
      else if (subscriptionState.has(key) ? subscriptionState.get(key)!.active : subscribedBefore.get(key)!)
        settled.set(expertId, (settled.get(expertId) ?? 0) + 1);
    }
    const rows = await sql<{ id: string; n: number }[]>`
      SELECT u.id, (SELECT count(*)::int FROM subscriptions s WHERE s.expert_id = u.id
        AND (s.status IN ('Activated', 'PastDue') OR (s.status = 'Canceled' AND s.current_period_end > now()))) AS n
      FROM users u WHERE u.id = ANY(${targets.expertIds}::uuid[])`;
    for (const row of rows) {
      const low = settled.get(row.id) ?? 0;
      const open = unknown.get(row.id) ?? 0;
      if (!within(row.n, low, open))
        mismatches.push(`expert ${row.id}: ${row.n} subscribers in the database, the answers say ${range(low, open)}`);
    }
    const statuses = new Map(
      (
        await sql<
          { k: string; status: string }[]
        >`SELECT subscriber_id || ':' || expert_id AS k, status FROM subscriptions`
      ).map((r) => [r.k, r.status]),
    );
    for (const [key, state] of subscriptionState) {
      if (statuses.get(key) !== state.status)
        mismatches.push(`subscription ${key}: answered ${state.status}, database ${statuses.get(key)}`);
    }
    checks.push({ name: "subscribers per expert (and each subscription's status)", compared: rows.length, mismatches });
  }
  {
    const mismatches: string[] = [];
    const rows = await sql<{ id: string; n: number; published: number; counter: number; latestBelow: boolean }[]>`
      SELECT u.id, (SELECT count(*)::int FROM posts p WHERE p.author_id = u.id) AS n,
        (SELECT count(*)::int FROM posts p WHERE p.author_id = u.id AND p.status = 'Published') AS published, e.published_posts_count AS counter,
        -- latest_publish_date only has to be at least every published post's date (migration 0014).
        coalesce((SELECT max(p.publish_date) FROM posts p WHERE p.author_id = u.id AND p.status = 'Published') > coalesce(e.latest_publish_date, '-infinity'), false) AS "latestBelow"
      FROM users u JOIN experts e ON e.user_id = u.id WHERE u.id = ANY(${experts.map((e) => e.userId)}::uuid[])`;
    for (const row of rows) {
      const low = (postsBefore.get(row.id) ?? 0) + (postsCreated.get(row.id) ?? 0);
      const open = uncertainPosts.get(row.id) ?? 0;
      if (!within(row.n, low, open)) mismatches.push(`expert ${row.id}: ${row.n} posts, expected ${range(low, open)}`);
      if (row.counter !== row.published)
        mismatches.push(`expert ${row.id}: published_posts_count ${row.counter} but ${row.published} published posts`);
      if (row.latestBelow) mismatches.push(`expert ${row.id}: latest_publish_date is before a published post's date`);
    }
    checks.push({
      name: "posts per expert (and experts.published_posts_count, latest_publish_date)",
      compared: rows.length,
      mismatches,
    });
  }

  return {
    durationSeconds,
    connections,
    requests: latencies.length,
    rps: latencies.length / elapsedSeconds,
    p50: percentile(50),
    p90: percentile(90),
    p99: percentile(99),
    max: Math.round(latencies[latencies.length - 1] ?? 0),
    errors,
    timeouts,
    statuses: statusCounts,
    byOperation,
    writes,
    uncertain,
    checks,
    answers,
  };
}
