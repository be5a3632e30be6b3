import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoDataIfEmpty } from "~/demo/seed.server";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/_index";
import { loader as unknownApiLoader, action as unknownApiAction } from "~/routes/api.$";
import { loader as healthLoader } from "~/routes/api.health";
import { loader as avatarLoader } from "~/routes/avatars.$name";
import { action as cookieConsentAction } from "~/routes/resources.cookie-consent";
import { loader as notFoundLoader } from "~/routes/$";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoDataIfEmpty(database.db);
});
afterAll(() => database.close());

const args = (request: Request, params: Record<string, string> = {}) => ({
  request,
  params,
  context: makeLoadContext(database.db),
});

describe(`API routes (${testDatabaseEngine()})`, () => {
  it("GET /api/health answers ok with the database", async () => {
    const response = await healthLoader(args(new Request("http://localhost/api/health")));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ payload: { status: "ok", database: "ok" } });
  });

  it("an unknown /api path answers a JSON 404 for every method", async () => {
    for (const response of [unknownApiLoader(), unknownApiAction()]) {
      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toContain("application/json");
      expect(await response.json()).toEqual({
        error: "Sorry, we couldn’t find that page. Please try to use searching or connect to the support team.",
        statusCode: 404,
      });
    }
  });
});

describe(`pages (${testDatabaseEngine()})`, () => {
  it("the root loader reads the consent and sidebar cookies and lists top experts", async () => {
    const fresh = await rootLoader(args(new Request("http://localhost/")));
    expect(fresh).toMatchObject({ appName: "Sharpside", user: null, cookieConsent: null, sidebarOpen: true });
    expect(fresh.topExperts).toHaveLength(5);
    expect(Object.keys(fresh.topExperts[0]).sort()).toEqual(["avatar", "id", "userName"]);
    const returning = await rootLoader(
      args(new Request("http://localhost/", { headers: { Cookie: "cookieConsent=false; sidebar=closed" } })),
    );
    expect(returning).toMatchObject({ cookieConsent: "false", sidebarOpen: false });
    const tampered = await rootLoader(
      args(new Request("http://localhost/", { headers: { Cookie: "cookieConsent=maybe" } })),
    );
    expect(tampered.cookieConsent).toBeNull();
  });

  it("the home page shows featured experts by subscribers and the latest free posts, never a pick", async () => {
    const data = await homeLoader(args(new Request("http://localhost/")));
    // A visitor gets the landing; a signed-in reader their feed (test/integration/feed-pages.test.ts).
    if (!("featuredExperts" in data) || !data.featuredExperts || !data.latestPosts)
      throw new Error("a visitor gets the landing");
    expect(data.featuredExperts).toHaveLength(6);
    const counts = data.featuredExperts.map((e) => e.subscribersCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(data.latestPosts).toHaveLength(8);
    const dates = data.latestPosts.map((p) => p.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const text = JSON.stringify(data);
    expect(text).not.toContain("full breakdown for subscribers");
    // The cards carry no body (a free post's too: the card shows its preview).
    expect(text).not.toContain('"body":[');
  });

  it("an unknown page is a 404", async () => {
    let thrown: unknown;
    try {
      notFoundLoader();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });

  it("cookie consent stores true or false and refuses anything else", async () => {
    const submit = (consent: string, accept = "*/*") =>
      cookieConsentAction(
        args(
          new Request("http://localhost/resources/cookie-consent", {
            method: "POST",
            body: new URLSearchParams({ consent }),
            headers: { Accept: accept, Referer: "http://localhost/contacts?x=1" },
          }),
        ),
      );
    const accepted = await submit("true");
    expect(accepted.headers.get("Set-Cookie")).toBe("cookieConsent=true; Path=/; Max-Age=31536000; SameSite=Lax");
    const rejected = await submit("false", "text/html");
    expect(rejected.status).toBe(302);
    expect(rejected.headers.get("Location")).toBe("/contacts");
    expect(rejected.headers.get("Set-Cookie")).toContain("cookieConsent=false");
    // A page of ours at "//evil.example/x" must not send the browser to evil.example.
    const fromOddPath = await cookieConsentAction(
      args(
        new Request("http://localhost/resources/cookie-consent", {
          method: "POST",
          body: new URLSearchParams({ consent: "true" }),
          headers: { Accept: "text/html", Referer: "http://localhost//evil.example/x" },
        }),
      ),
    );
    expect(fromOddPath.headers.get("Location")).toBe("/");
    const invalid = await submit("sure");
    expect(invalid.status).toBe(422);
    expect(invalid.headers.get("Set-Cookie")).toBeNull();
  });

  it("generated avatars are SVG images, and odd names are a 404", async () => {
    const response = avatarLoader(
      args(new Request("http://localhost/avatars/LeBronPicks.svg"), { name: "LeBronPicks.svg" }),
    );
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(await response.text()).toContain(">LP</text>");
    expect(() => avatarLoader(args(new Request("http://localhost/avatars/x"), { name: "../etc.png" }))).toThrow();
  });
});

describe(`health when the database is gone (${testDatabaseEngine()})`, () => {
  it("answers 503 in the API error shape", async () => {
    const gone = await createTestDatabase();
    await gone.close();
    const response = await healthLoader({
      request: new Request("http://localhost/api/health"),
      params: {},
      context: makeLoadContext(gone.db),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toMatchObject({ statusCode: 503 });
  });
});
