/**
 * product.md "Screens and routes" and "Roles and permissions", decision 018: `?createEditPost=` opens the post dialog on any page,
 * for experts only. The root loader sends a visitor to sign in (coming back to the dialog) and a
 * signed-in non-expert to /become-expert; an expert gets the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as rootLoader } from "~/root";
import type { CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { accountWithSession } from "../support/signed-in";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let expertJar: CookieJar;
let userJar: CookieJar;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db);
  expertJar = (
    await accountWithSession(database.db, context.env, {
      email: "gate-expert@example.com",
      fullName: "Gate Expert",
      password: "a-long-password",
      expert: true,
    })
  ).jar;
  userJar = (
    await accountWithSession(database.db, context.env, {
      email: "gate-user@example.com",
      fullName: "Gate User",
      password: "a-long-password",
    })
  ).jar;
});
afterAll(() => database?.close());

/** The root loader as Remix calls it: its data, or the redirect it throws. */
async function load(path: string, jar?: CookieJar) {
  const request = new Request(`http://localhost${path}`, { headers: jar ? { Cookie: jar.header() } : {} });
  try {
    const data = await rootLoader({ request, params: {}, context });
    return { status: 200, location: null, data };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
  }
}

describe(`the post dialog's gate in the root loader (${testDatabaseEngine()})`, () => {
  it("sends a visitor to sign in, with the dialog's URL as the callback", async () => {
    expect(await load("/?createEditPost=NEW")).toMatchObject({
      status: 302,
      location: "/sign-in?callbackUrl=%2F%3FcreateEditPost%3DNEW",
    });
    const edit = await load("/experts/someone?tab=picks&createEditPost=4f1c2b9e-1111-4222-8333-944455556666");
    expect(edit.status).toBe(302);
    expect(decodeURIComponent(edit.location!.split("callbackUrl=")[1])).toBe(
      "/experts/someone?tab=picks&createEditPost=4f1c2b9e-1111-4222-8333-944455556666",
    );
  });

  it("sends a signed-in non-expert to become an expert", async () => {
    expect(await load("/feed?createEditPost=NEW", userJar)).toMatchObject({ status: 302, location: "/become-expert" });
  });

  it("lets an expert through, and leaves every other page alone", async () => {
    const { status, data } = await load("/feed?createEditPost=NEW", expertJar);
    expect(status).toBe(200);
    expect(data?.user?.roles).toContain("Expert");
    expect((await load("/feed")).status).toBe(200);
    expect((await load("/feed", userJar)).status).toBe(200);
  });
});
