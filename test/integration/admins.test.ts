/**
 * The first admin (decision 026): no account is an admin by default in production; an
 * existing, confirmed account is made one by `npm run admin:grant -- EMAIL` or `ADMIN_EMAILS`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema";
import { grantAdmins } from "~/modules/accounts/admins.server";
import * as adminEventsPage from "~/routes/admin.events";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { personMaker } from "../support/people";
import { runPage } from "../support/record";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db);
});
afterAll(() => database?.close());

describe(`granting admins (${testDatabaseEngine()})`, () => {
  it("only an existing account with a confirmed e-mail becomes an admin, once; then it opens the results screen", async () => {
    const makePerson = personMaker(database.db, context.env);
    const owner = await makePerson();
    const unconfirmed = await makePerson({ confirmed: false });
    expect((await runPage(adminEventsPage, context, "/admin/events", owner.jar)).status).toBe(403);

    const grants = await grantAdmins(database.db, [
      owner.user.email.toUpperCase(),
      unconfirmed.user.email,
      "nobody@example.com",
      "",
    ]);
    expect(grants).toEqual([
      { email: owner.user.email.toLowerCase(), outcome: "granted" },
      { email: unconfirmed.user.email.toLowerCase(), outcome: "unconfirmed" },
      { email: "nobody@example.com", outcome: "unknown" },
    ]);
    expect(await grantAdmins(database.db, [owner.user.email])).toEqual([
      { email: owner.user.email.toLowerCase(), outcome: "already" },
    ]);
    const [row] = await database.db.select({ roles: users.roles }).from(users).where(eq(users.id, owner.user.id));
    expect(row.roles.filter((role) => role === "Admin")).toHaveLength(1);
    const [other] = await database.db
      .select({ roles: users.roles })
      .from(users)
      .where(eq(users.id, unconfirmed.user.id));
    expect(other.roles).not.toContain("Admin");
    expect((await runPage(adminEventsPage, context, "/admin/events", owner.jar)).status).toBe(200);
  });
});

describe("npm run admin:grant", () => {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/admin-grant.ts", ...args], {
      env: {
        ...process.env,
        DATABASE_URL: "memory://",
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sharpside-grant-")),
        LOG_LEVEL: "silent",
      },
      encoding: "utf8",
      timeout: 60_000,
    });

  it("says how to use it without an e-mail, and why an unknown one is not granted", () => {
    const usage = run();
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run admin:grant -- EMAIL");
    const unknown = run("--", "nobody@example.com");
    expect(unknown.status).toBe(1);
    expect(unknown.stdout).toContain("nobody@example.com has no account: sign up first, then grant");
  });
});
