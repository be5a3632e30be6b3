// `npm run admin:grant -- EMAIL [EMAIL…]`: makes existing, confirmed accounts admins (the results
// screen /admin/events). Stop a server running on the embedded database first: PGlite has one owner.
import { getEnv } from "~/config/env.server";
import { migrateDatabase, openDatabase } from "~/db/client.server";
import { ADMIN_GRANT_WORDS, grantAdmins } from "~/modules/accounts/admins.server";

const emails = process.argv.slice(2).filter((arg) => arg !== "--");
if (emails.length === 0) {
  console.error("Usage: npm run admin:grant -- EMAIL [EMAIL…]");
  process.exit(2);
}
const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
try {
  await migrateDatabase(database, env.DATABASE_MIGRATION_URL ?? env.DATABASE_URL);
  const grants = await grantAdmins(database.db, emails);
  for (const grant of grants) console.log(`${grant.email} ${ADMIN_GRANT_WORDS[grant.outcome]}`);
  process.exitCode = grants.every((grant) => grant.outcome === "granted" || grant.outcome === "already") ? 0 : 1;
} finally {
  await database.close();
}
