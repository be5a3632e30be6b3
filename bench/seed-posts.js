// Bulk data for bench/posts.js, in plain SQL (a million rows through the API would take an hour).
// Every function takes a postgres.js client on a migrated database. Bench rows are recognisable:
// e-mails at bench.sharpside.app, titles "Bench post N".

import { fail } from "./lib.js";

export const BENCH_DOMAIN = "bench.sharpside.app";
// Every bench pick's analysis carries this; a visitor must never see it.
export const PICK_MARKER = "BENCH-PICK-ANALYSIS";

export async function seedExperts(bench, count) {
  await bench`
    INSERT INTO users (email, user_name, first_name, last_name, roles, sign_up_flow, email_confirmed_at)
    SELECT 'expert' || g || '@' || ${BENCH_DOMAIN}, 'BenchExpert' || g, 'Bench', 'Expert ' || g, '{Expert}', 'Expert', now()
    FROM generate_series(1, ${count}) g`;
  await bench`
    INSERT INTO profiles (user_id, city, state)
    SELECT id, 'Austin', 'TX' FROM users WHERE email LIKE ${`expert%@${BENCH_DOMAIN}`}`;
  await bench`
    INSERT INTO experts (user_id, membership_status, membership_paid_at, subscription_price_cents)
    SELECT id, 'Active', now(), 1900 FROM users WHERE email LIKE ${`expert%@${BENCH_DOMAIN}`}`;
}

/**
 * Posts number `from`…`to`; post g belongs to expert g mod expertCount (`mixed`: (g + g/10) mod
 * expertCount, so that every expert posts picks, not only those whose number ends in 0-2); the
 * lower g, the newer.
 */
export async function seedPosts(bench, from, to, expertCount, { mixed = false } = {}) {
  await bench`
    WITH authors AS (
      SELECT id, row_number() OVER (ORDER BY user_name) - 1 AS n FROM users WHERE email LIKE ${`expert%@${BENCH_DOMAIN}`}
    ), cats AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM categories
    ), inserted AS (
    INSERT INTO posts (author_id, post_type, title, body, preview, preview_text, visibility, status, publish_date,
                       category_id, selection, odds, units, pick_result, graded_at, likes_count, comments_count, announced_at)
    SELECT a.id,
           CASE WHEN g % 10 < 3 THEN 'Pick'::post_type ELSE 'Post'::post_type END,
           'Bench post ' || g,
           jsonb_build_array(jsonb_build_object('type', 'paragraph', 'children', jsonb_build_array(jsonb_build_object('text',
             CASE WHEN g % 10 < 3 THEN 'Free opening line ' || g || '. ' || ${PICK_MARKER} || ' ' || g ELSE 'Free analysis ' || g END)))),
           jsonb_build_array(jsonb_build_object('type', 'paragraph', 'children', jsonb_build_array(jsonb_build_object('text', 'Free opening line ' || g || '.')))),
           'Free opening line ' || g || '.',
           CASE WHEN g % 10 < 3 THEN 'Subscribers'::post_visibility ELSE 'Free'::post_visibility END,
           'Published',
           -- 1 % scheduled for the coming week (the feed's total subtracts them), the rest already live.
           CASE WHEN g % 100 = 50 THEN now() + (g % 7 + 1) * interval '1 day' ELSE now() - g * interval '2 minutes' END,
           c.id,
           CASE WHEN g % 10 < 3 THEN 'Home -3.5' END,
           CASE WHEN g % 10 < 3 THEN -110 END,
           CASE WHEN g % 10 < 3 THEN 1 END,
           CASE WHEN g % 10 = 0 AND g > 500 THEN 'Win'::pick_result END,
           CASE WHEN g % 10 = 0 AND g > 500 THEN now() END,
           0, 0,
           -- Live ones were announced when they went live: the app's publishing job leaves them be.
           CASE WHEN g % 100 = 50 THEN NULL ELSE now() - g * interval '2 minutes' END
    FROM generate_series(${from}::int, ${to}::int) g
    JOIN authors a ON a.n = (g + ${mixed ? 1 : 0} * (g / 10)) % ${expertCount}
    JOIN cats c ON c.n = g % c.total
    RETURNING id, substring(title from 12)::int AS g
    ), mods AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM modalities
    )
    -- A third of the posts name a bet type (post answers show their modalities).
    INSERT INTO post_modalities (post_id, modality_id)
    SELECT i.id, m.id FROM inserted i JOIN mods m ON m.n = i.g % m.total WHERE i.g % 3 = 0`;
}

/** Fans number `from`…`to`; each likes 100 distinct bench posts (104729 is prime, so k·104729 mod N differ). */
export async function seedFansAndLikes(bench, from, to, likesPerFan) {
  await bench`
    INSERT INTO users (email, user_name, first_name, last_name, email_confirmed_at)
    SELECT 'fan' || g || '@' || ${BENCH_DOMAIN}, 'BenchFan' || g, 'Bench', 'Fan ' || g, now()
    FROM generate_series(${from}::int, ${to}::int) g`;
  // The post count as a constant: with it inside the join the planner can only nest loops.
  const [{ total }] = await bench`SELECT count(*)::int AS total FROM posts WHERE title LIKE 'Bench post %'`;
  await bench`
    WITH p AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM posts WHERE title LIKE 'Bench post %'
    ), f AS (
      SELECT id, substring(user_name FROM 9)::int AS n FROM users WHERE email LIKE ${`fan%@${BENCH_DOMAIN}`}
        AND substring(user_name FROM 9)::int BETWEEN ${from} AND ${to}
    )
    INSERT INTO likes (user_id, post_id)
    SELECT f.id, p.id FROM f CROSS JOIN generate_series(1, ${likesPerFan}) k
    JOIN p ON p.n = (f.n::bigint * 7919 + k * 104729) % ${total}::bigint
    ON CONFLICT DO NOTHING`;
  await bench`
    UPDATE posts SET likes_count = counts.n
    FROM (SELECT post_id, count(*)::int AS n FROM likes GROUP BY post_id) counts
    WHERE posts.id = counts.post_id AND posts.likes_count <> counts.n`;
}

/**
 * The reader follows 40 bench experts and subscribes to 10 others: the k-th of them (k = 0…49) is
 * expert 20k + k mod 10 in the order posts are dealt out (post g belongs to expert g mod 1000), so
 * one post in 20 is in their feed, spread evenly over time rather than bunched among the newest,
 * with every kind of post the seed makes (picks pending and graded, free posts).
 */
export async function seedReader(bench, readerId) {
  const chosen = (from, to) => `
    WITH e AS (SELECT id, row_number() OVER (ORDER BY user_name) - 1 AS n FROM users WHERE email LIKE 'expert%@${BENCH_DOMAIN}')
    SELECT e.id FROM e JOIN generate_series(${from}, ${to}) k ON e.n = 20 * k + k % 10`;
  await bench.unsafe(`INSERT INTO follows (follower_id, expert_id) SELECT $1, id FROM (${chosen(0, 39)}) chosen`, [
    readerId,
  ]);
  await bench.unsafe(
    `INSERT INTO subscriptions (subscriber_id, expert_id, status, price_cents, current_period_end)
     SELECT $1, id, 'Activated', 1900, now() + interval '30 days' FROM (${chosen(40, 49)}) chosen`,
    [readerId],
  );
}

export async function countRows(bench) {
  const [row] =
    await bench`SELECT (SELECT count(*)::int FROM posts) AS posts, (SELECT count(*)::int FROM likes) AS likes,
    (SELECT count(*)::int FROM experts) AS experts, (SELECT count(*)::int FROM users) AS users`;
  return row;
}

/**
 * The newest live pick of an expert the reader (`readerId`) subscribes to (`benchPostsOnly`: among
 * the seeded experts' posts), with words of its analysis that only a reader allowed to see it gets
 * (bench/pages-signed-in.js, bench/ghost.js).
 */
export async function subscribedPick(bench, readerId, benchPostsOnly) {
  const [pick] = await bench`
    SELECT p.id, u.user_name, p.body -> -1 -> 'children' -> 0 ->> 'text' AS last_words, p.preview_text FROM posts p
    JOIN subscriptions s ON s.expert_id = p.author_id AND s.subscriber_id = ${readerId} AND s.status = 'Activated'
    JOIN users u ON u.id = p.author_id
    WHERE p.post_type = 'Pick' AND p.status = 'Published' AND p.publish_date <= now()
      AND (${!benchPostsOnly} OR p.title LIKE 'Bench post %')
    ORDER BY p.publish_date DESC LIMIT 1`;
  if (!pick) await fail(`the reader subscribes to no expert with a live pick`);
  // The bench's picks carry a marker in their analysis; a demo pick, the longest run of plain words
  // (no character the HTML would escape) of its last paragraph, which its preview does not show.
  const words = benchPostsOnly
    ? PICK_MARKER
    : (pick.last_words ?? "")
        .match(/[A-Za-z0-9 ]{12,}/g)
        ?.sort((a, b) => b.length - a.length)[0]
        ?.trim();
  if (!words || pick.preview_text?.includes(words))
    await fail(`the pick ${pick.id} has no words in its analysis, outside its preview, to look for`);
  return { id: pick.id, userName: pick.user_name, locked: words };
}
