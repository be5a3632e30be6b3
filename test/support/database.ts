/**
 * A fresh, migrated database for one test file: a PGlite restored from the dump made in
 * global-setup, or on PostgreSQL (TEST_DATABASE_URL) a new database copied from the template.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { inject } from "vitest";
import { openDatabase, PGLITE_EXTENSIONS, wrapPglite, type Database, type DatabaseHandle } from "~/db/client.server";
import { TEMPLATE_DATABASE, databaseUrl } from "./database-names";

declare module "vitest" {
  export interface ProvidedContext {
    databaseEngine: "pglite" | "postgres";
    pgliteDumpPath: string;
  }
}

export interface TestDatabase {
  db: Database;
  handle: DatabaseHandle;
  /** The PostgreSQL URL of this test's database; undefined on PGlite. */
  url?: string;
  close(): Promise<void>;
}

export const testDatabaseEngine = () => inject("databaseEngine");

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (inject("databaseEngine") === "postgres" && serverUrl) {
    const name = `sharpside_test_${process.env.VITEST_POOL_ID ?? "0"}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
    const url = databaseUrl(serverUrl, name);
    const handle = await openDatabase({ url, dataDir: "unused", poolSize: 5 });
    return {
      db: handle.db,
      handle,
      url,
      async close() {
        await handle.close();
        await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject("pgliteDumpPath"));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
  const handle = wrapPglite(pglite);
  return { db: handle.db, handle, close: () => handle.close() };
}
