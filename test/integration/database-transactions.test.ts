/**
 * Transactions on a busy pool: each `db.transaction` runs on a connection of its own, and no other
 * statement runs inside it. postgres.js 3.4.9 sent a BEGIN that filled a connection's pipeline
 * without reserving the connection: the transaction failed with UNSAFE_TRANSACTION and stayed open
 * on the server, so the statements that followed on that connection were never committed
 * (patches/postgres+3.4.9.patch).
 */
import { sql } from "drizzle-orm";
import type postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "~/db/client.server";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

/** postgres.js's default: statements sent on one connection before it waits for answers. */
const MAX_PIPELINE = 100;
const POOL_SIZE = 2;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe.runIf(testDatabaseEngine() === "postgres")("transactions on a busy pool (postgres)", () => {
  it("a BEGIN that fills a connection's pipeline still has the connection to itself, and commits", async () => {
    const applicationName = `sharpside_tx_${process.pid}`;
    const problems: string[] = [];
    // Every place a BEGIN can take around the point where both connections' pipelines are full.
    const fullAt = POOL_SIZE * MAX_PIPELINE;
    for (let at = fullAt - 6; at <= fullAt + 6; at++) {
      const handle = await openDatabase({ url: database.url, dataDir: "unused", poolSize: POOL_SIZE });
      try {
        await placeBegin(handle.client as postgres.Sql, at);
      } finally {
        await handle.close();
      }
    }
    expect(problems).toEqual([]);

    /** The statements up to a little past both pipelines' end, a transaction's BEGIN the `at`-th of them. */
    async function placeBegin(client: postgres.Sql, at: number) {
      await Promise.all(
        Array.from(
          { length: POOL_SIZE },
          () => client`SELECT set_config('application_name', ${applicationName}, false)`,
        ),
      );
      const statements: Promise<unknown>[] = [];
      for (let i = 0; i < fullAt + 40; i++) {
        if (i === at)
          statements.push(
            // The isolation level is the transaction's mark: a statement that sees it ran inside.
            client
              .begin("isolation level serializable", (tx) => tx`SELECT pg_sleep(0.02)`)
              .catch((error: Error) => problems.push(`BEGIN at ${at}: ${error.message}`)),
          );
        else
          statements.push(
            client`SELECT current_setting('transaction_isolation') AS isolation`.then(([row]) => {
              if (row.isolation === "serializable") problems.push(`BEGIN at ${at}: statement ${i} ran inside it`);
            }),
          );
      }
      await Promise.all(statements);
      const [left] = await queryRows<{ open: number }>(
        database.db,
        sql`SELECT count(*)::int AS open FROM pg_stat_activity
          WHERE application_name = ${applicationName} AND state = 'idle in transaction'`,
      );
      if (left.open > 0) problems.push(`BEGIN at ${at}: ${left.open} transaction(s) left open`);
    }
  }, 60_000);
});
