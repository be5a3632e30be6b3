/**
 * What a newcomer trips over, on the real modules and database: an empty
 * sign-up form flags the full name with the other fields while the API's sign-up keeps taking a
 * full name or a first name; a signed-in user whose e-mail is unconfirmed is sent to
 * /email-verification from every signed-in-only page; a new expert's own page offers the next
 * steps (set a price, write a first post) where a visitor reads the plain texts.
 */
import { createRemixStub } from "@remix-run/testing";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import { experts } from "~/db/schema";
import * as usersRoute from "~/routes/api.users";
import ExpertPage, * as expertPage from "~/routes/experts.$userName";
import * as feedPage from "~/routes/feed";
import * as notificationsPage from "~/routes/notifications";
import * as paymentsPage from "~/routes/payments";
import * as likedPage from "~/routes/posts.liked";
import * as profilePage from "~/routes/profile";
import * as signUpPage from "~/routes/sign-up";
import * as subscriptionsPage from "~/routes/subscriptions";
import * as watchlistPage from "~/routes/watchlist";
import { callRoute, CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { personMaker, tag } from "../support/people";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let makePerson: ReturnType<typeof personMaker>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { RATE_LIMIT_SIGN_UP: "1000/60" });
  makePerson = personMaker(database.db, context.env);
});
afterAll(() => database?.close());

type Handler = (args: never) => unknown;

/** Runs a loader (no fields) or an action (fields, posted as a form) the way Remix does; a thrown Response is answered. */
async function call(
  handler: Handler,
  path: string,
  options: { jar?: CookieJar; fields?: Record<string, string>; params?: Record<string, string> } = {},
) {
  const headers = new Headers();
  if (options.jar) headers.set("Cookie", options.jar.header());
  const request = new Request(
    `http://localhost${path}`,
    options.fields ? { method: "POST", headers, body: new URLSearchParams(options.fields) } : { headers },
  );
  let result: unknown;
  try {
    result = await handler({ request, params: options.params ?? {}, context } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), data: null as never };
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = result as { data: never; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  return { status: 200, location: null, data: result as never };
}

describe(`the sign-up form's required fields (${testDatabaseEngine()})`, () => {
  it("flags every field of an empty form, the full name included, in the same words", async () => {
    const answer = await call(signUpPage.action, "/sign-up", {
      fields: { email: "", fullName: "", password: "", passwordConfirmation: "", flow: "User", timezone: "" },
    });
    expect(answer.status).toBe(422);
    const errors = (answer.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors).toMatchObject({
      email: ["Required"],
      fullName: ["Required"],
      password: ["Required"],
      passwordConfirmation: ["Required"],
    });
  });

  it("flags a blank full name when the other fields are fine", async () => {
    const answer = await call(signUpPage.action, "/sign-up", {
      fields: {
        email: `blank${tag()}@example.com`,
        fullName: "   ",
        password: "correct horse 42",
        passwordConfirmation: "correct horse 42",
      },
    });
    expect(answer.status).toBe(422);
    expect((answer.data as { result: { error: Record<string, string[]> } }).result.error.fullName).toEqual([
      "Required",
    ]);
  });

  it("leaves the API's sign-up as it was: a full name or a first name, and 'Required' when neither", async () => {
    const user = (extra: Record<string, unknown>) => ({
      email: `api${tag()}@example.com`,
      password: "correct horse 42",
      passwordConfirmation: "correct horse 42",
      ...extra,
    });
    const byFirstName = await callRoute(usersRoute, context, {
      method: "POST",
      path: "/api/users",
      body: { user: user({ firstName: "Pat", lastName: "Lee" }) },
      jar: new CookieJar(),
    });
    expect(byFirstName.status, JSON.stringify(byFirstName.body)).toBe(201);
    expect(byFirstName.body.payload.user).toMatchObject({ firstName: "Pat", lastName: "Lee" });
    const byFullName = await callRoute(usersRoute, context, {
      method: "POST",
      path: "/api/users",
      body: { user: user({ fullName: "Robin Ash Gray" }) },
      jar: new CookieJar(),
    });
    expect(byFullName.status).toBe(201);
    expect(byFullName.body.payload.user).toMatchObject({ firstName: "Robin", lastName: "Ash Gray" });
    const nameless = await callRoute(usersRoute, context, {
      method: "POST",
      path: "/api/users",
      body: { user: user({}) },
      jar: new CookieJar(),
    });
    expect(nameless.status).toBe(422);
    expect(nameless.body.errors).toEqual({ fullName: ["Required"] });
  });
});

describe(`signed-in-only pages and an unconfirmed e-mail (${testDatabaseEngine()})`, () => {
  const pages: [string, Handler][] = [
    ["/feed", feedPage.loader],
    ["/subscriptions", subscriptionsPage.loader],
    ["/watchlist", watchlistPage.loader],
    ["/posts/liked", likedPage.loader],
    ["/payments", paymentsPage.loader],
    ["/notifications", notificationsPage.loader],
    ["/profile", profilePage.loader],
  ];

  it("sends an unconfirmed user to /email-verification, a visitor to sign in, and lets a confirmed user in", async () => {
    const unconfirmed = await makePerson({ confirmed: false });
    const confirmed = await makePerson();
    for (const [path, loader] of pages) {
      // …and comes back to the page once the code is in.
      expect(await call(loader, path, { jar: unconfirmed.jar }), path).toMatchObject({
        status: 302,
        location: path === "/" ? "/email-verification" : `/email-verification?callbackUrl=${encodeURIComponent(path)}`,
      });
      expect(await call(loader, path), path).toMatchObject({
        status: 302,
        location: `/sign-in?callbackUrl=${encodeURIComponent(path)}`,
      });
      const answer = await call(loader, path, { jar: confirmed.jar });
      // /profile sends a confirmed non-expert on to /settings: anywhere but the verification.
      expect(answer.location ?? "", path).not.toBe("/email-verification");
      expect([200, 302], path).toContain(answer.status);
    }
    expect((await call(feedPage.loader, "/feed", { jar: confirmed.jar })).status).toBe(200);
  });
});

/** The page's HTML from its loader's data, as the server renders it (the stub's useLayoutEffect warning set aside). */
function renderExpertPage(data: unknown, path: string): string {
  const Stub = createRemixStub([{ id: "expert", path: "/experts/:userName", Component: ExpertPage }]);
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    original(...args);
  };
  try {
    return renderToString(
      createElement(
        ConfirmDialogProvider,
        null,
        createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { expert: data } } }),
      ),
    );
  } finally {
    console.error = original;
  }
}

describe(`a new expert's own page (${testDatabaseEngine()})`, () => {
  it("offers the owner a price to set and a first post to write; a visitor reads the plain texts", async () => {
    const expert = await makePerson({ expert: true });
    const path = `/experts/${expert.user.userName}`;
    const params = { userName: expert.user.userName };

    const own = await call(expertPage.loader, path, { jar: expert.jar, params });
    expect(own.data).toMatchObject({ isOwner: true, expert: { subscriptionPrice: null }, posts: [] });
    const ownHtml = renderExpertPage(own.data, path);
    expect(ownHtml).toContain("No subscription price set yet.");
    expect(ownHtml).toMatch(/<a[^>]*href="\/business#price-heading"[^>]*>Set your price<\/a>/);
    expect(ownHtml).toContain("You have not posted yet");
    expect(ownHtml).toMatch(new RegExp(`<a[^>]*href="${path}\\?createEditPost=NEW"[^>]*>.*Write your first post</a>`));
    expect(ownHtml).not.toContain("has not posted yet.");

    const reader = await makePerson();
    for (const jar of [undefined, reader.jar]) {
      const seen = await call(expertPage.loader, path, { jar, params });
      expect(seen.data).toMatchObject({ isOwner: false });
      const html = renderExpertPage(seen.data, path);
      expect(html).toContain("No subscription price set yet.");
      expect(html).toContain(`${expert.user.userName} has not posted yet.`);
      expect(html).not.toContain("Set your price");
      expect(html).not.toContain("Write your first post");
      expect(html).not.toContain("createEditPost");
    }
  });

  it("shows an owner with a price the way to change it", async () => {
    const expert = await makePerson({ expert: true });
    const path = `/experts/${expert.user.userName}`;
    await database.db.update(experts).set({ subscriptionPriceCents: 1999 }).where(eq(experts.userId, expert.user.id));
    const own = await call(expertPage.loader, path, { jar: expert.jar, params: { userName: expert.user.userName } });
    const html = renderExpertPage(own.data, path);
    expect(html).toContain("$19.99/month");
    expect(html).toMatch(/<a[^>]*href="\/business#price-heading"[^>]*>Change your price on Business<\/a>/);
    expect(html).not.toContain("Set your price");
  });
});
