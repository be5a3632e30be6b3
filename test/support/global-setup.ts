/**
 * Migrates ONE database before the integration tests, so each test file starts from a copy
 * instead of migrating again: a dumped PGlite data folder (default), or a PostgreSQL template
 * database when TEST_DATABASE_URL names a server.
 */
import { writeFile, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { migrateDatabase, openDatabase, PGLITE_EXTENSIONS, wrapPglite } from "../../app/db/client.server";
import { TEMPLATE_DATABASE, databaseUrl } from "./database-names";

export default async function setup({ provide }: { provide: (key: string, value: string) => void }) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const templateUrl = databaseUrl(serverUrl, TEMPLATE_DATABASE);
    const handle = await openDatabase({ url: templateUrl, dataDir: "unused", poolSize: 1 });
    await migrateDatabase(handle, templateUrl);
    await handle.close();
    provide("databaseEngine", "postgres");
    provide("pgliteDumpPath", "");
    return;
  }
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await migrateDatabase(wrapPglite(pglite));
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const folder = await mkdtemp(path.join(os.tmpdir(), "sharpside-test-"));
  const dumpPath = path.join(folder, "migrated.tar");
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  provide("databaseEngine", "pglite");
  provide("pgliteDumpPath", dumpPath);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
