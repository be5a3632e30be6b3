import { and, desc, eq, isNull, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { categories, events } from "~/db/schema";

export interface GameAwaitingResult {
  id: number;
  homeTeam: string;
  awayTeam: string;
  startsAt: string;
  category: string;
}

/** The games that have started and have no result yet, the longest-started first (the admin's results screen). */
export async function gamesAwaitingResult(db: Database, limit: number): Promise<GameAwaitingResult[]> {
  const rows = await db
    .select({
      id: events.id,
      homeTeam: events.homeTeam,
      awayTeam: events.awayTeam,
      startsAt: events.startsAt,
      category: categories.name,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .where(and(lte(events.startsAt, new Date()), isNull(events.resultedAt)))
    .orderBy(desc(events.startsAt))
    .limit(limit);
  return rows.map((event) => ({ ...event, startsAt: event.startsAt.toISOString() }));
}
