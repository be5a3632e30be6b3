/**
 * The sitemap (SEO): the public pages search engines should find — the site's own pages, each
 * sport's page, public experts, live free Posts (never a Pick: its page shows little before the game,
 * and its bet nothing), games and the leaderboard's boards — in files of at most 50,000 URLs
 * (the sitemaps.org limit) listed by a sitemap index.
 */
import { asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { events, experts, posts, users } from "~/db/schema";
import { canReadBodySql } from "~/modules/access/access-sql.server";
import { isPublicExpert } from "~/modules/experts/experts.server";
import { RECORD_WINDOWS } from "~/modules/record/figures";
import { keptCategories } from "~/modules/reference/reference.server";

export const SITEMAP_MAX_URLS = 50_000;

/** The public pages that are not one item's: the home page, directories, boards, policies. */
export const SITEMAP_PAGES = [
  "/",
  "/discover-experts",
  "/leaderboard",
  "/verify",
  "/partners",
  "/contacts",
  "/become-expert",
  "/privacy",
  "/terms",
  "/payments-terms",
];

export const SITEMAP_KINDS = ["pages", "experts", "posts", "events"] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

export interface SitemapUrl {
  path: string;
  lastModified?: Date;
}

/** What a visitor may read in full (a live Post): the access module's rule. */
const liveFreePost = (now: Date) => canReadBodySql(null, sql`${now.toISOString()}::timestamptz`);

async function countOf(db: Database, kind: SitemapKind, now: Date): Promise<number> {
  switch (kind) {
    case "pages":
      return SITEMAP_PAGES.length + RECORD_WINDOWS.length - 1 + (await keptCategories(db)).length;
    case "experts":
      return Number(
        (
          await db
            .select({ n: count() })
            .from(experts)
            .innerJoin(users, eq(users.id, experts.userId))
            .where(isPublicExpert)
        )[0].n,
      );
    case "posts":
      return Number((await db.select({ n: count() }).from(posts).where(liveFreePost(now)))[0].n);
    case "events":
      return Number((await db.select({ n: count() }).from(events))[0].n);
  }
}

/** The index: each kind's files, `{kind}-{n}.xml`, n from 1. */
export async function sitemapFiles(db: Database, now = new Date(), maxUrls = SITEMAP_MAX_URLS): Promise<string[]> {
  const files: string[] = [];
  for (const kind of SITEMAP_KINDS) {
    const total = await countOf(db, kind, now);
    for (let page = 1; page <= Math.max(1, Math.ceil(total / maxUrls)); page++) files.push(`${kind}-${page}.xml`);
  }
  return files;
}

/** One file's URLs (null for a file that does not exist). */
export async function sitemapUrls(
  db: Database,
  file: string,
  now = new Date(),
  maxUrls = SITEMAP_MAX_URLS,
): Promise<SitemapUrl[] | null> {
  const match = /^(pages|experts|posts|events)-([1-9]\d{0,5})\.xml$/.exec(file);
  if (!match) return null;
  const kind = match[1] as SitemapKind;
  const page = Number(match[2]);
  const offset = (page - 1) * maxUrls;
  let urls: SitemapUrl[];
  switch (kind) {
    case "pages":
      urls = [
        ...SITEMAP_PAGES.map((path) => ({ path })),
        ...RECORD_WINDOWS.filter((window) => window !== "30d").map((window) => ({
          path: `/leaderboard?window=${window}`,
        })),
        ...(await keptCategories(db)).map((sport) => ({ path: `/sports/${sport.slug}` })),
      ].slice(offset, offset + maxUrls);
      break;
    case "experts":
      urls = (
        await db
          .select({ userName: users.userName, updatedAt: experts.updatedAt })
          .from(experts)
          .innerJoin(users, eq(users.id, experts.userId))
          .where(isPublicExpert)
          .orderBy(asc(experts.createdAt), asc(experts.userId))
          .limit(maxUrls)
          .offset(offset)
      ).map((row) => ({ path: `/experts/${encodeURIComponent(row.userName)}`, lastModified: row.updatedAt }));
      break;
    case "posts":
      urls = (
        await db
          .select({ id: posts.id, updatedAt: posts.updatedAt })
          .from(posts)
          .where(liveFreePost(now))
          .orderBy(asc(posts.publishDate), asc(posts.id))
          .limit(maxUrls)
          .offset(offset)
      ).map((row) => ({ path: `/posts/${row.id}`, lastModified: row.updatedAt }));
      break;
    case "events":
      urls = (
        await db
          .select({
            id: events.id,
            changed: sql<Date>`coalesce(${events.resultedAt}, ${events.createdAt})`.mapWith(events.createdAt),
          })
          .from(events)
          .orderBy(asc(events.id))
          .limit(maxUrls)
          .offset(offset)
      ).map((row) => ({ path: `/events/${row.id}`, lastModified: row.changed }));
      break;
  }
  // A page past the end exists only as the first (an empty kind still has its one file).
  return urls.length === 0 && page > 1 ? null : urls;
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export function urlsetXml(origin: string, urls: SitemapUrl[]): string {
  const entries = urls
    .map(
      (url) =>
        `<url><loc>${escapeXml(origin + url.path)}</loc>${url.lastModified ? `<lastmod>${url.lastModified.toISOString()}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

export function sitemapIndexXml(origin: string, files: string[]): string {
  const entries = files
    .map((file) => `<sitemap><loc>${escapeXml(`${origin}/sitemap/${file}`)}</loc></sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/** Pages a search engine should not index: a signed-in user's own screens and the API. */
export const ROBOTS_DISALLOW = [
  "/api/",
  "/admin/",
  "/settings",
  "/profile",
  "/feed",
  "/notifications",
  "/business",
  "/payments",
  "/subscriptions",
  "/watchlist",
  "/posts/liked",
  "/search",
  "/sign-in",
  "/sign-up",
  "/email-verification",
  "/reset-password",
  "/forgot-password",
  "/membership-payment",
  "/subscription-payment/",
  "/congratulations",
  "/congratulates-on-membership",
  "/unsubscribe",
];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
