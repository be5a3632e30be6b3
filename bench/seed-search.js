// Bulk data for bench/search.js, in plain SQL: experts with names people type and posts written
// from a sports vocabulary, so that searches match what they would on a real site. Bench rows
// are recognisable: e-mails at search.bench.sharpside.app.

export const SEARCH_BENCH_DOMAIN = "search.bench.sharpside.app";
// Every bench pick's locked analysis carries this word; a visitor's search must never find it.
export const LOCKED_WORD = "Zanzibarlock";

// Handles and surnames as varied as 10,000 people's are: 1,000 handle stems, 200 surnames.
const handlePrefixes = [
  "LeBron",
  "Sharp",
  "Gridiron",
  "Hoops",
  "Diamond",
  "Puck",
  "Pitch",
  "Line",
  "Value",
  "Steam",
  "Edge",
  "Parlay",
  "Lock",
  "Sunday",
  "Prime",
  "Total",
  "Spread",
  "Sniper",
  "Vegas",
  "Wise",
  "Court",
  "Rink",
  "Fairway",
  "Clutch",
  "Baseline",
  "Bullpen",
  "Endzone",
  "Paint",
  "Slapshot",
  "Corner",
  "Redzone",
  "Moneyline",
  "Underdog",
  "Closing",
  "Sunrise",
  "Midnight",
  "Frozen",
  "Golden",
  "Iron",
  "Lucky",
];
const handleSuffixes = [
  "Picks",
  "Bets",
  "Guru",
  "Sharp",
  "Plays",
  "Edge",
  "Locks",
  "King",
  "Pro",
  "Lab",
  "Wizard",
  "Report",
  "Insider",
  "Angles",
  "Capper",
  "Club",
  "Desk",
  "Room",
  "Zone",
  "Hq",
  "Hub",
  "Nation",
  "Line",
  "Factor",
  "Brain",
];
const firstNames = [
  "Marcus",
  "Dana",
  "Ari",
  "Kim",
  "Jo",
  "Casey",
  "Robin",
  "Sam",
  "Alex",
  "Jordan",
  "Taylor",
  "Morgan",
  "Jamie",
  "Chris",
  "Pat",
  "Lee",
  "Drew",
  "Avery",
  "Riley",
  "Quinn",
];
const surnameRoots = [
  "Whit",
  "Low",
  "Stone",
  "Park",
  "Van",
  "Oka",
  "Ash",
  "Gar",
  "Brad",
  "John",
  "Brook",
  "Mill",
  "Dav",
  "Wil",
  "Moor",
  "Clar",
  "Lew",
  "Walk",
  "Young",
  "Hal",
  "Fair",
  "Hart",
  "Kings",
  "Red",
  "Wood",
];
const surnameEndings = ["field", "ford", "ley", "ton", "son", "wick", "man", "well"];
const teams = [
  "Lakers",
  "Celtics",
  "Knicks",
  "Warriors",
  "Bulls",
  "Heat",
  "Nuggets",
  "Suns",
  "Bucks",
  "Mavericks",
  "Chiefs",
  "Eagles",
  "Cowboys",
  "Packers",
  "Steelers",
  "Ravens",
  "Bills",
  "Niners",
  "Patriots",
  "Giants",
  "Yankees",
  "Dodgers",
  "Astros",
  "Braves",
  "Mets",
  "Rangers",
  "Bruins",
  "Oilers",
  "Penguins",
  "Arsenal",
  "Liverpool",
  "Chelsea",
  "Barcelona",
  "Madrid",
  "Juventus",
  "Bayern",
  "Inter",
  "Milan",
  "Ajax",
  "Porto",
];
const markets = [
  "spread",
  "total",
  "moneyline",
  "prop",
  "parlay",
  "teaser",
  "first half",
  "player points",
  "over",
  "under",
];
const angles = [
  "value",
  "lean",
  "lock",
  "play",
  "fade",
  "sharp money",
  "line move",
  "injury angle",
  "rest edge",
  "revenge spot",
];
const whens = [
  "tonight",
  "Sunday",
  "this weekend",
  "Monday night",
  "opening day",
  "the playoffs",
  "the road trip",
  "the derby",
  "primetime",
  "the finale",
];

const sqlArray = (words) => `ARRAY[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(",")}]`;

/** Experts 1…count: handles like HoopsGuru417, real-looking full names. */
export async function seedSearchExperts(bench, count) {
  await bench.unsafe(`
    INSERT INTO users (email, user_name, first_name, last_name, roles, sign_up_flow, email_confirmed_at)
    SELECT 'expert' || g || '@${SEARCH_BENCH_DOMAIN}',
      (${sqlArray(handlePrefixes)})[1 + g % ${handlePrefixes.length}] || (${sqlArray(handleSuffixes)})[1 + (g / ${handlePrefixes.length}) % ${handleSuffixes.length}] || g,
      (${sqlArray(firstNames)})[1 + (g * 7) % ${firstNames.length}],
      (${sqlArray(surnameRoots)})[1 + (g * 13) % ${surnameRoots.length}] || (${sqlArray(surnameEndings)})[1 + (g / ${surnameRoots.length}) % ${surnameEndings.length}],
      '{Expert}', 'Expert', now()
    FROM generate_series(1, ${count}) g`);
  await bench.unsafe(`
    INSERT INTO profiles (user_id, city, state, expert_about_text)
    SELECT id, 'Austin', 'TX', 'Ten years of closing-line value in ' || (${sqlArray(teams)})[1 + abs(hashtext(user_name)) % ${teams.length}] || ' games.'
    FROM users WHERE email LIKE 'expert%@${SEARCH_BENCH_DOMAIN}'`);
  await bench.unsafe(`
    INSERT INTO experts (user_id, membership_status, membership_paid_at, subscription_price_cents)
    SELECT id, 'Active', now(), 1900 FROM users WHERE email LIKE 'expert%@${SEARCH_BENCH_DOMAIN}'`);
}

/** Posts from…to, spread over the experts and sports; 30 % picks whose last paragraph is locked. */
export async function seedSearchPosts(bench, from, to, expertCount) {
  const pick = (list, expr) => `(${sqlArray(list)})[1 + (${expr}) % ${list.length}]`;
  await bench.unsafe(`
    WITH authors AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM users WHERE email LIKE 'expert%@${SEARCH_BENCH_DOMAIN}'
    ), cats AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS n, count(*) OVER () AS total FROM categories
    ), words AS (
      SELECT g,
        ${pick(teams, "g")} || ' vs ' || ${pick(teams, "g / 7 + 3")} || ': ' || ${pick(markets, "g / 3")} || ' ' || ${pick(angles, "g / 11")} || ' ' || ${pick(whens, "g / 13")} AS title,
        'Why the ' || ${pick(teams, "g")} || ' ' || ${pick(markets, "g / 17")} || ' is ' || ${pick(angles, "g / 19")} || ' ' || ${pick(whens, "g / 23")} || '.' AS opening,
        'Numbers on the ' || ${pick(teams, "g / 7 + 3")} || ' ' || ${pick(markets, "g / 29")} || ' and the ' || ${pick(angles, "g / 31")} || '.' AS analysis
      FROM generate_series(${from}::int, ${to}::int) g
    )
    INSERT INTO posts (author_id, post_type, title, body, preview, preview_text, visibility, status, publish_date,
                       category_id, selection, odds, units, likes_count, comments_count, announced_at)
    SELECT a.id,
      CASE WHEN w.g % 10 < 3 THEN 'Pick'::post_type ELSE 'Post'::post_type END,
      w.title,
      jsonb_build_array(
        jsonb_build_object('type', 'paragraph', 'children', jsonb_build_array(jsonb_build_object('text', w.opening))),
        jsonb_build_object('type', 'paragraph', 'children', jsonb_build_array(jsonb_build_object('text',
          w.analysis || CASE WHEN w.g % 10 < 3 THEN ' ${LOCKED_WORD} ' || w.g ELSE '' END)))),
      jsonb_build_array(jsonb_build_object('type', 'paragraph', 'children', jsonb_build_array(jsonb_build_object('text', w.opening)))),
      w.opening,
      CASE WHEN w.g % 10 < 3 THEN 'Subscribers'::post_visibility ELSE 'Free'::post_visibility END,
      'Published',
      now() - w.g * interval '30 seconds',
      c.id,
      CASE WHEN w.g % 10 < 3 THEN 'Home -3.5' END,
      CASE WHEN w.g % 10 < 3 THEN -110 END,
      CASE WHEN w.g % 10 < 3 THEN 1 END,
      0, 0, now() - w.g * interval '30 seconds'
    FROM words w
    JOIN authors a ON a.n = w.g % ${expertCount}
    JOIN cats c ON c.n = w.g % c.total`);
}
