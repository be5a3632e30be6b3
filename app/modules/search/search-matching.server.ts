/**
 * How a search query matches (decision 025): its terms, and the conditions and orders by which
 * experts, sports and posts match them, shared by the suggestions and the search page's tabs.
 */
import { sql, type SQL } from "drizzle-orm";
import { categories, experts, posts, profiles, users } from "~/db/schema";
import { canReadBodySql, postIsLiveSql } from "~/modules/access/access-sql.server";
import { escapeLike, isPublicExpert } from "~/modules/experts/experts.server";
import { SEARCH_MAX_LENGTH } from "./search-params";

/** Words of a query that count; the rest are ignored. */
const MAX_WORDS = 8;

/** How alike a misspelt word and a name must be (pg_trgm word similarity, 0…1). */
export const NAME_SIMILARITY = 0.5;

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
export interface MatchValues {
  needle: SQL;
  prefix: SQL;
  part: SQL;
  compact: SQL;
  compactPrefix: SQL;
  compactPart: SQL;
}

export type MatchText = Record<keyof MatchValues, string | null>;

export const likeValues = ({ needle, compact }: SearchTerms) => ({
  needle,
  prefix: `${escapeLike(needle)}%`,
  part: `%${escapeLike(needle)}%`,
  compact,
  compactPrefix: compact === null ? null : `${escapeLike(compact)}%`,
  compactPart: compact === null ? null : `%${escapeLike(compact)}%`,
});

export const MATCH_KEYS = [
  "needle",
  "prefix",
  "part",
  "compact",
  "compactPrefix",
  "compactPart",
] as const satisfies readonly (keyof MatchValues)[];

export const boundValues = (terms: SearchTerms): MatchValues => {
  const values: MatchText = likeValues(terms);
  return Object.fromEntries(MATCH_KEYS.map((key) => [key, sql`${values[key]}::text`])) as unknown as MatchValues;
};

export const fullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

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
export function matchingUsers(
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
export const nameRank = ({ needle, prefix, compact, compactPrefix }: MatchValues, userName: SQL, name: SQL) =>
  sql`(lower(${userName}) LIKE ${prefix} OR coalesce(lower(${userName}) LIKE ${compactPrefix}, false)) DESC,
    greatest(word_similarity(${needle}, ${userName}), word_similarity(${needle}, ${name}), word_similarity(${compact}, ${userName})) DESC`;

/** A typed word this long may have a letter or two wrong; shorter ones must be right. */
const TYPO_MIN_LENGTH = 5;

/**
 * Public experts whose name matches (`matchingUsers`), whose user name starts with the needle
 * typed with a letter wrong (two from eight letters on: 'gridrion' is GridironGuru), or who post
 * in a sport that matches (`categoryMatch`: 'nba' finds the NBA's experts). Best name match first,
 * then most units won. The typo and sport rules run over experts only, who are few.
 */
export function expertMatch(values: MatchValues, oneCharacter: boolean) {
  const { needle } = values;
  const byName = sql`${users.id} IN (${matchingUsers(values, oneCharacter, sql`${users.id}`)})`;
  const byTypo = sql`(length(${needle}) >= ${TYPO_MIN_LENGTH}
    AND levenshtein_less_equal(${needle}, left(lower(${users.userName}), length(${needle})), 2)
      <= CASE WHEN length(${needle}) >= 8 THEN 2 ELSE 1 END)`;
  const sport = categoryMatch(values, oneCharacter).where;
  const bySport = sql`EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.authorId} = ${users.id} AND ${posts.status} = 'Published'
    AND ${posts.categoryId} IN (SELECT ${categories.id} FROM ${categories} WHERE ${sport}))`;
  const where = oneCharacter ? byName : sql`(${byName} OR ${byTypo} OR ${bySport})`;
  const order = sql`${nameRank(values, sql`${users.userName}`, fullName)}, ${experts.recordProfit} DESC, ${users.userName}`;
  const from = sql`${users} JOIN ${experts} ON ${experts.userId} = ${users.id} LEFT JOIN ${profiles} ON ${profiles.userId} = ${users.id}`;
  return { from, where: sql`${isPublicExpert} AND ${where}`, order };
}

/** Sports by the start of their name or slug, or a word like it ('nbaa' → NBA). */
export function categoryMatch({ needle, prefix, part }: MatchValues, oneCharacter: boolean) {
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
export function postMatch(tsquery: SQL, viewerId: SQL | null, at: SQL) {
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
