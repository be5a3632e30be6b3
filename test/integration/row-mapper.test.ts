import * as drizzleOrm from "drizzle-orm";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { compileRowMapper, type MappedStatement, type SelectedField } from "~/db/hot-path/row-mapper.server";
import { events, posts, profiles, users } from "~/db/schema";
import { selectPostViews } from "~/modules/posts/post-serializer.server";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { HOUR, postFixtures } from "../support/post-fixtures";

let database: TestDatabase;
let fx: ReturnType<typeof postFixtures>;
let statementCount = 0;

// Exported by drizzle-orm but left out of its types: the mapping the compiled one must equal.
const { mapResultRow } = drizzleOrm as unknown as {
  mapResultRow: (
    fields: SelectedField[],
    row: unknown[],
    joinsNotNullableMap?: Record<string, boolean>,
  ) => Record<string, unknown>;
};

/** A drizzle prepared query with the internals the row mapper (hot-path/row-mapper.server.ts) reads. */
interface PreparedInternals extends MappedStatement {
  fields: SelectedField[];
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** The driver's rows of a query, then mapped by drizzle's own mapResultRow and by the compiled mapper. */
async function bothMappings(query: { prepare(name: string): unknown }, values: Record<string, unknown> = {}) {
  const statement = query.prepare(`row_mapper_test_${++statementCount}`) as PreparedInternals;
  expect(Array.isArray(statement.fields)).toBe(true);
  statement.customResultMapper = (rows) => rows;
  const rows = (await statement.execute(values)) as unknown[][];
  return {
    rows,
    drizzle: rows.map((row) => mapResultRow(statement.fields, row, statement.joinsNotNullableMap)),
    compiled: rows.map(compileRowMapper(statement.fields, statement.joinsNotNullableMap)),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  fx = postFixtures(database.db, makeLoadContext(database.db));
  const expert = await fx.makeUser({ expert: true });
  const game = await fx.addEvent({ startsInMs: 3 * HOUR });
  await fx.addPost(expert.user.id, { title: "About a game", eventId: game.id });
  await fx.addPost(expert.user.id, { title: "About nothing in particular" });
  await fx.addPost(expert.user.id, { postType: "Pick", title: "A pick", eventId: game.id, odds: -120, units: 1.5 });
  await fx.addPost(expert.user.id, { title: "A draft", publishDate: null });
  // An author without a profile row: the left join's columns come back null.
  await database.db.delete(profiles).where(eq(profiles.userId, expert.user.id));
});
afterAll(() => database.close());

describe(`compiled row mapping (${testDatabaseEngine()})`, () => {
  it("maps the post views (nested objects, a left join without a row, sql fields with their decoders) as drizzle does", async () => {
    const { rows, drizzle, compiled } = await bothMappings(
      selectPostViews(database.db, { total: sql<number>`count(*) OVER ()`.mapWith(Number) }).where(
        sql`${posts.title} <> ''`,
      ),
      { viewerId: null, now: new Date().toISOString() },
    );
    expect(rows.length).toBe(4);
    expect(compiled).toEqual(drizzle);
    // The cases that matter are there: a post without an event (its object null), one with one,
    // dates decoded, numbers from a window count.
    const mapped = compiled as {
      post: { title: string; createdAt: unknown };
      event: unknown;
      avatar: unknown;
      total: unknown;
    }[];
    expect(mapped.filter((row) => row.event === null)).toHaveLength(2);
    expect(mapped.filter((row) => row.event !== null)).toHaveLength(2);
    expect(mapped.every((row) => row.post.createdAt instanceof Date && row.avatar === null && row.total === 4)).toBe(
      true,
    );
  });

  it("keeps an object that mixes tables, and aliased fields, as drizzle does", async () => {
    const { drizzle, compiled } = await bothMappings(
      database.db
        .select({
          mixed: { eventId: events.id, title: posts.title },
          joined: { eventId: events.id, homeTeam: events.homeTeam },
          author: { userName: users.userName, upper: sql<string>`upper(${users.userName})`.as("upper_name") },
        })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .leftJoin(events, eq(events.id, posts.eventId)),
    );
    expect(compiled).toEqual(drizzle);
    const mapped = compiled as { mixed: { eventId: unknown } | null; joined: unknown }[];
    expect(mapped.some((row) => row.joined === null && row.mixed !== null && row.mixed.eventId === null)).toBe(true);
  });

  it("is the mapping every named prepared statement uses", async () => {
    const statement = preparedStatement((db) =>
      db
        .select({ id: posts.id, author: { id: users.id } })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .prepare("row_mapper_installed"),
    );
    const prepared = statement(database.db) as unknown as PreparedInternals;
    expect(typeof prepared.customResultMapper).toBe("function");
    const rows = (await prepared.execute()) as { id: string; author: { id: string } }[];
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => typeof row.id === "string" && typeof row.author.id === "string")).toBe(true);
  });
});
