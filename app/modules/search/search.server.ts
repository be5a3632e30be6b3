/**
 * Search (issue 8, decision 025): experts by user name and full name, sports by name, posts by
 * PostgreSQL full-text search. Experts and sports match by prefix, substring or trigram word
 * similarity, so 'lebr' finds LeBronPicks and 'nbaa' finds NBA. A query of several words is also
 * compared, run together, with user names (issue 26): 'ice cold' finds IceColdLocks and
 * 'gridron guru' GridironGuru; the whole query is compared with the full name ('dana whitfeld').
 * Posts match every typed word as a
 * prefix against `search_document` (title weight A over the body of a free Post or the preview of
 * a Pick, weight B); a Pick's body (`search_locked`) is searched only for viewers who may read it
 * (`canReadBodySql`, the access module's rule). Scheduled posts and
 * drafts are never found. Migration 0010 holds the columns and indexes.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { categories, experts, posts, profiles, users } from "~/db/schema";
import { canReadBodySql, postIsLiveSql } from "~/modules/access/access-sql.server";
import {
  avatarOrDefault,
  escapeLike,
  isPublicExpert,
  subscribersCountSql,
  type ExpertCard,
} from "~/modules/experts/experts.server";
import { serializePosts, toPostLink, type PostDTO, type PostLink } from "~/modules/posts/post-serializer.server";
import { SEARCH_MAX_LENGTH, type SearchSuggestions } from "./search-params";
import { estimatedShare } from "./word-frequency.server";

/** Words of a query that count; the rest are ignored. */
const MAX_WORDS = 8;
/**
 * The suggestions rank the newest matching posts by relevance: ranking every match of a common
 * word among a million posts would cost more than the whole request may.
 */
const SUGGESTION_POST_WINDOW = 10;
/**
 * Queries whose words are expected in at least this share of posts are looked for among the
 * newest NEWEST_SCANNED posts (a match every 500 posts or sooner); rarer ones through the GIN
 * index (at most a few thousand matches per million posts to sort).
 */
export const COMMON_SHARE = 0.002;
const NEWEST_SCANNED = 5000;
/** How alike a misspelt word and a name must be (pg_trgm word similarity, 0…1). */
const NAME_SIMILARITY = 0.5;

/** An expert on the search page: the card without its price. */
export type ExpertHit = Omit<ExpertCard, "subscriptionPriceCents">;

export interface CategoryHit {
  id: number;
  name: string;
  slug: string;
  /** Live posts in this sport. */
  postsCount: number;
}

export interface SearchPage<T> {
  items: T[];
  totalItems: number;
}

interface PageOptions {
  page: number;
  size: number;
}

/** A query as the searches use it: trimmed, lower case, and its words as a prefix tsquery text. */
export interface SearchTerms {
  needle: string;
  /** The words (letters and digits), lower case. */
  words: string[];
  /**
   * The words run together ('ice cold' → 'icecold'), as user names are written; null when that
   * is the needle itself (one plain word), which the needle's own matching already covers.
   */
  compact: string | null;
  /** `word1:* & word2:*`, or null when the query has no letter or digit. */
  tsquery: string | null;
}

export function searchTerms(searchValue: string): SearchTerms {
  // Punctuation around the text ("lebr'", "#nba") is not part of a name.
  const needle = searchValue
    .trim()
    .toLowerCase()
    .slice(0, SEARCH_MAX_LENGTH)
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  const words = (needle.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  const compact = words.join("");
  return {
    needle,
    words,
    compact: compact.length > 1 && compact !== needle ? compact : null,
    tsquery: words.length ? words.map((word) => `${word}:*`).join(" & ") : null,
  };
}

/**
 * The needle, the compact words and their LIKE patterns as SQL: bound values, or placeholders in
 * a prepared statement. Without compact words (null) their conditions find nothing, at no cost:
 * a trigram index scan for a null key returns at once.
 */
interface MatchValues {
  needle: SQL;
  prefix: SQL;
  part: SQL;
  compact: SQL;
  compactPrefix: SQL;
  compactPart: SQL;
}

type MatchText = Record<keyof MatchValues, string | null>;

const likeValues = ({ needle, compact }: SearchTerms) => ({
  needle,
  prefix: `${escapeLike(needle)}%`,
  part: `%${escapeLike(needle)}%`,
  compact,
  compactPrefix: compact === null ? null : `${escapeLike(compact)}%`,
  compactPart: compact === null ? null : `%${escapeLike(compact)}%`,
});

const MATCH_KEYS = [
  "needle",
  "prefix",
  "part",
  "compact",
  "compactPrefix",
  "compactPart",
] as const satisfies readonly (keyof MatchValues)[];

const boundValues = (terms: SearchTerms): MatchValues => {
  const values: MatchText = likeValues(terms);
  return Object.fromEntries(MATCH_KEYS.map((key) => [key, sql`${values[key]}::text`])) as unknown as MatchValues;
};

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** Fewer than this many found for a handful of suggestions would need a very unlucky membership mix. */
const EXPERT_CANDIDATES = 20;

const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * Users whose name matches the needle, as `columns` of `users`: one character matches the start
 * of a name; longer ones a part of the user name or full name, or a word like it (typos: pg_trgm's
 * strict word similarity of the whole query, which lets 'whitfeld' and 'dana whitfeld' find Dana
 * Whitfield). A query of several words, run together, also matches a part of the user name or a
 * stretch of it like it (pg_trgm's word similarity: 'icecold' is the start of IceColdLocks,
 * 'gridronguru' nearly GridironGuru); the strict kind would weigh the whole user name and miss a
 * name typed in part. Each way of matching is its own trigram index scan (a UNION): as one OR the
 * planner read every user instead.
 */
function matchingUsers(
  { needle, prefix, part, compact, compactPart }: MatchValues,
  oneCharacter: boolean,
  columns: SQL,
) {
  return oneCharacter
    ? sql`SELECT ${columns} FROM ${users} WHERE lower(${users.userName}) LIKE ${prefix} OR lower(${users.firstName}) LIKE ${prefix} OR lower(${users.lastName}) LIKE ${prefix}`
    : sql`SELECT ${columns} FROM ${users} WHERE ${users.userName} ILIKE ${part}
        UNION SELECT ${columns} FROM ${users} WHERE ${fullName} ILIKE ${part}
        UNION SELECT ${columns} FROM ${users} WHERE ${needle} <<% ${users.userName}
        UNION SELECT ${columns} FROM ${users} WHERE ${needle} <<% ${fullName}
        UNION SELECT ${columns} FROM ${users} WHERE ${users.userName} ILIKE ${compactPart}
        UNION SELECT ${columns} FROM ${users} WHERE ${compact} <% ${users.userName}`;
}

/**
 * The best name match first: a user name starting with the needle (or the words run together),
 * then word similarity. Without compact words their terms are null: `coalesce` and `greatest`
 * leave them out.
 */
const nameRank = ({ needle, prefix, compact, compactPrefix }: MatchValues, userName: SQL, name: SQL) =>
  sql`(lower(${userName}) LIKE ${prefix} OR coalesce(lower(${userName}) LIKE ${compactPrefix}, false)) DESC,
    greatest(word_similarity(${needle}, ${userName}), word_similarity(${needle}, ${name}), word_similarity(${compact}, ${userName})) DESC`;

/** Public experts whose name matches (`matchingUsers`), best match first, then most units won. */
function expertMatch(values: MatchValues, oneCharacter: boolean) {
  const where = sql`${users.id} IN (${matchingUsers(values, oneCharacter, sql`${users.id}`)})`;
  const order = sql`${nameRank(values, sql`${users.userName}`, fullName)}, ${experts.recordProfit} DESC, ${users.userName}`;
  const from = sql`${users} JOIN ${experts} ON ${experts.userId} = ${users.id} LEFT JOIN ${profiles} ON ${profiles.userId} = ${users.id}`;
  return { from, where: sql`${isPublicExpert} AND ${where}`, order };
}

/**
 * The suggestions' experts, cheaper than `expertMatch` for a handful: the matching users ranked
 * on their own row (no join for each of possibly hundreds of look-alike names), the best
 * EXPERT_CANDIDATES of them then checked for an active membership and given their picture.
 */
function suggestedExperts(values: MatchValues, oneCharacter: boolean, topCount: SQL) {
  const columns = sql`${users.id} AS id, ${users.userName} AS user_name, ${fullName} AS full_name, ${users.roles} AS roles`;
  return sql`(SELECT json_agg(json_build_object('id', c.id, 'userName', c.user_name, 'avatar', pr.avatar) ORDER BY c.position)
    FROM (SELECT c.id, c.user_name, c.position FROM (
        SELECT m.id, m.user_name, row_number() OVER (ORDER BY ${nameRank(values, sql`m.user_name`, sql`m.full_name`)}, m.user_name) AS position
        FROM (${matchingUsers(values, oneCharacter, columns)}) m WHERE 'Expert' = ANY(m.roles)
        ORDER BY position LIMIT ${EXPERT_CANDIDATES}) c
      JOIN ${experts} e ON e.user_id = c.id AND e.membership_status = 'Active'
      ORDER BY c.position LIMIT ${topCount}) c
    LEFT JOIN ${profiles} pr ON pr.user_id = c.id)`;
}

/** Sports by the start of their name or slug, or a word like it ('nbaa' → NBA). */
function categoryMatch({ needle, prefix, part }: MatchValues, oneCharacter: boolean) {
  const where = oneCharacter
    ? sql`(lower(${categories.name}) LIKE ${prefix} OR ${categories.slug} LIKE ${prefix})`
    : sql`(${categories.name} ILIKE ${part} OR ${categories.slug} LIKE ${prefix}
          OR word_similarity(${needle}, ${categories.name}) >= ${NAME_SIMILARITY})`;
  const order = sql`(lower(${categories.name}) LIKE ${prefix}) DESC, word_similarity(${needle}, ${categories.name}) DESC, ${categories.sortOrder}, ${categories.id}`;
  return { where, order };
}

/**
 * Live posts whose public text matches, or whose locked body matches for a viewer who may read
 * it (`canReadBodySql`: the author, or a subscriber with access).
 */
function postMatch(tsquery: SQL, viewerId: SQL | null, at: SQL) {
  // A sub-select: computed once per statement, not once per row (a generic plan folds no constants).
  const query = sql`(SELECT to_tsquery('english', ${tsquery}))`;
  // A visitor reads no Pick's body (`canReadBodySql(null)`): no need to search them.
  const readsLocked = viewerId
    ? sql`OR (${posts.postType} = 'Pick' AND ${posts}.search_locked @@ ${query} AND ${canReadBodySql(sql`${viewerId}::uuid`, at)})`
    : sql``;
  /** The text match alone (the suggestions add liveness themselves). */
  const matches = sql`(${posts}.search_document @@ ${query} ${readsLocked})`;
  return {
    query,
    now: at,
    matches,
    where: sql`${postIsLiveSql(at)} AND ${matches}`,
  };
}

/**
 * The suggestions' posts: the most relevant (`ts_rank`, title over body) of the newest
 * SUGGESTION_POST_WINDOW matches. PostgreSQL cannot estimate a prefix query's frequency (it
 * guesses 2 % of rows for every one), and no single plan serves both kinds of word: a common word
 * is found at once walking the date index, newest first, while its GIN posting list holds tens of
 * thousands of rows to fetch and sort; a rare word has a tiny posting list but the walk would read
 * the whole table. So the caller estimates the words' frequency (`estimatedShare`, from the
 * statistics) and asks for one plan or the other: common words walk at most NEWEST_SCANNED of the
 * newest posts, rare ones go through the GIN index.
 */
function suggestedPosts(post: ReturnType<typeof postMatch>, common: boolean, topCount: SQL) {
  const columns = sql`${posts.id} AS id, ${posts.title} AS title, ${posts}.search_document AS document, ${posts.publishDate} AS publish_date`;
  const found = common
    ? sql`SELECT id, title, document, publish_date FROM (
        SELECT ${columns}, ${post.matches} AS matches FROM ${posts}
        WHERE ${postIsLiveSql(post.now)}
        ORDER BY ${posts.publishDate} DESC NULLS LAST, ${posts.id} DESC NULLS LAST LIMIT ${NEWEST_SCANNED}) newest
      WHERE matches LIMIT ${SUGGESTION_POST_WINDOW}`
    : // The GIN index alone (OFFSET 0 keeps the date condition out of it: a generic plan ANDed the
      // whole date index in), then sorted by an expression, never by walking the date index.
      sql`SELECT ${columns} FROM (SELECT * FROM ${posts} WHERE ${posts.status} = 'Published' AND ${post.matches} OFFSET 0) AS ${posts}
      WHERE ${postIsLiveSql(post.now)}
      ORDER BY ${posts.publishDate} + interval '0 seconds' DESC, ${posts.id} DESC LIMIT ${SUGGESTION_POST_WINDOW}`;
  return sql`(SELECT json_agg(json_build_object('id', m.id, 'title', m.title) ORDER BY m.rank DESC, m.publish_date DESC, m.id DESC)
    FROM (SELECT id, title, publish_date, ts_rank(document, ${post.query}) AS rank FROM (${found}) found
      ORDER BY rank DESC, publish_date DESC, id DESC LIMIT ${topCount}) m)`;
}

export interface SuggestionsVariant {
  oneCharacter: boolean;
  posts: boolean;
  signedIn: boolean;
  commonWords: boolean;
}

const placeholder = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * The suggestions' one statement for a variant (one character, or a word for posts too, for a
 * visitor or a signed-in viewer, common or rare words), its values as placeholders: a named
 * prepared statement per variant. Each variant's shape is fixed (the trigram indexes for names;
 * the walk or the GIN index for posts), so the generic plan the app's connections use
 * (`plan_cache_mode`, app/db/client.server.ts) cannot choose a wrong one, and nothing is planned
 * per request (planning this took longer than running it). Exported for bench/explain-search.ts
 * and the tests.
 */
export function suggestionsSelect(db: Database, variant: SuggestionsVariant) {
  const values = Object.fromEntries(
    MATCH_KEYS.map((key) => [key, sql`${sql.placeholder(key)}::text`]),
  ) as unknown as MatchValues;
  const topCount = placeholder("topCount");
  const category = categoryMatch(values, variant.oneCharacter);
  const post = variant.posts
    ? postMatch(
        placeholder("tsquery"),
        variant.signedIn ? placeholder("viewerId") : null,
        sql`${sql.placeholder("now")}::timestamptz`,
      )
    : null;
  return db
    .select({
      experts: sql<
        { id: string; userName: string; avatar: string | null }[] | null
      >`${suggestedExperts(values, variant.oneCharacter, topCount)}`,
      categories: sql<
        { id: number; name: string }[] | null
      >`(SELECT json_agg(json_build_object('id', c.id, 'name', c.name)) FROM (
        SELECT ${categories.id} AS id, ${categories.name} AS name FROM ${categories}
        WHERE ${category.where} ORDER BY ${category.order} LIMIT ${topCount}) c)`,
      posts: sql<PostLink[] | null>`${post ? suggestedPosts(post, variant.commonWords, topCount) : sql`NULL`}`,
    })
    .from(sql`(SELECT 1) AS one`);
}

const variantName = (v: SuggestionsVariant) =>
  v.posts
    ? `search_suggestions_${v.signedIn ? "reader" : "visitor"}_${v.commonWords ? "common" : "rare"}`
    : `search_suggestions_${v.oneCharacter ? "first_letter" : "names"}`;

const ALL_VARIANTS: SuggestionsVariant[] = [
  { oneCharacter: true, posts: false, signedIn: false, commonWords: false },
  { oneCharacter: false, posts: false, signedIn: false, commonWords: false },
  ...[false, true].flatMap((signedIn) =>
    [false, true].map((commonWords) => ({ oneCharacter: false, posts: true, signedIn, commonWords })),
  ),
];

const suggestionsStatements = new Map(
  ALL_VARIANTS.map((variant) => [
    variantName(variant),
    preparedStatement((db) => suggestionsSelect(db, variant).prepare(variantName(variant))),
  ]),
);

export interface SuggestionsPlan {
  variant: SuggestionsVariant;
  values: MatchText & { topCount: number; tsquery: string | null; viewerId: string | null; now: string };
}

/** The variant and values of the suggestions for this query (null: an empty query). */
export async function suggestionsPlan(
  db: Database,
  viewerId: string | null,
  searchValue: string,
  topCount: number,
  now = new Date(),
): Promise<SuggestionsPlan | null> {
  const terms = searchTerms(searchValue);
  if (!terms.needle) return null;
  const oneCharacter = terms.needle.length < 2;
  // One letter is not a word to look for in posts.
  const withPosts = terms.tsquery !== null && !oneCharacter;
  const variant: SuggestionsVariant = {
    oneCharacter,
    posts: withPosts,
    signedIn: withPosts && viewerId !== null,
    commonWords: withPosts && (await estimatedShare(db, terms.words, now.getTime())) >= COMMON_SHARE,
  };
  return {
    variant,
    values: { ...likeValues(terms), topCount, tsquery: terms.tsquery, viewerId, now: now.toISOString() },
  };
}

/** What the header's search box shows: up to `topCount` experts, sports and posts, in one prepared statement. */
export async function searchSuggestions(
  db: Database,
  viewerId: string | null,
  searchValue: string,
  topCount: number,
  now = new Date(),
): Promise<SearchSuggestions> {
  const plan = await suggestionsPlan(db, viewerId, searchValue, topCount, now);
  if (!plan) return { expertsInfo: [], categoriesInfo: [], postsInfo: [] };
  const [row] = await suggestionsStatements.get(variantName(plan.variant))!(db).execute(plan.values);
  return {
    expertsInfo: (row?.experts ?? []).map((hit) => ({
      id: hit.id,
      userName: hit.userName,
      avatar: avatarOrDefault(hit.avatar, hit.userName),
    })),
    categoriesInfo: row?.categories ?? [],
    postsInfo: (row?.posts ?? []).map(toPostLink),
  };
}

const offsetOf = ({ page, size }: PageOptions) => (page - 1) * size;

/** The search page's Experts tab: public experts matching, best match first, with a line about each. */
export async function searchExperts(
  db: Database,
  searchValue: string,
  options: PageOptions,
  now = new Date(),
): Promise<SearchPage<ExpertHit>> {
  const terms = searchTerms(searchValue);
  if (!terms.needle) return { items: [], totalItems: 0 };
  const { from, where, order } = expertMatch(boundValues(terms), terms.needle.length < 2);
  const subscribers = subscribersCountSql(users.id, at(now));
  const [rows, [{ total }]] = await Promise.all([
    queryRows<Omit<ExpertHit, "avatar"> & { avatar: string | null }>(
      db,
      sql`SELECT ${users.id} AS id, ${users.userName} AS "userName", ${users.firstName} AS "firstName", ${users.lastName} AS "lastName",
          ${profiles.avatar} AS avatar, ${profiles.expertAboutText} AS "expertAboutText", ${subscribers} AS "subscribersCount"
        FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${options.size} OFFSET ${offsetOf(options)}`,
    ),
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`),
  ]);
  return {
    items: rows.map((row) => ({ ...row, avatar: avatarOrDefault(row.avatar, row.userName) })),
    totalItems: Number(total),
  };
}

/** The search page's Categories tab: sports matching, with how many live posts each has. */
export async function searchCategories(
  db: Database,
  searchValue: string,
  options: PageOptions,
  now = new Date(),
): Promise<SearchPage<CategoryHit>> {
  const terms = searchTerms(searchValue);
  if (!terms.needle) return { items: [], totalItems: 0 };
  const { where, order } = categoryMatch(boundValues(terms), terms.needle.length < 2);
  const postsCount = sql`(SELECT count(*)::int FROM ${posts} WHERE ${posts.categoryId} = ${categories.id}
    AND ${postIsLiveSql(at(now))})`;
  const [rows, [{ total }]] = await Promise.all([
    queryRows<CategoryHit>(
      db,
      sql`SELECT ${categories.id} AS id, ${categories.name} AS name, ${categories.slug} AS slug, ${postsCount} AS "postsCount"
        FROM ${categories} WHERE ${where} ORDER BY ${order} LIMIT ${options.size} OFFSET ${offsetOf(options)}`,
    ),
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${categories} WHERE ${where}`),
  ]);
  return { items: rows, totalItems: Number(total) };
}

/**
 * The search page's Posts tab: live posts matching, most relevant first (title over body), then
 * newest; serialized for the viewer like every post (locked picks come with their preview only).
 */
export async function searchPosts(
  db: Database,
  viewerId: string | null,
  searchValue: string,
  options: PageOptions,
  now = new Date(),
): Promise<SearchPage<PostDTO>> {
  const terms = searchTerms(searchValue);
  if (!terms.tsquery || terms.needle.length < 2) return { items: [], totalItems: 0 };
  const { query, where } = postMatch(sql`${terms.tsquery}`, viewerId ? sql`${viewerId}` : null, at(now));
  const rank: SQL = sql`ts_rank(${posts}.search_document, ${query})`;
  const [rows, [{ total }]] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      sql`SELECT ${posts.id} AS id FROM ${posts} WHERE ${where}
        ORDER BY ${rank} DESC, ${posts.publishDate} DESC NULLS LAST, ${posts.id} DESC LIMIT ${options.size} OFFSET ${offsetOf(options)}`,
    ),
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${posts} WHERE ${where}`),
  ]);
  return {
    items: await serializePosts(
      db,
      viewerId,
      rows.map((row) => row.id),
      now,
    ),
    totalItems: Number(total),
  };
}
