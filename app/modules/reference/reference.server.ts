/**
 * Reference data (DECISIONS.md "Reference data"): sports as categories, bet types as modalities,
 * and the games (events) picks are made on. Categories and modalities are seeded by migration
 * 0002; events by the demo seed, later by an events feed.
 */
import { and, asc, count, eq, gte, lte, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { categories, events, modalities } from "~/db/schema";

export interface ReferenceItem {
  id: number;
  name: string;
  slug: string;
}

export interface EventDTO {
  id: number;
  categoryId: number;
  categoryInfo: { id: number; name: string };
  homeTeam: string;
  awayTeam: string;
  /** "Away at Home", as games are named. */
  title: string;
  startsAt: string;
  status: "Scheduled" | "Live" | "Final" | "Canceled";
  homeScore: number | null;
  awayScore: number | null;
}

export function listCategories(db: Database): Promise<ReferenceItem[]> {
  return db.select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
}

export function listModalities(db: Database): Promise<ReferenceItem[]> {
  return db.select({ id: modalities.id, name: modalities.name, slug: modalities.slug }).from(modalities).orderBy(asc(modalities.sortOrder), asc(modalities.id));
}

// Modalities change only by migration: each database handle reads them once, and again when a
// post names one it has not seen (a migration added it while this instance ran).
const knownModalities = new WeakMap<Database, Promise<ReferenceItem[]>>();

/**
 * Reads the modalities and keeps the answer. A drizzle query is a lazy thenable that runs again
 * on every await, so the kept value is the Promise its `then` makes (one read), not the query.
 */
function readModalitiesOnce(db: Database): Promise<ReferenceItem[]> {
  const read = listModalities(db).then((list) => list);
  knownModalities.set(db, read);
  // A failed read is not kept: the next post answer tries again.
  read.catch(() => knownModalities.get(db) === read && knownModalities.delete(db));
  return read;
}

/**
 * The modalities with these ids, `{id, name}` in the reference order (sort order, then id): what a
 * post answer shows, without a join per post on the hot paths (decision 019).
 */
export async function modalitiesNamed(db: Database, ids: Iterable<number>): Promise<(postIds: number[]) => { id: number; name: string }[]> {
  let list = await (knownModalities.get(db) ?? readModalitiesOnce(db));
  const wanted = new Set(ids);
  if ([...wanted].some((id) => !list.some((modality) => modality.id === id))) list = await readModalitiesOnce(db);
  return (postIds) => list.filter((modality) => postIds.includes(modality.id)).map(({ id, name }) => ({ id, name }));
}

/** Without `from` and `to`, the games still worth a pick: those that started at most 6 hours ago and later. */
export const RECENT_EVENTS_HOURS = 6;

export interface EventQuery {
  categoryId?: number;
  from?: Date;
  to?: Date;
  page: number;
  size: number;
}

const eventColumns = {
  id: events.id,
  categoryId: events.categoryId,
  categoryName: categories.name,
  homeTeam: events.homeTeam,
  awayTeam: events.awayTeam,
  startsAt: events.startsAt,
  status: events.status,
  homeScore: events.homeScore,
  awayScore: events.awayScore,
};

export interface EventRow {
  id: number;
  categoryId: number;
  categoryName: string;
  homeTeam: string;
  awayTeam: string;
  startsAt: Date;
  status: EventDTO["status"];
  homeScore: number | null;
  awayScore: number | null;
}

export function toEventDTO(r: EventRow): EventDTO {
  return {
    id: r.id,
    categoryId: r.categoryId,
    categoryInfo: { id: r.categoryId, name: r.categoryName },
    homeTeam: r.homeTeam,
    awayTeam: r.awayTeam,
    title: `${r.awayTeam} at ${r.homeTeam}`,
    startsAt: r.startsAt.toISOString(),
    status: r.status,
    homeScore: r.homeScore,
    awayScore: r.awayScore,
  };
}

/** Games by start time, soonest first. */
export async function listEvents(db: Database, query: EventQuery, now = new Date()): Promise<{ items: EventDTO[]; totalItems: number }> {
  const conditions: SQL[] = [];
  if (query.categoryId !== undefined) conditions.push(eq(events.categoryId, query.categoryId));
  const from = query.from ?? (query.to ? undefined : new Date(now.getTime() - RECENT_EVENTS_HOURS * 3600_000));
  if (from) conditions.push(gte(events.startsAt, from));
  if (query.to) conditions.push(lte(events.startsAt, query.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(eventColumns)
      .from(events)
      .innerJoin(categories, eq(categories.id, events.categoryId))
      .where(where)
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(events).where(where),
  ]);
  return { items: rows.map(toEventDTO), totalItems: Number(total) };
}

export async function getEvent(db: Database, id: number): Promise<EventDTO | null> {
  const [row] = await db.select(eventColumns).from(events).innerJoin(categories, eq(categories.id, events.categoryId)).where(eq(events.id, id));
  return row ? toEventDTO(row) : null;
}
