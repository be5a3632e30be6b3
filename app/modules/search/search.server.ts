/**
 * Search (issue 8, decision 025): experts by user name and full name, sports by name, posts by
 * PostgreSQL full-text search. Experts and sports match by prefix, substring or trigram word
 * similarity, so 'lebr' finds LeBronPicks and 'nbaa' finds NBA. Posts match every typed word as a
 * prefix against `search_document` (title weight A over the body of a free Post or the preview of
 * a Pick, weight B); a Pick's body (`search_locked`) is searched only for viewers who may read it
 * (its author, subscribers with access), the same rule as `canReadBody`. Scheduled posts and
 * drafts are never found. Migration 0010 holds the columns and indexes.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { categories, experts, posts, profiles, subscriptions, users } from "~/db/schema";
import { avatarOrDefault, subscriptionGivesAccess } from "~/modules/experts/experts.server";
import { serializePosts, toPostLink, type PostDTO, type PostLink } from "~/modules/posts/post-serializer.server";
import { SEARCH_MAX_LENGTH } from "./search-queries";

/** Words of a query that count; the rest are ignored. */
const MAX_WORDS = 8;
/**
 * The suggestions rank the newest matching posts by relevance: ranking every match of a common
 * word among a million posts would cost more than the whole request may.
 */
const SUGGESTION_POST_WINDOW = 20;
/** How many of the newest posts the suggestions look through before asking the GIN index. */
const NEWEST_SCANNED = 500;
/** How alike a misspelt word and a name must be (pg_trgm word similarity, 0…1). */
const NAME_SIMILARITY = 0.5;

export interface SearchSuggestions {
  expertsInfo: { id: string; userName: string; avatar: string }[];
  categoriesInfo: { id: number; name: string }[];
  postsInfo: PostLink[];
}

export interface ExpertHit {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string;
  expertAboutText: string | null;
  subscribersCount: number;
}

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
  /** `word1:* & word2:*`, or null when the query has no letter or digit. */
  tsquery: string | null;
}

export function searchTerms(searchValue: string): SearchTerms {
  const needle = searchValue.trim().toLowerCase().slice(0, SEARCH_MAX_LENGTH);
  const words = (needle.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  return { needle, tsquery: words.length ? words.map((word) => `${word}:*`).join(" & ") : null };
}

const isPublicExpert = sql`${experts.membershipStatus} = 'Active' AND 'Expert' = ANY(${users.roles})`;
const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

/** `%`, `_` and `\` typed by a user are letters, not LIKE wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Public experts matching the needle: one character matches the start of a name; longer ones a
 * part of the user name or full name, or a word like it (typos: pg_trgm's word similarity, or
 * its whole-name similarity, which lets 'whitfeld' find Marcus Whitfield). Every branch is served
 * by a trigram index. Best match first: a user name
 * starting with the needle, then word similarity, then most units won.
 */
function expertMatch({ needle }: SearchTerms) {
  const prefix = `${escapeLike(needle)}%`;
  const part = `%${escapeLike(needle)}%`;
  const where =
    needle.length < 2
      ? sql`(lower(${users.userName}) LIKE ${prefix} OR lower(${users.firstName}) LIKE ${prefix} OR lower(${users.lastName}) LIKE ${prefix})`
      : sql`(${users.userName} ILIKE ${part} OR ${fullName} ILIKE ${part}
          OR ${needle} <% ${users.userName} OR ${needle} <% ${fullName}
          OR ${users.userName} % ${needle} OR ${fullName} % ${needle})`;
  const order = sql`(lower(${users.userName}) LIKE ${prefix}) DESC,
    greatest(word_similarity(${needle}, ${users.userName}), word_similarity(${needle}, ${fullName})) DESC,
    ${experts.recordProfit} DESC, ${users.userName}`;
  const from = sql`${users} JOIN ${experts} ON ${experts.userId} = ${users.id} LEFT JOIN ${profiles} ON ${profiles.userId} = ${users.id}`;
  return { from, where: sql`${isPublicExpert} AND ${where}`, order };
}

/** Sports by the start of their name or slug, or a word like it ('nbaa' → NBA). */
function categoryMatch({ needle }: SearchTerms) {
  const prefix = `${escapeLike(needle)}%`;
  const where =
    needle.length < 2
      ? sql`(lower(${categories.name}) LIKE ${prefix} OR ${categories.slug} LIKE ${prefix})`
      : sql`(${categories.name} ILIKE ${`%${escapeLike(needle)}%`} OR ${categories.slug} LIKE ${prefix}
          OR word_similarity(${needle}, ${categories.name}) >= ${NAME_SIMILARITY})`;
  const order = sql`(lower(${categories.name}) LIKE ${prefix}) DESC, word_similarity(${needle}, ${categories.name}) DESC, ${categories.sortOrder}, ${categories.id}`;
  return { where, order };
}

/**
 * Live posts whose public text matches, or whose locked body matches for a viewer who may read
 * it (the author, or a subscriber with access; `canReadBody`'s rule, in SQL).
 */
function postMatch(tsquery: string, viewerId: string | null, now: Date) {
  const query = sql`to_tsquery('english', ${tsquery})`;
  const at = sql`${now.toISOString()}::timestamptz`;
  const readsLocked = viewerId
    ? sql`OR (${posts.postType} = 'Pick' AND ${posts}.search_locked @@ ${query} AND (${posts.authorId} = ${viewerId}::uuid OR EXISTS (
        SELECT 1 FROM ${subscriptions} WHERE ${subscriptions.subscriberId} = ${viewerId}::uuid
          AND ${subscriptions.expertId} = ${posts.authorId} AND ${subscriptionGivesAccess(at)})))`
    : sql``;
  return {
    query,
    now: at,
    /** The text match alone (the suggestions' first step adds liveness itself). */
    matches: sql`(${posts}.search_document @@ ${query} ${readsLocked})`,
    where: sql`${posts.status} = 'Published' AND ${posts.publishDate} <= ${at}
      AND (${posts}.search_document @@ ${query} ${readsLocked})`,
  };
}

/**
 * The suggestions' posts: the most relevant (`ts_rank`, title over body) of the newest
 * SUGGESTION_POST_WINDOW matches, found in two steps whatever the word's frequency (PostgreSQL
 * cannot estimate a prefix query's, so one plan would be wrong for rare or for common words):
 * first among the NEWEST_SCANNED newest posts, walking the date index (a common word fills the
 * window there at once); only when that falls short, through the GIN index, newest first (a rare
 * word has few matches to sort). The second step runs only when the first falls short.
 */
function suggestedPosts(post: ReturnType<typeof postMatch>, topCount: number) {
  const columns = sql`${posts.id} AS id, ${posts.title} AS title, ${posts}.search_document AS document, ${posts.publishDate} AS publish_date`;
  return sql`(WITH recent AS (
      SELECT id, title, document, publish_date FROM (
        SELECT ${columns}, ${post.matches} AS matches FROM ${posts}
        WHERE ${posts.status} = 'Published' AND ${posts.publishDate} <= ${post.now}
        ORDER BY ${posts.publishDate} DESC NULLS LAST, ${posts.id} DESC NULLS LAST LIMIT ${NEWEST_SCANNED}) newest
      WHERE matches LIMIT ${SUGGESTION_POST_WINDOW}
    ), older AS (
      SELECT ${columns} FROM ${posts}
      WHERE (SELECT count(*) FROM recent) < ${SUGGESTION_POST_WINDOW} AND ${post.where}
        AND ${posts.id} NOT IN (SELECT id FROM recent)
      -- An expression, not the column: sorted after the GIN scan, never by walking the date index.
      ORDER BY ${posts.publishDate} + interval '0 seconds' DESC, ${posts.id} DESC LIMIT ${SUGGESTION_POST_WINDOW}
    ), window_ AS (
      SELECT * FROM (SELECT * FROM recent UNION ALL SELECT * FROM older) found
      ORDER BY publish_date DESC, id DESC LIMIT ${SUGGESTION_POST_WINDOW}
    )
    SELECT json_agg(json_build_object('id', m.id, 'title', m.title) ORDER BY m.rank DESC, m.publish_date DESC, m.id DESC)
    FROM (SELECT id, title, publish_date, ts_rank(document, ${post.query}) AS rank FROM window_
      ORDER BY rank DESC, publish_date DESC, id DESC LIMIT ${topCount}) m)`;
}

/** The suggestions' one statement (exported for bench/explain-search.ts); null for an empty query. */
export function suggestionsQuery(searchValue: string, viewerId: string | null, topCount: number, now = new Date()): SQL | null {
  const terms = searchTerms(searchValue);
  if (!terms.needle) return null;
  const expert = expertMatch(terms);
  const category = categoryMatch(terms);
  // One letter is not a word to look for in posts.
  const post = terms.tsquery && terms.needle.length > 1 ? postMatch(terms.tsquery, viewerId, now) : null;
  const postsPart = post ? suggestedPosts(post, topCount) : sql`NULL`;
  return sql`SELECT
      (SELECT json_agg(json_build_object('id', e.id, 'userName', e.user_name, 'avatar', e.avatar)) FROM (
        SELECT ${users.id} AS id, ${users.userName} AS user_name, ${profiles.avatar} AS avatar FROM ${expert.from}
        WHERE ${expert.where} ORDER BY ${expert.order} LIMIT ${topCount}) e) AS experts,
      (SELECT json_agg(json_build_object('id', c.id, 'name', c.name)) FROM (
        SELECT ${categories.id} AS id, ${categories.name} AS name FROM ${categories}
        WHERE ${category.where} ORDER BY ${category.order} LIMIT ${topCount}) c) AS categories,
      ${postsPart} AS posts`;
}

/** What the header's search box shows: up to `topCount` experts, sports and posts, in one statement. */
export async function searchSuggestions(db: Database, viewerId: string | null, searchValue: string, topCount: number, now = new Date()): Promise<SearchSuggestions> {
  const query = suggestionsQuery(searchValue, viewerId, topCount, now);
  if (!query) return { expertsInfo: [], categoriesInfo: [], postsInfo: [] };
  const [row] = await queryRows<{
    experts: { id: string; userName: string; avatar: string | null }[] | null;
    categories: { id: number; name: string }[] | null;
    posts: { id: string; title: string }[] | null;
  }>(db, query);
  return {
    expertsInfo: (row?.experts ?? []).map((hit) => ({ id: hit.id, userName: hit.userName, avatar: avatarOrDefault(hit.avatar, hit.userName) })),
    categoriesInfo: row?.categories ?? [],
    postsInfo: (row?.posts ?? []).map(toPostLink),
  };
}

const offsetOf = ({ page, size }: PageOptions) => (page - 1) * size;

/** The search page's Experts tab: public experts matching, best match first, with a line about each. */
export async function searchExperts(db: Database, searchValue: string, options: PageOptions, now = new Date()): Promise<SearchPage<ExpertHit>> {
  const terms = searchTerms(searchValue);
  if (!terms.needle) return { items: [], totalItems: 0 };
  const { from, where, order } = expertMatch(terms);
  const subscribers = sql`(SELECT count(*)::int FROM ${subscriptions} WHERE ${subscriptions.expertId} = ${users.id} AND ${subscriptionGivesAccess(sql`${now.toISOString()}::timestamptz`)})`;
  const [rows, [{ total }]] = await Promise.all([
    queryRows<Omit<ExpertHit, "avatar"> & { avatar: string | null }>(
      db,
      sql`SELECT ${users.id} AS id, ${users.userName} AS "userName", ${users.firstName} AS "firstName", ${users.lastName} AS "lastName",
          ${profiles.avatar} AS avatar, ${profiles.expertAboutText} AS "expertAboutText", ${subscribers} AS "subscribersCount"
        FROM ${from} WHERE ${where} ORDER BY ${order} LIMIT ${options.size} OFFSET ${offsetOf(options)}`,
    ),
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`),
  ]);
  return { items: rows.map((row) => ({ ...row, avatar: avatarOrDefault(row.avatar, row.userName) })), totalItems: Number(total) };
}

/** The search page's Categories tab: sports matching, with how many live posts each has. */
export async function searchCategories(db: Database, searchValue: string, options: PageOptions, now = new Date()): Promise<SearchPage<CategoryHit>> {
  const terms = searchTerms(searchValue);
  if (!terms.needle) return { items: [], totalItems: 0 };
  const { where, order } = categoryMatch(terms);
  const postsCount = sql`(SELECT count(*)::int FROM ${posts} WHERE ${posts.categoryId} = ${categories.id}
    AND ${posts.status} = 'Published' AND ${posts.publishDate} <= ${now.toISOString()}::timestamptz)`;
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
export async function searchPosts(db: Database, viewerId: string | null, searchValue: string, options: PageOptions, now = new Date()): Promise<SearchPage<PostDTO>> {
  const terms = searchTerms(searchValue);
  if (!terms.tsquery || terms.needle.length < 2) return { items: [], totalItems: 0 };
  const { query, where } = postMatch(terms.tsquery, viewerId, now);
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
