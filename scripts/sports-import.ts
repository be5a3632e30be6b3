// `npm run sports:import FILE`: imports The Odds API's JSON (a list of its odds and/or scores
// answers' games) into the configured database, as the sync and the admin page do, and prints
// what it did. Stop the server first when it runs on the embedded database: PGlite has one owner.
import { readFile } from "node:fs/promises";
import { getEnv } from "~/config/env.server";
import { migrateDatabase, openDatabase } from "~/db/client.server";
import { importProviderEvents } from "~/modules/sports-data/provider-import.server";
import { providerImportSchema } from "~/modules/sports-data/provider-schema";
import { describeSummary } from "~/modules/sports-data/summary";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const file = process.argv[2];
if (!file) fail("Usage: npm run sports:import FILE (a JSON list of The Odds API's games: its odds or scores answers)");
let text: string;
try {
  text = await readFile(file, "utf8");
} catch (error) {
  fail(`Cannot read ${file}: ${(error as Error).message}`);
}
let json: unknown;
try {
  json = JSON.parse(text);
} catch {
  fail(`${file} is not valid JSON.`);
}
const parsed = providerImportSchema.safeParse(json);
if (!parsed.success) {
  const issues = parsed.error.issues
    .slice(0, 20)
    .map((issue) => `  - ${issue.path.join(".") || "(the list)"}: ${issue.message}`);
  fail(`${file} is not The Odds API's JSON:\n${issues.join("\n")}`);
}

const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
try {
  await migrateDatabase(database, env.DATABASE_MIGRATION_URL ?? env.DATABASE_URL, {
    grantToAppRole: Boolean(env.DATABASE_MIGRATION_URL),
  });
  const summary = await importProviderEvents(database.db, parsed.data, {
    logger: { warn: (details: object, message: string) => console.warn(message, JSON.stringify(details)) },
  });
  console.log(describeSummary(summary));
  console.log(JSON.stringify(summary));
} finally {
  await database.close();
}
