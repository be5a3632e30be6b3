/**
 * The subscriber's pages: `/watchlist`, `/payments` and `/subscription-payment/{userName}`.
 * Loaders run as Remix runs them against a real database, with subscriptions made by the same
 * module functions the API calls (free ones: payments off); pages are rendered from their loader
 * data as the server would.
 */
import { eq } from "drizzle-orm";
import { createRemixStub } from "@remix-run/testing";
import { Outlet } from "@remix-run/react";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { experts, notifyRequests } from "~/db/schema";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import { TimeZoneProvider } from "~/components/time/time-zone";
import { viewerTimeZone } from "~/modules/time/clock";
import { follow } from "~/modules/follows/follows.server";
import { cancelFree, renewFreeSubscriptions, subscribeFree } from "~/modules/subscriptions/subscriptions.server";
import PaymentsPage, * as paymentsPage from "~/routes/payments";
import SubscriptionPaymentPage, * as subscriptionPaymentPage from "~/routes/subscription-payment.$userName";
import SubscribePage, * as subscribePage from "~/routes/subscribe.$userName";
import { findExpert } from "~/modules/experts/experts.server";
import { PROMO_MESSAGES } from "~/modules/subscriptions/promo-codes";
import { createPromoCode } from "~/modules/subscriptions/promo-codes.server";
import { callRoute } from "../support/page-actions";
import WatchlistPage, * as watchlistPage from "~/routes/watchlist";
import type { CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { DAY, postFixtures, type MadeUser } from "../support/post-fixtures";

let database: TestDatabase;
let off: ReturnType<typeof makeLoadContext>;
let on: ReturnType<typeof makeLoadContext>;
let fixtures: ReturnType<typeof postFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  off = makeLoadContext(database.db);
  on = makeLoadContext(database.db, { STRIPE_SECRET_KEY: "sk_test_pages", STRIPE_PUBLISHABLE_KEY: "pk_test_pages" });
  fixtures = postFixtures(database.db, off);
});
afterAll(() => database?.close());

const makeUser = (expert = false) => fixtures.makeUser({ expert });

async function makeExpert(priceCents: number | null = 2900): Promise<MadeUser> {
  const expert = await makeUser(true);
  await database.db
    .update(experts)
    .set({ subscriptionPriceCents: priceCents, subscriptionDescription: "Every NBA side" })
    .where(eq(experts.userId, expert.user.id));
  return expert;
}

/** Runs a page loader like Remix: a thrown Response (a redirect, a 404) is answered. */
async function page(
  loader: (args: never) => unknown,
  path: string,
  options: { jar?: CookieJar; context?: typeof off; params?: Record<string, string> } = {},
) {
  const headers = new Headers();
  if (options.jar) headers.set("Cookie", options.jar.header());
  try {
    const result = await loader({
      request: new Request(`http://localhost${path}`, { headers }),
      params: options.params ?? {},
      context: options.context ?? off,
    } as never);
    return { status: 200, data: result as never, location: null as string | null };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, data: null as never, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

/**
 * A page's HTML as the server renders it from its loader data, inside the confirmation dialog's
 * provider as in the app shell. The stub's memory router uses useLayoutEffect, which React warns
 * about on the server; only that warning is set aside.
 */
function renderPage(
  path: string,
  routePath: string,
  Component: ComponentType,
  data: unknown,
  timeZone?: string,
): string {
  // In the viewer's zone, as the app shell hands it down (without one: the default zone).
  const Page = () =>
    createElement(TimeZoneProvider, {
      timeZone,
      children: createElement(ConfirmDialogProvider, null, createElement(Component)),
    });
  const Stub = createRemixStub([
    { id: "root", path: "/", Component: Outlet, children: [{ id: "page", path: routePath, Component: Page } as never] },
  ]);
  const original = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("useLayoutEffect does nothing on the server")) return;
    original(...args);
  };
  try {
    return renderToString(
      createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { root: {}, page: data } } }),
    );
  } finally {
    console.error = original;
  }
}

const titleOf = (meta: (args: never) => unknown) =>
  meta({ matches: [{ id: "root", data: { appName: "Sharpside" } }], location: { pathname: "/" } } as never);

describe(`signed-out visitors (${testDatabaseEngine()})`, () => {
  it("are sent to sign in and back from each page", async () => {
    expect(await page(watchlistPage.loader, "/watchlist")).toMatchObject({
      status: 302,
      location: "/sign-in?callbackUrl=%2Fwatchlist",
    });
    expect(await page(paymentsPage.loader, "/payments")).toMatchObject({
      status: 302,
      location: "/sign-in?callbackUrl=%2Fpayments",
    });
    expect(
      await page(subscriptionPaymentPage.loader, "/subscription-payment/someone", {
        context: on,
        params: { userName: "someone" },
      }),
    ).toMatchObject({
      status: 302,
      location: "/sign-in?callbackUrl=%2Fsubscription-payment%2Fsomeone",
    });
  });

  it("see the titles in the template", () => {
    expect(titleOf(watchlistPage.meta)).toContainEqual({ title: "Watchlist | SHARPSIDE" });
    expect(titleOf(paymentsPage.meta)).toContainEqual({ title: "Payments & subscriptions | SHARPSIDE" });
    expect(titleOf(subscriptionPaymentPage.meta)).toContainEqual({ title: "Subscription payment | SHARPSIDE" });
  });
});

describe(`/payments (${testDatabaseEngine()})`, () => {
  it("shows a free subscription: its price, its renewal date, a Cancel button and a $0.00 (free) payment", async () => {
    const fan = await makeUser();
    const expert = await makeExpert(2900);
    const made = await subscribeFree(database.db, fan.user.id, expert.user.id);
    const { status, data } = await page(paymentsPage.loader, "/payments", { jar: fan.jar });
    expect(status).toBe(200);
    const loaded = data as Awaited<ReturnType<typeof paymentsPage.loader>>;
    expect(loaded.current).toHaveLength(1);
    expect(loaded.current[0]).toMatchObject({
      status: "Activated",
      isActive: true,
      price: 2900,
      expert: { id: expert.user.id },
    });
    expect(loaded.past).toEqual([]);
    expect(loaded.payments).toHaveLength(1);
    expect(loaded.payments[0]).toMatchObject({
      kind: "Subscription",
      status: "Succeeded",
      amount: 0,
      expert: { id: expert.user.id },
    });
    expect(loaded.paymentsEnabled).toBe(false);

    const zone = viewerTimeZone(fan.user.timezone, null);
    const html = renderPage("/payments", "payments", PaymentsPage, data, zone);
    expect(html).toContain("Active subscriptions");
    // Made while payments are off: free, whatever the expert's price.
    expect(html).toContain(">Free<");
    expect(html).not.toContain("$29/month");
    const renews = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: zone,
    }).format(new Date(made.currentPeriodEnd!));
    expect(html).toContain(`Renews on ${renews}`);
    expect(html).toContain(`aria-label="Cancel your subscription to ${expert.user.firstName} ${expert.user.lastName}"`);
    expect(html).not.toContain(">Resume<");
    expect(html).toContain("$0.00 (free)");
    expect(html).toContain(`href="/experts/${expert.user.userName}"`);
    expect(html).toContain('href="/payments-terms"');
    expect(html).toContain("Card payments are switched off for now");
    expect(html).not.toContain("Show more");
  });

  it("shows a cancelled one as ending with Resume, and an expired one under past subscriptions", async () => {
    const fan = await makeUser();
    const [running, ended] = [await makeExpert(1500), await makeExpert(4000)];
    await subscribeFree(database.db, fan.user.id, running.user.id);
    const canceled = await cancelFree(database.db, fan.user.id, running.user.id);
    const longAgo = new Date(Date.now() - 90 * DAY);
    await subscribeFree(database.db, fan.user.id, ended.user.id, longAgo);
    await cancelFree(database.db, fan.user.id, ended.user.id, longAgo);
    await renewFreeSubscriptions(database.db, new Date(longAgo.getTime() + 31 * DAY));

    const { data } = await page(paymentsPage.loader, "/payments", { jar: fan.jar });
    const loaded = data as Awaited<ReturnType<typeof paymentsPage.loader>>;
    expect(loaded.current.map((s) => [s.expert.id, s.status])).toEqual([[running.user.id, "Canceled"]]);
    expect(loaded.past.map((s) => [s.expert.id, s.status])).toEqual([[ended.user.id, "Expired"]]);

    const zone = viewerTimeZone(fan.user.timezone, null);
    const html = renderPage("/payments", "payments", PaymentsPage, data, zone);
    const ends = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: zone,
    }).format(new Date(canceled.currentPeriodEnd!));
    expect(html).toContain(`Ends on ${ends}`);
    expect(html).not.toContain("$15/month");
    expect(html).toContain(">Resume</button>");
    expect(html).toContain("Past subscriptions");
    expect(html).toContain(">Subscribe again</button>");
    expect(html).not.toContain("$40/month");
    // Two free periods paid for, both free.
    expect(html.match(/\$0\.00 \(free\)/g)).toHaveLength(2);
  });

  it("pages the payment history", async () => {
    const fan = await makeUser();
    for (let i = 0; i < paymentsPage.PAYMENTS_PAGE_SIZE + 1; i++) {
      const expert = await makeExpert();
      await subscribeFree(database.db, fan.user.id, expert.user.id);
    }
    const { data } = await page(paymentsPage.loader, "/payments", { jar: fan.jar });
    const loaded = data as Awaited<ReturnType<typeof paymentsPage.loader>>;
    expect(loaded.payments).toHaveLength(paymentsPage.PAYMENTS_PAGE_SIZE);
    expect(loaded.paymentsTotalPages).toBe(2);
    expect(loaded.current).toHaveLength(paymentsPage.PAYMENTS_PAGE_SIZE + 1);
    expect(renderPage("/payments", "payments", PaymentsPage, data)).toContain("Show more");
  });

  it("says where to find experts when there is nothing yet", async () => {
    const lonely = await makeUser();
    const { data } = await page(paymentsPage.loader, "/payments", { jar: lonely.jar });
    const html = renderPage("/payments", "payments", PaymentsPage, data);
    expect(html).toContain("You are not subscribed to anyone yet");
    expect(html).toContain('href="/discover-experts"');
    expect(html).toContain("No payments yet.");
  });
});

describe(`/watchlist (${testDatabaseEngine()})`, () => {
  it("lists the followed experts with Unfollow and the notify-me posts as cards", async () => {
    const fan = await makeUser();
    const [followed, other] = [await makeExpert(), await makeExpert()];
    await follow(database.db, fan.user.id, followed.user.id);
    const upcoming = await fixtures.addPost(other.user.id, {
      title: "Tonight's card preview",
      publishDate: new Date(Date.now() + DAY),
    });
    await database.db.insert(notifyRequests).values({ userId: fan.user.id, postId: upcoming.id });
    // A free subscription is not a follow: the watchlist shows follows only.
    await subscribeFree(database.db, fan.user.id, other.user.id);

    const { status, data } = await page(watchlistPage.loader, "/watchlist", { jar: fan.jar });
    expect(status).toBe(200);
    const loaded = data as Awaited<ReturnType<typeof watchlistPage.loader>>;
    expect(loaded.experts.map((e) => e.id)).toEqual([followed.user.id]);
    expect(loaded.posts.map((p) => p.id)).toEqual([upcoming.id]);
    expect(loaded.posts[0]).toMatchObject({ metadata: { isNotifyRequested: true } });
    expect(loaded.posts[0]).not.toHaveProperty("body");

    const html = renderPage("/watchlist", "watchlist", WatchlistPage, data);
    expect(html).toContain("Experts you follow");
    expect(html).toContain(`aria-label="Unfollow ${followed.user.userName}"`);
    expect(html).toContain(`href="/experts/${followed.user.userName}"`);
    expect(html).toContain("/img?");
    expect(html).toContain("Posts you are waiting for");
    expect(html).toContain("Tonight&#x27;s card preview");
    expect(html).toContain("Notify me");
    expect(html).not.toContain("discover-experts");
  });

  it("says where to find experts when both lists are empty", async () => {
    const lonely = await makeUser();
    const { data } = await page(watchlistPage.loader, "/watchlist", { jar: lonely.jar });
    const html = renderPage("/watchlist", "watchlist", WatchlistPage, data);
    expect(html).toContain("You are not following anyone yet");
    expect(html).toContain("No posts on your watchlist yet");
    expect(html.match(/href="\/discover-experts"/g)).toHaveLength(2);
  });
});

describe(`/subscription-payment/{userName} (${testDatabaseEngine()})`, () => {
  const call = (userName: string, jar: CookieJar, context = on, search = "") =>
    page(subscriptionPaymentPage.loader, `/subscription-payment/${encodeURIComponent(userName)}${search}`, {
      jar,
      context,
      params: { userName },
    });

  it("shows the card form's page with the publishable key and the expert's price", async () => {
    const fan = await makeUser();
    const expert = await makeExpert(2900);
    const { status, data } = await call(expert.user.userName, fan.jar);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      publishableKey: "pk_test_pages",
      price: "$29",
      description: "Every NBA side",
      expert: { id: expert.user.id, userName: expert.user.userName },
    });
    expect(JSON.stringify(data)).not.toContain("sk_test_pages");
    const html = renderPage(
      `/subscription-payment/${expert.user.userName}`,
      "subscription-payment/:userName",
      SubscriptionPaymentPage,
      data,
    );
    expect(html).toContain("Subscription payment");
    expect(html).toContain("$29/month");
    expect(html).toContain("Preparing a secure payment form");
    expect(html).toContain(`href="/experts/${expert.user.userName}"`);
  });

  it("sends the reader on to the page subscribed from (`next`, a local path only) when there is nothing to pay", async () => {
    const fan = await makeUser();
    const expert = await makeExpert();
    const back = (next: string) => call(expert.user.userName, fan.jar, off, `?next=${encodeURIComponent(next)}`);
    expect(await back("/posts/123")).toMatchObject({ status: 302, location: "/posts/123" });
    // Never another site.
    for (const next of ["https://evil.example/", "//evil.example", "/\\evil.example"])
      expect(await back(next)).toMatchObject({ status: 302, location: `/experts/${expert.user.userName}` });
    // With a card form to fill, `next` is what it goes back to.
    const { data } = await call(expert.user.userName, fan.jar, on, "?next=%2Fposts%2F123");
    expect(data).toMatchObject({ next: "/posts/123" });
  });

  it("sends the viewer to the expert's page when there is nothing to pay", async () => {
    const fan = await makeUser();
    const expert = await makeExpert();
    const expertPage = `/experts/${expert.user.userName}`;
    // Payments off: subscribing is free, no card form.
    expect(await call(expert.user.userName, fan.jar, off)).toMatchObject({ status: 302, location: expertPage });
    // Their own page.
    expect(await call(expert.user.userName, expert.jar)).toMatchObject({ status: 302, location: expertPage });
    // A (free) subscription that gives access, cancelled or not.
    await subscribeFree(database.db, fan.user.id, expert.user.id);
    expect(await call(expert.user.userName, fan.jar)).toMatchObject({ status: 302, location: expertPage });
    await cancelFree(database.db, fan.user.id, expert.user.id);
    expect(await call(expert.user.userName, fan.jar)).toMatchObject({ status: 302, location: expertPage });
  });

  it("answers 404 for someone who is not an expert, and uses the expert's own spelling", async () => {
    const fan = await makeUser();
    const plain = await makeUser();
    expect((await call(plain.user.userName, fan.jar)).status).toBe(404);
    expect((await call("nobody-at-all", fan.jar)).status).toBe(404);
    const expert = await makeExpert();
    expect(await call(expert.user.userName.toLowerCase(), fan.jar, on, "?payment_intent=pi_1")).toMatchObject({
      status: 302,
      location: `/subscription-payment/${expert.user.userName}?payment_intent=pi_1`,
    });
  });

  it("sends an unconfirmed user to confirm the e-mail first", async () => {
    const unconfirmed = await fixtures.makeUser({ confirmed: false });
    const expert = await makeExpert();
    expect(await call(expert.user.userName, unconfirmed.jar)).toMatchObject({
      status: 302,
      location: `/email-verification?callbackUrl=${encodeURIComponent(`/subscription-payment/${expert.user.userName}`)}`,
    });
  });
});

describe(`/subscribe/{userName}, the subscription step (${testDatabaseEngine()})`, () => {
  const path = (userName: string, next?: string) =>
    `/subscribe/${encodeURIComponent(userName)}${next ? `?next=${encodeURIComponent(next)}` : ""}`;
  const load = (userName: string, jar: CookieJar | undefined, context = off, next?: string) =>
    page(subscribePage.loader, path(userName, next), { jar, context, params: { userName } });
  const confirm = (userName: string, jar: CookieJar, context = off, next?: string) =>
    callRoute(context, subscribePage.action, path(userName, next), { userName }, jar, {});

  it("sends a visitor to sign in, and an unconfirmed user to the e-mail code, each coming back to the step", async () => {
    const expert = await makeExpert();
    const step = path(expert.user.userName, "/posts/123");
    expect(await load(expert.user.userName, undefined, off, "/posts/123")).toMatchObject({
      status: 302,
      location: `/sign-in?callbackUrl=${encodeURIComponent(step)}`,
    });
    const unconfirmed = await fixtures.makeUser({ confirmed: false });
    expect(await load(expert.user.userName, unconfirmed.jar, off, "/posts/123")).toMatchObject({
      status: 302,
      location: `/email-verification?callbackUrl=${encodeURIComponent(step)}`,
    });
  });

  it("shows the price, the period, what is included and how to cancel before anything happens", async () => {
    const fan = await makeUser();
    const expert = await makeExpert(2999);
    const { status, data } = await load(expert.user.userName, fan.jar, on, "/posts/123");
    expect(status).toBe(200);
    expect(data).toMatchObject({
      offer: { price: 2999, trialDays: 0, code: null },
      paymentsEnabled: true,
      next: "/posts/123",
    });
    const html = renderPage(path(expert.user.userName), "subscribe/:userName", SubscribePage, data);
    for (const text of ["$29.99", "/ month", "What is included", "every 30 days until you cancel", "Cancel any time"])
      expect(html).toContain(text);
    expect(html).toContain("Continue to payment");
    expect(titleOf(subscribePage.meta as never)).toContainEqual({ title: "Subscribe | SHARPSIDE" });
    // Nothing was subscribed by looking.
    expect((await findExpert(database.db, expert.user.id, fan.user.id))?.isSubscribed).toBe(false);
  });

  it("shows the trial, a promo code's price, and a code's refusal beside the field", async () => {
    const expert = await makeExpert(3000);
    await database.db.update(experts).set({ trialDays: 7 }).where(eq(experts.userId, expert.user.id));
    await createPromoCode(database.db, expert.user.id, { code: "HALF", percentOff: 50, duration: "forever" });
    const fan = await makeUser();
    const step = path(expert.user.userName, "/feed");
    const withCode = (code: string) =>
      page(subscribePage.loader, `${step}&code=${code}`, {
        jar: fan.jar,
        context: on,
        params: { userName: expert.user.userName },
      });
    const plain = renderPage(
      step,
      "subscribe/:userName",
      SubscribePage,
      (await load(expert.user.userName, fan.jar, on, "/feed")).data,
    );
    for (const text of [
      "7 days free",
      ", then $30 / month",
      "Nothing is charged today",
      "Start free trial",
      'name="code"',
    ])
      expect(plain).toContain(text);

    const applied = await withCode("half");
    expect(applied.data).toMatchObject({ offer: { code: { code: "HALF", priceAfter: 1500 } }, codeError: null });
    const html = renderPage(step, "subscribe/:userName", SubscribePage, applied.data);
    for (const text of ["50% off every month", ", then $15 / month", 'type="hidden" name="code" value="HALF"'])
      expect(html).toContain(text);
    // The card form gets the code.
    expect(
      await callRoute(on, subscribePage.action, step, { userName: expert.user.userName }, fan.jar, { code: "HALF" }),
    ).toMatchObject({
      status: 302,
      location: `/subscription-payment/${expert.user.userName}?next=%2Ffeed&code=HALF`,
    });

    const wrong = await withCode("NOPE");
    expect(wrong.data).toMatchObject({ offer: { code: null, trialDays: 7 }, codeError: PROMO_MESSAGES.unknown });
    expect(renderPage(step, "subscribe/:userName", SubscribePage, wrong.data)).toContain(PROMO_MESSAGES.unknown);
    // A code PostgreSQL could not hold (a NUL) is no code: left out, not a database error.
    const unstorable = await withCode("%00EVIL");
    expect(unstorable).toMatchObject({ status: 200, data: { offer: { code: null }, codeError: null } });
    expect(
      await callRoute(on, subscribePage.action, step, { userName: expert.user.userName }, fan.jar, {
        code: "/\u0000/evil.example",
      }),
    ).toMatchObject({ status: 302, location: `/subscription-payment/${expert.user.userName}?next=%2Ffeed` });
  });

  it("payments off: confirming starts the subscription and goes back to the page subscribed from", async () => {
    const fan = await makeUser();
    const expert = await makeExpert(2999);
    const html = renderPage(
      path(expert.user.userName),
      "subscribe/:userName",
      SubscribePage,
      (await load(expert.user.userName, fan.jar)).data,
    );
    expect(html).toContain("Subscribe for free");
    expect(html).toContain("nothing is charged");
    expect(await confirm(expert.user.userName, fan.jar, off, "/posts/123")).toMatchObject({
      status: 302,
      location: "/posts/123",
    });
    expect((await findExpert(database.db, expert.user.id, fan.user.id))?.isSubscribed).toBe(true);
    // Opened again, the step has nothing to ask: on to the page.
    expect(await load(expert.user.userName, fan.jar, off, "/posts/123")).toMatchObject({
      status: 302,
      location: "/posts/123",
    });
  });

  it("payments on: confirming opens the card form, which keeps where to return, and subscribes nothing yet", async () => {
    const fan = await makeUser();
    const expert = await makeExpert(2999);
    expect(await confirm(expert.user.userName, fan.jar, on, "/posts/123")).toMatchObject({
      status: 302,
      location: `/subscription-payment/${expert.user.userName}?next=%2Fposts%2F123`,
    });
    expect((await findExpert(database.db, expert.user.id, fan.user.id))?.isSubscribed).toBe(false);
  });

  it("never leads off the site, sends the expert to their own page, answers 404 for a non-expert", async () => {
    const fan = await makeUser();
    const expert = await makeExpert();
    const expertPage = `/experts/${expert.user.userName}`;
    for (const next of ["https://evil.example/", "//evil.example", "/\\evil.example", "/\tevil"])
      expect(await confirm(expert.user.userName, fan.jar, off, next)).toMatchObject({
        status: 302,
        location: expertPage,
      });
    expect(await load(expert.user.userName, expert.jar)).toMatchObject({ status: 302, location: expertPage });
    expect(await confirm(expert.user.userName, expert.jar)).toMatchObject({ status: 302, location: expertPage });
    expect((await load((await makeUser()).user.userName, fan.jar)).status).toBe(404);
    // (The fan subscribed above; someone new is asked.)
    expect(await load(expert.user.userName.toUpperCase(), (await makeUser()).jar, off, "/feed")).toMatchObject({
      status: 302,
      location: `/subscribe/${expert.user.userName}?next=%2Ffeed`,
    });
  });
});
