import { expect, test, type APIRequestContext, type Page } from "./support/test";
import { presetCookieConsent, signedInContext, waitForHydration } from "./support/helpers";

/**
 * The page-weight guard (docs/performance.md, "what each public page sends"): a visitor's post and
 * expert pages stay under 150 KB of JavaScript on the wire (compressed, every script the page fetched,
 * module preloads and lazy chunks included), and neither fetches the editor (Slate) or Stripe.
 * The editor check is shown to be real: the same detection finds Slate once an expert opens
 * `?createEditPost=NEW`. Sizes, not times: nothing here is timed.
 */

const MAX_JS_BYTES = 150 * 1024;
const EXPERT = "LeBronPicks";
/** Strings only the editor's and Stripe's code carry (Slate's editable root; Stripe.js's host). */
const SLATE_MARKER = "data-slate-editor";
const STRIPE_MARKER = "js.stripe.com";

interface Sent {
  jsBytes: number;
  scripts: string[];
  slate: boolean;
  stripe: boolean;
}

/** Opens `path`, waits for the network to settle, and answers what the page's scripts weighed and held. */
async function weigh(page: Page, path: string, settle?: (page: Page) => Promise<void>): Promise<Sent> {
  const bodies: Promise<string>[] = [];
  let stripeRequest = false;
  page.on("request", (request) => {
    if (/(^|\.)stripe\.(com|network)$/.test(new URL(request.url()).hostname)) stripeRequest = true;
  });
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".js")) bodies.push(response.text().catch(() => ""));
  });
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  if (settle) await settle(page);
  const scripts = await page.evaluate(() => {
    // A module preload and the script it runs as are two entries for one download: the largest counts.
    const sizes = new Map<string, number>();
    for (const entry of performance.getEntriesByType("resource") as PerformanceResourceTiming[]) {
      if (new URL(entry.name).pathname.endsWith(".js"))
        sizes.set(entry.name, Math.max(sizes.get(entry.name) ?? 0, entry.encodedBodySize));
    }
    return [...sizes];
  });
  const texts = await Promise.all(bodies);
  return {
    jsBytes: scripts.reduce((sum, [, size]) => sum + size, 0),
    scripts: scripts.map(([url, size]) => `${new URL(url).pathname} ${(size / 1024).toFixed(1)} KB`),
    slate: texts.some((text) => text.includes(SLATE_MARKER)),
    stripe: stripeRequest || texts.some((text) => text.includes(STRIPE_MARKER)),
  };
}

async function demoPages(request: APIRequestContext) {
  const expert = ((await (await request.get(`/api/experts/${EXPERT}`)).json()) as { payload: { id: string } }).payload;
  const posts = (
    (await (await request.get(`/api/posts?expertId=${expert.id}&size=50`)).json()) as {
      items: { id: string; postType: string; isLocked: boolean }[];
    }
  ).items;
  const free = posts.find((post) => post.postType !== "Pick" && !post.isLocked);
  const pick = posts.find((post) => post.postType === "Pick" && post.isLocked);
  expect(free, "the demo data has a free post by LeBronPicks").toBeTruthy();
  expect(pick, "the demo data has a pick by LeBronPicks, locked to a visitor").toBeTruthy();
  return [`/posts/${free!.id}`, `/posts/${pick!.id}`, `/experts/${EXPERT}`];
}

// What the network sends: the background worker would serve a repeat page's files from its cache,
// which Resource Timing reports at their decoded size.
test.use({ serviceWorkers: "block" });

test("a visitor's post and expert pages send under 150 KB of JavaScript, and no editor or Stripe code", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await presetCookieConsent(context, baseURL!);
  for (const path of await demoPages(request)) {
    const sent = await weigh(page, path);
    expect(sent.jsBytes, `${path}: JavaScript on the wire (gzip)\n${sent.scripts.join("\n")}`).toBeLessThan(
      MAX_JS_BYTES,
    );
    expect(sent.slate, `${path} must not fetch the editor (Slate)`).toBe(false);
    expect(sent.stripe, `${path} must not fetch Stripe`).toBe(false);
  }
});

test("the editor's code comes when an expert opens the create dialog, so the check above is real", async ({
  browser,
  baseURL,
}) => {
  const context = await signedInContext(browser, baseURL!, EXPERT);
  const page = await context.newPage();
  const sent = await weigh(page, "/?createEditPost=NEW", async (opened) => {
    await expect(opened.getByRole("dialog", { name: "New Post/Pick" })).toBeVisible({ timeout: 15_000 });
    await opened.waitForLoadState("networkidle");
  });
  expect(sent.slate, "the editor (Slate) was fetched").toBe(true);
  expect(sent.stripe, "the editor needs no Stripe").toBe(false);
  await context.close();
});

test("Stripe's code comes when a reader opens Send Cheers, and not before", async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, "alex.fan");
  const page = await context.newPage();
  const before = await weigh(page, `/experts/${EXPERT}`);
  expect(before.stripe, "the expert page itself fetches no Stripe code").toBe(false);
  const after = await weigh(page, `/experts/${EXPERT}`, async (opened) => {
    await opened.getByRole("button", { name: "Send Cheers" }).click();
    await expect(opened.getByRole("dialog", { name: `Send Cheers to ${EXPERT}` })).toBeVisible();
    await opened.waitForLoadState("networkidle");
  });
  expect(after.stripe, "the Cheers dialog's card form (Stripe) was fetched").toBe(true);
  await context.close();
});
