/**
 * The setup a file of page-route tests shares: a test database (PGlite or the PostgreSQL server),
 * its load context and the post fixtures, opened before the file's tests and closed after, and
 * `call`, which runs a route's loader or action against them as Remix would.
 */
import type { AppLoadContext } from "@remix-run/node";
import { afterAll, beforeAll } from "vitest";
import type { CookieJar } from "./api-caller";
import { makeLoadContext } from "./context";
import { createTestDatabase, type TestDatabase } from "./database";
import { callRoute, type PageModule } from "./page-actions";
import { postFixtures } from "./post-fixtures";

export function pageRouteTestbed() {
  const bed = {} as { database: TestDatabase; context: AppLoadContext; fx: ReturnType<typeof postFixtures> };
  beforeAll(async () => {
    bed.database = await createTestDatabase();
    bed.context = makeLoadContext(bed.database.db, { APP_URL: "https://sharpside.example" });
    bed.fx = postFixtures(bed.database.db, bed.context);
  }, 120_000);
  afterAll(() => bed.database?.close());

  /** A loader (no form) or an action (a form), with `jar`'s cookies (none for a visitor). */
  const call = (
    handler: PageModule["loader"],
    path: string,
    params: Record<string, string>,
    jar: CookieJar | null,
    form?: Record<string, string>,
  ) => callRoute(bed.context, handler, path, params, jar, form);

  return { bed, call };
}
