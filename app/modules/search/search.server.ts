/**
 * Search (decision 025): experts by user name and full name, sports by name, posts by
 * PostgreSQL full-text search. Experts and sports match by prefix, substring or trigram word
 * similarity, so 'lebr' finds LeBronPicks and 'nbaa' finds NBA. A query of several words is also
 * compared, run together, with user names: 'ice cold' finds IceColdLocks and
 * 'gridron guru' GridironGuru; the whole query is compared with the full name ('dana whitfeld').
 * Posts match every typed word as a
 * prefix against `search_document` (title weight A over the body of a free Post or the preview of
 * a Pick, weight B); a Pick's body (`search_locked`) is searched only for viewers who may read it
 * (`canReadBodySql`, the access module's rule). Scheduled posts and
 * drafts are never found. Migration 0010 holds the columns and indexes.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import { categories, posts, profiles, users } from "~/db/schema";
import { postIsLiveSql } from "~/modules/access/access-sql.server";
import { subscribersCountSql, type ExpertCard } from "~/modules/experts/experts.server";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";
import { serializePosts, type PostDTO } from "~/modules/posts/post-serializer.server";
import { boundValues, categoryMatch, expertMatch, postMatch, searchTerms } from "./search-matching.server";

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

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

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

/** How many results each tab of the search page has for this query (its tabs show them). */
export async function searchTabCounts(
  db: Database,
  viewerId: string | null,
  searchValue: string,
  now = new Date(),
): Promise<Record<"experts" | "categories" | "posts", number>> {
  const terms = searchTerms(searchValue);
  if (!terms.needle) return { experts: 0, categories: 0, posts: 0 };
  const values = boundValues(terms);
  const oneCharacter = terms.needle.length < 2;
  const expert = expertMatch(values, oneCharacter);
  const category = categoryMatch(values, oneCharacter);
  const post =
    terms.tsquery && !oneCharacter
      ? postMatch(sql`${terms.tsquery}`, viewerId ? sql`${viewerId}` : null, at(now))
      : null;
  const [rows] = await queryRows<{ experts: number; categories: number; posts: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM ${expert.from} WHERE ${expert.where}) AS experts,
      (SELECT count(*)::int FROM ${categories} WHERE ${category.where}) AS categories,
      ${post ? sql`(SELECT count(*)::int FROM ${posts} WHERE ${post.where})` : sql`0`} AS posts`,
  );
  return { experts: Number(rows.experts), categories: Number(rows.categories), posts: Number(rows.posts) };
}
