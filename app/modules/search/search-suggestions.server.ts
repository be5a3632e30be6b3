/**
 * The header's search suggestions (decision 025): experts, sports and posts in one prepared
 * statement per variant of the query.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { categories, experts, posts, profiles, users } from "~/db/schema";
import { postIsLiveSql } from "~/modules/access/access-sql.server";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";
import { toPostLink, type PostLink } from "~/modules/posts/post-serializer.server";
import type { SearchSuggestions } from "./search-params";
import {
  categoryMatch,
  fullName,
  likeValues,
  MATCH_KEYS,
  matchingUsers,
  nameRank,
  postMatch,
  searchTerms,
  type MatchText,
  type MatchValues,
} from "./search-matching.server";
import { estimatedShare } from "./word-frequency.server";

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

/** Fewer than this many found for a handful of suggestions would need a very unlucky membership mix. */
const EXPERT_CANDIDATES = 20;

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
