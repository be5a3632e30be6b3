/**
 * Reference data (product.md "Reference data"): sports as categories, bet types as modalities,
 * and the games (events) picks are made on. Categories and modalities are seeded by migration
 * 0002; events by the demo seed, later by an events feed.
 */
import { and, asc, count, eq, gte, inArray, lte, type SQL } from "drizzle-orm";
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
  return db
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.id));
}

export function listModalities(db: Database): Promise<ReferenceItem[]> {
  return db
    .select({ id: modalities.id, name: modalities.name, slug: modalities.slug })
    .from(modalities)
    .orderBy(asc(modalities.sortOrder), asc(modalities.id));
}

// Categories and modalities change only by migration: each database handle reads each list once,
// and again when a post names an id it has not seen (a migration added it while this instance ran).
const readers = { categories: listCategories, modalities: listModalities };
type ReferenceKind = keyof typeof readers;
const knownLists: Record<ReferenceKind, WeakMap<Database, Promise<ReferenceItem[]>>> = {
  categories: new WeakMap(),
  modalities: new WeakMap(),
};

/**
 * Reads a list and keeps the answer. A drizzle query is a lazy thenable that runs again on every
 * await, so the kept value is the Promise its `then` makes (one read), not the query.
 */
function readListOnce(kind: ReferenceKind, db: Database): Promise<ReferenceItem[]> {
  const read = readers[kind](db).then((list) => list);
  knownLists[kind].set(db, read);
  // A failed read is not kept: the next post answer tries again.
  read.catch(() => knownLists[kind].get(db) === read && knownLists[kind].delete(db));
  return read;
}

async function knownList(kind: ReferenceKind, db: Database, ids: Iterable<number>): Promise<ReferenceItem[]> {
  const list = await (knownLists[kind].get(db) ?? readListOnce(kind, db));
  for (const id of ids) if (!list.some((item) => item.id === id)) return readListOnce(kind, db);
  return list;
}

/** The categories as this instance keeps them: for pages that list them on every request (filters). */
export function keptCategories(db: Database): Promise<ReferenceItem[]> {
  return knownList("categories", db, []);
}

export interface ReferenceNames {
  category(id: number): { id: number; name: string };
  /** `{id, name}` in the reference order (sort order, then id). */
  modalities(ids: number[]): { id: number; name: string }[];
}

/**
 * The names of these categories and modalities, as a post answer shows them, from the kept lists:
 * no join per post on the hot paths (decision 051).
 */
export async function referenceNames(
  db: Database,
  wanted: { categoryIds: Iterable<number>; modalityIds: Iterable<number> },
): Promise<ReferenceNames> {
  const [categoryList, modalityList] = await Promise.all([
    knownList("categories", db, wanted.categoryIds),
    knownList("modalities", db, wanted.modalityIds),
  ]);
  return {
    category: (id) => ({ id, name: categoryList.find((category) => category.id === id)?.name ?? "" }),
    modalities: (ids) =>
      modalityList.filter((modality) => ids.includes(modality.id)).map(({ id, name }) => ({ id, name })),
  };
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
export async function listEvents(
  db: Database,
  query: EventQuery,
  now = new Date(),
): Promise<{ items: EventDTO[]; totalItems: number }> {
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
  const [row] = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .where(eq(events.id, id));
  return row ? toEventDTO(row) : null;
}

/** The games `ids`, in that order (unknown ids left out): a parlay's legs. */
export async function getEvents(db: Database, ids: number[]): Promise<EventDTO[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(eventColumns)
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .where(inArray(events.id, ids));
  const byId = new Map(rows.map((row) => [row.id, toEventDTO(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
