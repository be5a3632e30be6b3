import { pingDatabase, type Database } from "~/db/client.server";

const DATABASE_TIMEOUT_MS = 2_000;

/** Resolves when the database answers a trivial query within two seconds; rejects otherwise. */
export async function checkDatabase(db: Database): Promise<void> {
  await Promise.race([
    pingDatabase(db),
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error("database did not answer in time")), DATABASE_TIMEOUT_MS).unref(),
    ),
  ]);
}
