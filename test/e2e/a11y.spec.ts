import { expect, test, type Browser, type BrowserContext, type APIRequestContext, type Page } from "./support/test";
import { ACCESS_TTL_SECONDS } from "../../app/modules/accounts/sessions.server";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { encode } from "turbo-stream";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { presetCookieConsent, signedInContext, uniqueClientIp, waitForHydration } from "./support/helpers";

/**
 * Accessibility: axe-core (WCAG 2.1 A and AA) on every route in product.md "Screens and routes"'s
 * list and the app's other screens, each as the persona that can see it, at 1440 px and the
 * main ones at 375 px; then the open states (cookie banner, menus, popovers, dialogs). Any
 * serious or critical violation fails, listed by rule, help and element.
 */

type Persona = "visitor" | "user" | "expert" | "unconfirmed" | "admin";

/** Demo accounts (app/demo/seed.server.ts; password sharpside-demo). */
const USER = "alex.fan";
const EXPERT = "LeBronPicks";
const ADMIN = "sharpside.admin";

interface RouteRow {
  /** The address; {expert}, {freePost}, {pick}, {event} and {category} come from the demo data. */
  path: string;
  as: Persona;
  /** Where the page ends up when it redirects (a path, matched exactly); by default `path`. */
  lands?: string;
  /** Also scanned at 375 px. */
  phone?: boolean;
  /** A route action the page calls on load, answered here with its failure (the page's error state). */
  failRequest?: RegExp;
}

/** A route action's failure as Remix sends it to a fetcher (single fetch: turbo-stream). */
const actionFailureBody = (error: string, statusCode: number) =>
  new Response(encode({ data: { ok: false, error, statusCode } })).text();

const ROUTES: RouteRow[] = [
  // product.md "Screens and routes", "Known routes".
  { path: "/", as: "visitor", phone: true },
  { path: "/", as: "user" },
  { path: "/business", as: "expert", phone: true },
  { path: "/feed", as: "user", phone: true },
  { path: "/subscriptions", as: "user" },
  { path: "/watchlist", as: "user" },
  { path: "/discover-experts", as: "visitor", phone: true },
  { path: "/discover-experts?categoryIds={category}", as: "visitor" },
  { path: "/notifications", as: "user", phone: true },
  { path: "/posts/liked", as: "user" },
  { path: "/payments", as: "user" },
  { path: "/profile", as: "expert", lands: "/experts/{expert}" },
  { path: "/profile", as: "user", lands: "/settings" },
  { path: "/settings", as: "user", phone: true },
  { path: "/become-partner", as: "visitor", phone: true },
  { path: "/become-expert", as: "user" },
  { path: "/email-verification/verify", as: "unconfirmed", lands: "/email-verification", phone: true },
  { path: "/sign-up", as: "visitor", phone: true },
  // On load the page asks for a checkout, and with payments off (as here) that makes the user an
  // expert at once and moves on: answered with a failure instead, the page shows its error state
  // to scan (the card form needs Stripe) and the user stays a user for the other rows.
  { path: "/membership-payment", as: "user", failRequest: /\/membership-checkout\.data(\?|$)/ },
  { path: "/congratulations", as: "expert" },
  { path: "/congratulates-on-membership", as: "expert" },
  { path: "/privacy", as: "visitor" },
  { path: "/terms", as: "visitor" },
  { path: "/payments-terms", as: "visitor" },
  { path: "/contacts", as: "visitor", phone: true },
  { path: "/partners", as: "visitor" },
  { path: "/search?q=nba&tab=experts", as: "visitor", phone: true },
  { path: "/search?q=nba&tab=categories", as: "visitor" },
  { path: "/search?q=nba&tab=posts", as: "visitor" },
  { path: "/experts/{expert}", as: "visitor", phone: true },
  { path: "/experts/{expert}", as: "expert" },
  { path: "/posts/{freePost}", as: "visitor", phone: true },
  { path: "/posts/{pick}", as: "visitor", phone: true },
  { path: "/posts/{pick}", as: "expert" },
  { path: "/events/{event}", as: "visitor", phone: true },
  { path: "/sports/nba", as: "visitor", phone: true },
  { path: "/subscribe/GridironGuru", as: "expert", phone: true },
  // The app's other screens.
  { path: "/sign-in", as: "visitor", phone: true },
  { path: "/forgot-password", as: "visitor" },
  { path: "/email-verification/resend", as: "unconfirmed" },
  { path: "/email-verification/confirmed", as: "user" },
  { path: "/leaderboard", as: "visitor", phone: true },
  { path: "/verify", as: "visitor" },
  { path: "/admin/events", as: "admin" },
  { path: "/admin/support", as: "admin", phone: true },
  { path: "/no-such-page", as: "visitor", phone: true },
];

interface DemoData {
  expert: string;
  freePost: string;
  pick: string;
  event: string;
  category: string;
}

let demoData: Promise<DemoData> | undefined;

/** Ids from the demo data, looked up once per worker through the public API. */
function loadDemoData(request: APIRequestContext): Promise<DemoData> {
  demoData ??= (async () => {
    const expert = (await (await request.get(`/api/experts/${EXPERT}`)).json()).payload as { id: string };
    const posts = (await (await request.get(`/api/posts?expertId=${expert.id}&size=50`)).json()).items as {
      id: string;
      postType: string;
      publishDate: string | null;
    }[];
    const live = posts.filter((post) => post.publishDate && new Date(post.publishDate).getTime() <= Date.now());
    const freePost = live.find((post) => post.postType === "Post");
    const pick = live.find((post) => post.postType === "Pick");
    const categories = (await (await request.get("/api/categories")).json()).items as { id: number; name: string }[];
    const nba = categories.find((category) => category.name === "NBA") ?? categories[0];
    const events = (await (await request.get(`/api/events?categoryId=${nba.id}&size=5`)).json()).items as {
      id: number;
    }[];
    expect(freePost && pick && events.length > 0, "the demo data has a free post, a pick and an event").toBeTruthy();
    return {
      expert: EXPERT,
      freePost: freePost!.id,
      pick: pick!.id,
      event: String(events[0].id),
      category: String(nba.id),
    };
  })();
  return demoData;
}

const fill = (template: string, data: DemoData) =>
  template.replace(/\{(\w+)\}/g, (_, key: keyof DemoData) => data[key]);

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;

/**
 * Each persona signs in (or up) once per worker; later contexts reuse its cookies, for less than
 * the access cookie's life. After it, each context would renew the session with the same refresh
 * token, and a token presented again after its rotation revokes the session (as a stolen one).
 */
const sessions = new Map<Persona, { at: number; cookies: Promise<Cookies> }>();
const REUSE_SESSION_MS = (ACCESS_TTL_SECONDS / 2) * 1000;

function sessionOf(browser: Browser, baseURL: string, persona: Exclude<Persona, "visitor">): Promise<Cookies> {
  const cached = sessions.get(persona);
  if (cached && Date.now() - cached.at < REUSE_SESSION_MS) return cached.cookies;
  const cookies = (async () => {
    let context: BrowserContext;
    if (persona === "unconfirmed") {
      // Signed up (and so signed in) by the API, the e-mail not yet confirmed.
      context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
      const response = await context.request.post("/api/users", {
        headers: { Origin: baseURL },
        data: {
          user: {
            email: uniqueEmail("a11y"),
            fullName: "Casey Tester",
            password: PASSWORD,
            passwordConfirmation: PASSWORD,
          },
        },
      });
      expect(response.status(), "sign-up of an unconfirmed user").toBe(201);
    } else {
      context = await signedInContext(browser, baseURL, { user: USER, expert: EXPERT, admin: ADMIN }[persona]);
    }
    const signedIn = await context.cookies();
    await context.close();
    return signedIn;
  })();
  sessions.set(persona, { at: Date.now(), cookies });
  return cookies;
}

async function contextAs(
  browser: Browser,
  baseURL: string,
  persona: Persona,
  viewport: { width: number; height: number },
): Promise<BrowserContext> {
  const phone = viewport.width < 768 ? { isMobile: true, hasTouch: true } : {};
  const context = await browser.newContext({
    baseURL,
    viewport,
    ...phone,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  await presetCookieConsent(context, baseURL);
  if (persona !== "visitor") await context.addCookies(await sessionOf(browser, baseURL, persona));
  return context;
}

async function openAs(
  browser: Browser,
  baseURL: string,
  persona: Persona,
  width: 375 | 1440,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await contextAs(
    browser,
    baseURL,
    persona,
    width === 375 ? { width: 375, height: 812 } : { width: 1440, height: 900 },
  );
  return { context, page: await context.newPage() };
}

/** Visits, checks the page is the one meant (not a redirect to sign-in), waits for hydration. */
async function visit(page: Page, path: string, lands: string) {
  await page.goto(path);
  await expect
    .poll(() => {
      const url = new URL(page.url());
      // Compared with the query only when one is expected.
      return lands.includes("?") ? `${url.pathname}${url.search}` : url.pathname;
    }, `${path} lands on ${lands}`)
    .toBe(lands);
  await waitForHydration(page);
}

test.describe("axe on every route", () => {
  for (const row of ROUTES) {
    for (const width of row.phone ? ([1440, 375] as const) : ([1440] as const)) {
      test(`${row.path} as ${row.as} at ${width} px`, async ({ browser, baseURL, request }) => {
        const data = await loadDemoData(request);
        const path = fill(row.path, data);
        const { context, page } = await openAs(browser, baseURL!, row.as, width);
        if (row.failRequest)
          await page.route(row.failRequest, async (route) =>
            route.fulfill({
              status: 503,
              contentType: "text/x-script",
              body: await actionFailureBody("Service unavailable", 503),
            }),
          );
        await visit(page, path, fill(row.lands ?? row.path, data));
        await expect(page.locator("main#main-content")).toBeVisible();
        // The failure is shown (an error toast) before the scan.
        if (row.failRequest) await expect(page.locator("[data-sonner-toast][data-type=error]")).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${path} as ${row.as} at ${width} px`);
        await context.close();
      });
    }
  }
});

test.describe("axe on open states", () => {
  test("the cookie banner", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Accept" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "cookie banner");
    await context.close();
  });

  for (const persona of ["visitor", "expert"] as const) {
    test(`the mobile menu at 375 px as ${persona}`, async ({ browser, baseURL }) => {
      const { context, page } = await openAs(browser, baseURL!, persona, 375);
      await visit(page, "/", "/");
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousA11yViolations(page, `mobile menu as ${persona}`);
      await context.close();
    });
  }

  test("the search suggestions popover at 1440 px and the search overlay at 375 px", async ({ browser, baseURL }) => {
    // Two pages, two scans: more than one test's time on a busy two-core machine.
    test.setTimeout(90_000);
    for (const width of [1440, 375] as const) {
      const { context, page } = await openAs(browser, baseURL!, "visitor", width);
      await visit(page, "/", "/");
      if (width === 375) await page.getByRole("button", { name: "Search", exact: true }).click();
      const box = page.getByRole("combobox");
      await box.fill("nba");
      await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
      await expect(page.getByRole("option").first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, `search suggestions at ${width} px`);
      await context.close();
    }
  });

  test("the avatar menu and the notifications popover", async ({ browser, baseURL }) => {
    // Two full-page scans on the signed-in home, the heaviest page.
    test.setTimeout(60_000);
    const { context, page } = await openAs(browser, baseURL!, "expert", 1440);
    await visit(page, "/", "/");
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "avatar menu");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();

    await page
      .getByRole("banner")
      .getByRole("button", { name: /^Notifications/ })
      .click();
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "notifications popover");
    await context.close();
  });

  test("the sign-in and sign-up forms showing their errors", async ({ browser, baseURL }) => {
    // Two pages and two scans: on a busy 2-core run this passes 30 s.
    test.setTimeout(60_000);
    const { context, page } = await openAs(browser, baseURL!, "visitor", 1440);
    await visit(page, "/sign-in", "/sign-in");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByLabel("Email or username")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(page, "sign-in with field errors");

    await visit(page, "/sign-up", "/sign-up");
    await page.getByRole("tab", { name: "Expert sign up" }).click();
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(page, "sign-up (expert tab) with field errors");
    await context.close();
  });

  test("the post editor dialog and its discard confirmation, at 1440 and 375 px", async ({ browser, baseURL }) => {
    // Two widths, two contexts and four scans of the largest dialog.
    test.setTimeout(120_000);
    for (const width of [1440, 375] as const) {
      const { context, page } = await openAs(browser, baseURL!, "expert", width);
      await visit(page, "/?createEditPost=NEW", "/?createEditPost=NEW");
      const editor = page.getByRole("dialog", { name: "New Post/Pick" });
      // The editor is a chunk loaded as the dialog opens (as in the other editor tests).
      await expect(editor.getByLabel("Title")).toBeVisible({ timeout: 15_000 });
      await expectNoSeriousA11yViolations(page, `post editor at ${width} px`);

      await editor.getByLabel("Title").fill("Unsaved words");
      await page.keyboard.press("Escape");
      await expect(page.getByRole("alertdialog", { name: "Discard changes?" })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `discard confirmation at ${width} px`);
      await context.close();
    }
  });
});
