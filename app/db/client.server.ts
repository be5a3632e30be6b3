import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { fuzzystrmatch } from "@electric-sql/pglite/contrib/fuzzystrmatch";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { DEFAULT_DATABASE_POOL_SIZE } from "~/config/env.server";
import * as schema from "./schema";

/** The one database type every module takes, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The postgres.js client or PGlite instance, for LISTEN/NOTIFY and tests. */
  client: postgres.Sql | PGlite;
  close(): Promise<void>;
}

const drizzleOptions = { schema, casing: "snake_case" } as const;

export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? "drizzle");

/**
 * `postgres://…` opens a pool on a PostgreSQL server; `memory://` an in-memory PGlite;
 * otherwise PGlite persisted in `${dataDir}/pglite`. PGlite does not lock its folder:
 * only one process may open it, so the server opens it once and hands it to every loader.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  const { url, dataDir } = options;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const client = postgres(url, {
      max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
      onnotice: () => {},
      // Keep idle pools small behind a load balancer; reconnects are cheap.
      idle_timeout: 30,
      // While the server is down or restarting a request fails within seconds (503) rather than
      // hanging, and the pool retries at most a second apart, so it is back within a second or two
      // of the server's return (postgres.js's default backoff grows to 20 s).
      connect_timeout: 5,
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      connection: {
        application_name: "sharpside",
        // JIT compiles a plan costed high even when that part never runs (a search's fallback
        // branch): hundreds of milliseconds on a request that needs one. Short queries only here.
        jit: "off",
        // The named prepared statements (`.prepare(name)`: the hot paths) have fixed shapes, so
        // their generic plan is the one to keep; left to choose, PostgreSQL planned some of them
        // again on every execution (the search's: 1.5–2.5 ms each time, more than running them).
        plan_cache_mode: "force_generic_plan",
      },
    });
    return {
      db: drizzlePostgres(client, drizzleOptions),
      kind: "postgres",
      client,
      close: () => client.end({ timeout: 5 }),
    };
  }
  let pglite: PGlite;
  if (url === "memory://") {
    pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  } else {
    const folder = path.resolve(dataDir, "pglite");
    mkdirSync(path.dirname(folder), { recursive: true });
    pglite = await PGlite.create(folder, { extensions: PGLITE_EXTENSIONS });
  }
  return wrapPglite(pglite);
}

/** The contrib extensions the migrations create (drizzle/0000, 0021): trigram matching and edit distance. */
export const PGLITE_EXTENSIONS = { pg_trgm, fuzzystrmatch };

export function wrapPglite(pglite: PGlite): DatabaseHandle {
  return { db: drizzlePglite(pglite, drizzleOptions), kind: "pglite", client: pglite, close: () => pglite.close() };
}

// An arbitrary constant shared by every instance of this app: the migration lock's key.
const MIGRATION_LOCK_KEY = 727_270_001;

/**
 * Applies the SQL migrations in drizzle/. On a server several app instances may start at once,
 * so one takes a session-level advisory lock on a dedicated connection and the others wait.
 * `withdrawGraceMinutes` is written to the record's rules, which the database enforces and only
 * the tables' owner may change (decision 026).
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  url?: string,
  options: { grantToAppRole?: boolean; withdrawGraceMinutes?: number } = {},
): Promise<void> {
  const setRules = (grace: number) =>
    sql`UPDATE "record_rules" SET "withdraw_grace_minutes" = ${grace} WHERE "withdraw_grace_minutes" <> ${grace}`;
  if (handle.kind === "pglite") {
    await migratePglite(drizzlePglite(handle.client as PGlite, drizzleOptions), { migrationsFolder: MIGRATIONS_DIR });
    if (options.withdrawGraceMinutes !== undefined) await handle.db.execute(setRules(options.withdrawGraceMinutes));
    return;
  }
  if (!url) throw new Error("migrateDatabase needs the server URL for its locked connection");
  const lockClient = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await lockClient`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    const owner = drizzlePostgres(lockClient, drizzleOptions);
    await migratePostgres(owner, { migrationsFolder: MIGRATIONS_DIR });
    if (options.withdrawGraceMinutes !== undefined) await owner.execute(setRules(options.withdrawGraceMinutes));
    if (options.grantToAppRole) {
      // `url` is the owner's (DATABASE_MIGRATION_URL): give the app's own role what it may do,
      // tables added by this start's migrations included (decision 009).
      const [{ appRole }] = await queryRows<{ appRole: string }>(handle.db, sql`SELECT current_user AS "appRole"`);
      const [{ owner }] = await lockClient<{ owner: string }[]>`SELECT current_user AS owner`;
      if (appRole !== owner) await lockClient`SELECT grant_app_role(${appRole})`;
    }
    await lockClient`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await lockClient.end({ timeout: 5 });
  }
}

/** Throws when the database does not answer. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** Rows of a raw SQL query; postgres.js answers an array, PGlite an object with `rows`. */
export async function queryRows<T>(db: Pick<Database, "execute">, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}
