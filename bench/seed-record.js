// Bulk history for bench/record.js in plain SQL: experts, the games they bet on (all played), and
// graded picks, each graded from its game's score as the results import would. Written with the
// record's guard off (withRecordGuardOff: picks on games already played), then every sum rebuilt.
// Bench rows are recognisable: e-mails at record.bench.sharpside.app.

export const RECORD_BENCH_DOMAIN = "record.bench.sharpside.app";

export async function seedRecordExperts(bench, count) {
  await bench`
    INSERT INTO users (email, user_name, first_name, last_name, roles, sign_up_flow, email_confirmed_at)
    SELECT 'expert' || g || '@' || ${RECORD_BENCH_DOMAIN}, 'RecordExpert' || g, 'Record', 'Expert ' || g, '{Expert}', 'Expert', now()
    FROM generate_series(1, ${count}) g`;
  await bench`INSERT INTO profiles (user_id) SELECT id FROM users WHERE email LIKE ${`expert%@${RECORD_BENCH_DOMAIN}`}`;
  await bench`
    INSERT INTO experts (user_id, membership_status, membership_paid_at, subscription_price_cents)
    SELECT id, 'Active', now(), 1900 FROM users WHERE email LIKE ${`expert%@${RECORD_BENCH_DOMAIN}`}`;
}

/** `count` games over the last 400 days, every one final. */
export async function seedRecordEvents(bench, count) {
  await bench`
    INSERT INTO events (category_id, home_team, away_team, starts_at, status, home_score, away_score, resulted_at)
    SELECT (SELECT id FROM categories ORDER BY id LIMIT 1 OFFSET g % 4), 'Home ' || g, 'Away ' || g,
      now() - (g % 400) * interval '1 day' - interval '6 hours', 'Final', 80 + (g * 7) % 40, 80 + (g * 13) % 40,
      now() - (g % 400) * interval '1 day' - interval '3 hours'
    FROM generate_series(1, ${count}) g`;
}

/**
 * Picks `from`…`to`: pick g by expert g mod experts on game g mod games, a home spread of -3.5 or
 * +2.5, graded from the score; experts differ in stake and odds so the board has an order.
 */
export async function seedRecordPicks(bench, from, to, expertCount) {
  await bench`
    WITH authors AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE email LIKE ${`expert%@${RECORD_BENCH_DOMAIN}`}
    ), games AS (
      SELECT id, category_id, starts_at, resulted_at, home_score - away_score AS margin, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM events WHERE home_team LIKE 'Home %'
    ), picks AS (
      SELECT g, a.id AS author_id, e.*, CASE WHEN g % 2 = 0 THEN -3.5 ELSE 2.5 END AS line, (ARRAY[-110, -105, -115, 120])[1 + (a.n % 4)] AS odds,
        (ARRAY[1, 1, 1.5, 2, 0.5])[1 + (a.n % 5)] AS units
      FROM generate_series(${from}::int, ${to}::int) g
      JOIN authors a ON a.n = g % ${expertCount}
      JOIN games e ON e.n = g % (SELECT max(total) FROM games)
    )
    INSERT INTO posts (author_id, post_type, title, body, preview, preview_text, visibility, status, publish_date, category_id, event_id,
                       market, legs, selection, odds, units, pick_result, graded_at, settled_odds, posted_at, announced_at, created_at)
    SELECT author_id, 'Pick', 'Record pick ' || g,
      '[{"type":"paragraph","children":[{"text":"The analysis."}]}]', '[]', '', 'Subscribers', 'Published',
      starts_at - interval '5 hours', category_id, id, 'Spread',
      jsonb_build_array(jsonb_build_object('eventId', id, 'market', 'Spread', 'side', 'Home', 'line', line, 'odds', odds, 'description', null)),
      'Home ' || line, odds, units,
      CASE WHEN margin + line > 0 THEN 'Win' ELSE 'Loss' END::pick_result, resulted_at, odds,
      starts_at - interval '5 hours', starts_at - interval '5 hours', starts_at - interval '5 hours'
    FROM picks`;
}
