/**
 * The load run (issue 11, "Load"): 80 % reads of pages and API, 20 % writes (likes and unlikes,
 * comments, new posts by experts, subscribe and cancel with payments off) at N connections for D
 * seconds, each connection signed in as its own user so that user's writes are in order; every
 * write's answer is kept, and afterwards the database must hold exactly what the 2xx answers said.
 */
import type postgres from "postgres";
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
  const likedBefore = new Set((await sql<{ k: string }[]>`SELECT user_id || ':' || post_id AS k FROM likes`).map((r) => r.k));
  const subscribedBefore = new Map(
    (await sql<{ k: string; active: boolean }[]>`
      SELECT subscriber_id || ':' || expert_id AS k, (status IN ('Activated', 'PastDue') OR (status = 'Canceled' AND current_period_end > now())) AS active
      FROM subscriptions`).map((r) => [r.k, r.active]),
  );
  const commentsBefore = new Map(
    (await sql<{ id: string; n: number; counter: number }[]>`
      SELECT p.id, (SELECT count(*)::int FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL) AS n, p.comments_count AS counter
      FROM posts p WHERE p.id = ANY(${targets.postIds}::uuid[])`).map((r) => [r.id, r]),
  );
  const postsBefore = new Map(
    (await sql<{ id: string; n: number }[]>`SELECT u.id, (SELECT count(*)::int FROM posts p WHERE p.author_id = u.id) AS n FROM users u WHERE u.id = ANY(${experts.map((e) => e.userId)}::uuid[])`).map(
      (r) => [r.id, r.n],
    ),
  );

  const likeState = new Map<string, boolean>();
  const subscriptionState = new Map<string, { active: boolean; status: string }>();
  const commentsCreated = new Map<string, number>();
  const postsCreated = new Map<string, number>();
  const uncertainLikes = new Set<string>();
  const uncertainSubscriptions = new Set<string>();
  const uncertainComments = new Set<string>();
  const uncertainPosts = new Set<string>();
  const byOperation: Record<string, Record<string, number>> = {};
  const writes = { likes: 0, unlikes: 0, comments: 0, posts: 0, subscribes: 0, cancels: 0 };
  let uncertain = 0;

  const count = (name: string, status: string) => {
    const row = (byOperation[name] ??= {});
    row[status] = (row[status] ?? 0) + 1;
  };
  const opName = (op: Op) => (op.kind === "read" ? op.name : op.kind === "like" ? (op.liked ? "POST like" : "DELETE like") : op.kind === "subscribe" ? (op.subscribe ? "POST subscription" : "DELETE subscription") : `POST ${op.kind}`);

  // A write whose answer never came (timeout, socket error) may or may not have happened: its pair is left out of the comparison.
  function markUncertain(op: Op) {
    uncertain++;
    count(opName(op), "no answer");
    if (op.kind === "like") uncertainLikes.add(`${op.userId}:${op.postId}`);
    if (op.kind === "subscribe") uncertainSubscriptions.add(`${op.userId}:${op.expertId}`);
    if (op.kind === "comment") uncertainComments.add(op.postId);
    if (op.kind === "post") uncertainPosts.add(op.authorId);
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
        request = { method: "POST", path: `/api/posts/${postId}/comments`, headers: json, body: JSON.stringify({ body: `Load run comment ${Date.now()}` }) };
      } else {
        const expertId = pick(targets.expertIds);
        const subscribe = Math.random() < 0.6;
        op = { kind: "subscribe", userId: session.userId, expertId, subscribe };
        request = { method: subscribe ? "POST" : "DELETE", path: "/api/subscriptions", headers: json, body: JSON.stringify({ expertId }) };
      }
    }
    context.op = op;
    return request;
  }

  function record(status: number, body: string, context: ConnectionContext) {
    const op = context.op;
    context.op = undefined;
    if (!op) return;
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
      writes[op.liked ? "likes" : "unlikes"]++;
    } else if (op.kind === "comment") {
      commentsCreated.set(op.postId, (commentsCreated.get(op.postId) ?? 0) + 1);
      writes.comments++;
    } else if (op.kind === "post") {
      postsCreated.set(op.authorId, (postsCreated.get(op.authorId) ?? 0) + 1);
      writes.posts++;
    } else if (op.kind === "subscribe") {
      const subscription = payload?.subscription as { isActive?: boolean; status?: string } | undefined;
      subscriptionState.set(`${op.userId}:${op.expertId}`, { active: Boolean(subscription?.isActive), status: String(subscription?.status) });
      writes[op.subscribe ? "subscribes" : "cancels"]++;
    }
  }

  // One loop per connection, each request waiting for the previous answer: a user's writes never
  // overlap, and every answer is matched with the request that got it. (autocannon resets its
  // per-connection context at the end of each request list, so it cannot keep a user per connection.)
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  const startedAt = Date.now();
  const endAt = startedAt + durationSeconds * 1000;
  const progress = setInterval(() => {
    console.log(`  ${Math.round((Date.now() - startedAt) / 1000)} s: ${latencies.length} answers ${JSON.stringify(statusCounts)}, ${errors} errors, ${timeouts} timeouts`);
  }, 30_000);
  await Promise.all(
    assignment.map(async (session) => {
      const context: ConnectionContext = { session };
      while (Date.now() < endAt) {
        const request = build(context);
        const t0 = performance.now();
        try {
          const { response, text: body } = await timedFetch(
            `${appBase}${request.path}`,
            { method: request.method, headers: request.headers, body: request.body, redirect: "manual" },
            20_000,
          );
          latencies.push(performance.now() - t0);
          statusCounts[response.status] = (statusCounts[response.status] ?? 0) + 1;
          record(response.status, body, context);
        } catch (error) {
          if ((error as Error).name === "TimeoutError") timeouts++;
          else errors++;
          // Left in context.op: the next build() marks it uncertain.
        }
      }
      if (context.op) markUncertain(context.op);
    }),
  );
  clearInterval(progress);
  const elapsedSeconds = (Date.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]) : 0);

  // After: compare (the same rule as subscriptionGivesAccess in app/modules/experts/experts.server.ts).
  const checks: LoadResult["checks"] = [];
  {
    const mismatches: string[] = [];
    const expected = new Map<string, number>();
    const pairs = new Set([...likedBefore, ...likeState.keys()]);
    for (const key of pairs) {
      if (uncertainLikes.has(key) && !likeState.has(key)) continue;
      const liked = likeState.has(key) ? likeState.get(key)! : likedBefore.has(key);
      const postId = key.split(":")[1];
      if (!targets.postIds.includes(postId)) continue;
      expected.set(postId, (expected.get(postId) ?? 0) + (liked ? 1 : 0));
    }
    const rows = await sql<{ id: string; n: number; counter: number }[]>`
      SELECT p.id, (SELECT count(*)::int FROM likes l WHERE l.post_id = p.id) AS n, p.likes_count AS counter FROM posts p WHERE p.id = ANY(${targets.postIds}::uuid[])`;
    const uncertainPosts = new Set([...uncertainLikes].map((k) => k.split(":")[1]));
    let compared = 0;
    for (const row of rows) {
      if (uncertainPosts.has(row.id)) continue;
      compared++;
      const want = expected.get(row.id) ?? 0;
      if (row.n !== want) mismatches.push(`post ${row.id}: ${row.n} likes in the database, the answers say ${want}`);
      if (row.counter !== row.n) mismatches.push(`post ${row.id}: likes_count ${row.counter} but ${row.n} likes`);
    }
    // Each pair the answers settled is in the database as they said.
    const liked = new Set((await sql<{ k: string }[]>`SELECT user_id || ':' || post_id AS k FROM likes`).map((r) => r.k));
    for (const [key, state] of likeState) if (!uncertainLikes.has(key) && liked.has(key) !== state) mismatches.push(`like ${key}: answered ${state}, database ${liked.has(key)}`);
    checks.push({ name: "likes per post (rows and posts.likes_count)", compared, mismatches });
  }
  {
    const mismatches: string[] = [];
    const rows = await sql<{ id: string; n: number; counter: number }[]>`
      SELECT p.id, (SELECT count(*)::int FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL) AS n, p.comments_count AS counter
      FROM posts p WHERE p.id = ANY(${targets.postIds}::uuid[])`;
    let compared = 0;
    for (const row of rows) {
      if (uncertainComments.has(row.id)) continue;
      compared++;
      const before = commentsBefore.get(row.id)!;
      const made = commentsCreated.get(row.id) ?? 0;
      if (row.n !== before.n + made) mismatches.push(`post ${row.id}: ${row.n} comments, expected ${before.n} + ${made}`);
      if (row.counter - before.counter !== made) mismatches.push(`post ${row.id}: comments_count went ${before.counter} → ${row.counter}, ${made} comments were created`);
    }
    checks.push({ name: "comments per post (rows and posts.comments_count)", compared, mismatches });
  }
  {
    const mismatches: string[] = [];
    const expected = new Map<string, number>();
    const keys = new Set([...subscribedBefore.keys(), ...subscriptionState.keys()]);
    for (const key of keys) {
      if (uncertainSubscriptions.has(key) && !subscriptionState.has(key)) continue;
      const active = subscriptionState.has(key) ? subscriptionState.get(key)!.active : subscribedBefore.get(key)!;
      const expertId = key.split(":")[1];
      expected.set(expertId, (expected.get(expertId) ?? 0) + (active ? 1 : 0));
    }
    const uncertainExperts = new Set([...uncertainSubscriptions].map((k) => k.split(":")[1]));
    const rows = await sql<{ id: string; n: number }[]>`
      SELECT u.id, (SELECT count(*)::int FROM subscriptions s WHERE s.expert_id = u.id
        AND (s.status IN ('Activated', 'PastDue') OR (s.status = 'Canceled' AND s.current_period_end > now()))) AS n
      FROM users u WHERE u.id = ANY(${targets.expertIds}::uuid[])`;
    let compared = 0;
    for (const row of rows) {
      if (uncertainExperts.has(row.id)) continue;
      compared++;
      const want = expected.get(row.id) ?? 0;
      if (row.n !== want) mismatches.push(`expert ${row.id}: ${row.n} subscribers in the database, the answers say ${want}`);
    }
    const statuses = new Map(
      (await sql<{ k: string; status: string }[]>`SELECT subscriber_id || ':' || expert_id AS k, status FROM subscriptions`).map((r) => [r.k, r.status]),
    );
    for (const [key, state] of subscriptionState) {
      if (!uncertainSubscriptions.has(key) && statuses.get(key) !== state.status) mismatches.push(`subscription ${key}: answered ${state.status}, database ${statuses.get(key)}`);
    }
    checks.push({ name: "subscribers per expert (and each subscription's status)", compared, mismatches });
  }
  {
    const mismatches: string[] = [];
    const rows = await sql<{ id: string; n: number }[]>`SELECT u.id, (SELECT count(*)::int FROM posts p WHERE p.author_id = u.id) AS n FROM users u WHERE u.id = ANY(${experts.map((e) => e.userId)}::uuid[])`;
    let compared = 0;
    for (const row of rows) {
      if (uncertainPosts.has(row.id)) continue;
      compared++;
      const want = (postsBefore.get(row.id) ?? 0) + (postsCreated.get(row.id) ?? 0);
      if (row.n !== want) mismatches.push(`expert ${row.id}: ${row.n} posts, expected ${want}`);
    }
    checks.push({ name: "posts per expert", compared, mismatches });
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
  };
}
