// `npm run db:seed`: migrates the configured database and fills it with demo data.
// Stop the server first when it runs on the embedded database: PGlite has one owner at a time.
import { getEnv } from "~/config/env.server";
import { migrateDatabase, openDatabase } from "~/db/client.server";
import { seedDemoDataIfEmpty } from "~/demo/seed.server";
import { getStorage } from "~/modules/uploads/storage.server";

const env = getEnv();
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 1 });
try {
  await migrateDatabase(database, env.DATABASE_URL);
  const result = await seedDemoDataIfEmpty(database.db, new Date(), { storage: getStorage(env) });
  console.log(
    result ? `Seeded demo data: ${JSON.stringify(result)}` : "The database already has users: nothing seeded.",
  );
} finally {
  await database.close();
}
