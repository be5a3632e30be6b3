import { expect, test } from "./support/test";
import { presetCookieConsent, signedInContext, uniqueClientIp, waitForHydration } from "./support/helpers";

/**
 * The verified record end to end: an expert posts a pick on a coming game, the game
 * starts (an admin moves its start to now: the test's clock is the server's), the admin screen
 * records the final score, the pick is graded from it, and the expert page's record, chart and
 * graded picks, the leaderboard and the pick's own commitment check all show it.
 * Demo data (app/demo/seed.server.ts): LeBronPicks, an NBA expert with two months of graded picks;
 * sharpside.admin, an admin.
 */
const EXPERT = "LeBronPicks";

test("a pick is posted, its game starts, the results grade it, the record and the leaderboard follow", async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(90_000);
  const expert = await signedInContext(browser, baseURL!, EXPERT);
  const admin = await signedInContext(browser, baseURL!, "sharpside.admin");
  const visitor = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });

  const categories = (await (await visitor.get("/api/categories")).json()) as { items: { id: number; name: string }[] };
  const nba = categories.items.find((category) => category.name === "NBA")!;
  const events = (await (await visitor.get(`/api/events?categoryId=${nba.id}&size=50`)).json()) as {
    items: { id: number; startsAt: string; homeTeam: string }[];
  };
  // A coming game the expert has no other pick on, so the grade below is the only change to the record.
  const expertId = (await (await visitor.get(`/api/experts/${EXPERT}`)).json()).payload.id as string;
  const theirs = (await (await visitor.get(`/api/posts?expertId=${expertId}&size=100`)).json()) as {
    items: { eventInfo: { id: number } | null }[];
  };
  const taken = new Set(theirs.items.map((post) => post.eventInfo?.id));
  const game = events.items.find(
    (event) => new Date(event.startsAt).getTime() > Date.now() + 3_600_000 && !taken.has(event.id),
  );
  expect(game, "the demo data has a coming NBA game").toBeTruthy();

  // The game's market: the pick is taken at its consensus home spread and price.
  const market = (await (await visitor.get(`/api/events/${game!.id}/market`)).json()).payload as {
    consensus: { Spread: { Home?: { line: number; price: number } } };
  };
  const offer = market.consensus.Spread.Home;
  expect(offer, "the demo's coming games carry lines").toBeTruthy();
  const { line, price } = offer!;
  const spread = `${game!.homeTeam} ${line > 0 ? "+" : ""}${line}`;
  // 2 units at the market's price, won.
  const won = 2 * (price > 0 ? price / 100 : 100 / -price);

  // The expert's figures before.
  const before = (await (await visitor.get(`/api/experts/${EXPERT}/record`)).json()).payload.overall.all;

  // The expert posts a 2-unit home spread at the market's line and price.
  const created = await expert.request.post("/api/posts", {
    headers: { Origin: baseURL! },
    data: {
      postType: "Pick",
      title: "Home side covers tonight",
      categoryId: nba.id,
      modalityIds: [],
      market: "Spread",
      legs: [{ eventId: game!.id, market: "Spread", side: "Home", line, odds: price }],
      units: 2,
      publishDate: new Date().toISOString(),
      body: [{ type: "paragraph", children: [{ text: "Rest and pace favour the home side." }] }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const pick = (await created.json()).payload as { id: string; commitment: string; selection: string };
  expect(pick.selection).toBe(spread);

  // Before the start a visitor sees the commitment, not the bet.
  const visitorBrowser = await browser.newContext({ baseURL });
  await presetCookieConsent(visitorBrowser, baseURL!);
  const page = await visitorBrowser.newPage();
  await page.goto(`/posts/${pick.id}`);
  const box = page.getByRole("region", { name: /The pick/ });
  await expect(box).toContainText("Result: Pending");
  await expect(box.getByText(/for subscribers until the game starts/)).toBeVisible();
  await box.getByText("Verify this pick").click();
  await expect(box.getByText(pick.commitment)).toBeVisible();

  // The game starts: the admin moves its start to now.
  const moved = await admin.request.patch(`/api/events/${game!.id}`, {
    headers: { Origin: baseURL! },
    data: { startsAt: new Date().toISOString() },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  // The admin records the final score on the results screen: the home side wins by more than its spread.
  const homeScore = 100 + Math.max(1, Math.ceil(-line) + 3);
  const adminPage = await admin.newPage();
  await adminPage.goto("/admin/events");
  await waitForHydration(adminPage);
  const row = adminPage.getByRole("form", { name: new RegExp(`at ${game!.homeTeam}`) });
  await row.getByLabel(/\(home\)/).fill(String(homeScore));
  await row.getByLabel(/\(away\)/).fill("100");
  await row.getByRole("button", { name: "Final" }).click();
  await expect(adminPage.getByText(/^1 result recorded, \d+ picks? graded\.$/)).toBeVisible();

  // The pick: graded Win, its bet public, and its committed text hashes to the commitment.
  await page.reload();
  await waitForHydration(page);
  await expect(box).toContainText("Result: Win");
  await expect(box.getByText(spread, { exact: true })).toBeVisible();
  await box.getByText("Verify this pick").click();
  await box.getByRole("button", { name: "Check it in my browser" }).click();
  await expect(box.getByRole("status")).toHaveText("It matches: this is exactly the pick that was committed.");

  // The record: one more win, 2 units at the market's price, in the figures and the chart.
  const after = (await (await visitor.get(`/api/experts/${EXPERT}/record`)).json()).payload.overall.all;
  expect(after.wins).toBe(before.wins + 1);
  expect(after.units).toBeCloseTo(before.units + won, 1);
  await page.goto(`/experts/${EXPERT}`);
  const record = page.getByRole("region", { name: "Record and figures" });
  await record.scrollIntoViewIfNeeded();
  await expect(record.getByRole("row", { name: /All time/ })).toContainText(
    `${after.wins}-${after.losses}-${after.pushes}`,
  );
  await expect(record.getByRole("img", { name: /Units won by LeBronPicks/ })).toBeVisible();
  await expect(record.locator("#units-chart-desc")).toContainText(
    `${after.units >= 0 ? "+" : ""}${after.units.toFixed(2)} units`,
  );
  await expect(record.getByRole("link", { name: spread }).first()).toBeVisible();

  // The leaderboard ranks the expert, all time.
  await page.goto("/leaderboard?window=all");
  await expect(page).toHaveTitle(/^Leaderboard: all sports, all time \|/);
  await expect(page.getByRole("row", { name: new RegExp(`@${EXPERT}`) })).toContainText(
    `${after.wins}-${after.losses}-${after.pushes}`,
  );
});
