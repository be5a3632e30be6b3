import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { contextAtWidth, signedInContext, uniqueClientIp, waitForHydration } from "./support/helpers";

/**
 * A pick page that never contradicts itself: a parlay is labelled Parlay from the start; once its
 * games start each leg names its team, line, price and game (linked, with the start) and the game
 * bar lists every game; the text says the analysis, not the pick, is what stays locked; the author
 * sees no teaser; and a game's page shows its result's correction trail.
 * Demo data (app/demo/seed.server.ts): ParlayProfessor bets NBA, NFL and MLB; sharpside.admin is an admin.
 */
const EXPERT = "ParlayProfessor";
// Its sports, NBA last: the record journey and the sport page need coming NBA games of their own.
const SPORTS = ["MLB", "NFL", "NBA"];

interface Game {
  id: number;
  startsAt: string;
  homeTeam: string;
  awayTeam: string;
}

/** Two coming games of one of the expert's sports, not in `skip`, with their consensus moneyline and spread. */
async function twoFreshGames(visitor: APIRequestContext, skip: Set<number>) {
  const categories = (await (await visitor.get("/api/categories")).json()).items as { id: number; name: string }[];
  for (const sport of SPORTS) {
    const category = categories.find((candidate) => candidate.name === sport)!;
    const games = (
      (await (await visitor.get(`/api/events?categoryId=${category.id}&size=100`)).json()).items as Game[]
    ).filter((game) => new Date(game.startsAt).getTime() > Date.now() + 3_600_000 && !skip.has(game.id));
    const chosen: { game: Game; moneyline: number; spread: { line: number; price: number } }[] = [];
    for (const game of games) {
      const market = (await (await visitor.get(`/api/events/${game.id}/market`)).json()).payload as {
        consensus: {
          Moneyline: { Home?: { price: number } };
          Spread: { Away?: { line: number; price: number } };
        };
      };
      const moneyline = market.consensus.Moneyline.Home?.price;
      const spread = market.consensus.Spread.Away;
      if (moneyline && spread) chosen.push({ game, moneyline, spread });
      if (chosen.length === 2) return { categoryId: category.id, chosen };
    }
  }
  throw new Error("the demo has no two coming games with lines in the expert's sports");
}

/** The games each width's test took: the two tests must not share one. */
const taken = new Set<number>();

for (const width of [1440, 375] as const) {
  test(`at ${width} px: a parlay's page says what it is before and after its games start; the game shows its corrections`, async ({
    browser,
    baseURL,
    playwright,
  }, testInfo) => {
    test.setTimeout(90_000);
    const visitorApi = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    });
    const expert = await signedInContext(browser, baseURL!, EXPERT);
    const admin = await signedInContext(browser, baseURL!, "sharpside.admin");
    // Games the expert has no pick on yet (one side of a game per expert).
    const expertId = (await (await visitorApi.get(`/api/experts/${EXPERT}`)).json()).payload.id as string;
    const theirs = (await (await visitorApi.get(`/api/posts?expertId=${expertId}&size=100`)).json()).items as {
      legs: { eventId: number }[] | null;
      eventInfo: { id: number } | null;
    }[];
    for (const post of theirs) if (post.eventInfo) taken.add(post.eventInfo.id);
    const { categoryId, chosen } = await twoFreshGames(visitorApi, taken);
    for (const { game } of chosen) taken.add(game.id);
    const [first, second] = chosen;

    const created = await expert.request.post("/api/posts", {
      headers: { Origin: baseURL! },
      data: {
        postType: "Pick",
        title: "Two sides the market has wrong",
        categoryId,
        modalityIds: [],
        market: "Parlay",
        legs: [
          { eventId: first.game.id, market: "Moneyline", side: "Home", odds: first.moneyline },
          {
            eventId: second.game.id,
            market: "Spread",
            side: "Away",
            line: second.spread.line,
            odds: second.spread.price,
          },
        ],
        units: 1,
        publishDate: new Date().toISOString(),
        body: [{ type: "paragraph", children: [{ text: "Both prices are a point off the numbers." }] }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const pickId = (await created.json()).payload.id as string;

    const context = await contextAtWidth(browser, baseURL!, width);
    const page = await context.newPage();

    // Before the games: labelled by its market, the whole pick locked, and said so.
    await page.goto(`/posts/${pickId}`);
    const header = page.locator("article header");
    await expect(header.getByText("Parlay", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "The pick · Parlay" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "This pick is for subscribers" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Parlay legs" })).toHaveCount(0);

    // The games start (an admin moves their start to now: the test's clock is the server's).
    for (const { game } of chosen) {
      const moved = await admin.request.patch(`/api/events/${game.id}`, {
        headers: { Origin: baseURL! },
        data: { startsAt: new Date().toISOString() },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }

    // After the start: every leg names its side, line, price and game; the bar lists both games.
    await page.reload();
    await waitForHydration(page);
    const legs = page.getByRole("list", { name: "Parlay legs" });
    await expect(legs.getByRole("listitem")).toHaveCount(2);
    const line = second.spread.line > 0 ? `+${second.spread.line}` : String(second.spread.line);
    await expect(legs.getByRole("listitem").nth(0)).toContainText(`1. ${first.game.homeTeam} ML`);
    await expect(legs.getByRole("listitem").nth(1)).toContainText(`2. ${second.game.awayTeam} ${line}`);
    for (const { game } of chosen) {
      await expect(legs.getByRole("link", { name: `${game.awayTeam} at ${game.homeTeam}` })).toHaveAttribute(
        "href",
        `/events/${game.id}`,
      );
      await expect(
        header.getByRole("link", { name: new RegExp(`${game.awayTeam} at ${game.homeTeam}`) }),
      ).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "The analysis is for subscribers" })).toBeVisible();
    await expect(page.getByText("This pick is for subscribers")).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`parlay-${width}.png`), fullPage: true });

    // Its author reads it whole: no word of a teaser.
    const own = await expert.newPage();
    await own.goto(`/posts/${pickId}`);
    await expect(own.getByText("Both prices are a point off the numbers.")).toBeVisible();
    await expect(own.getByText(/for subscribers/)).toHaveCount(0);

    // The first game's result comes in, then is corrected: its page shows the trail.
    const results = await admin.request.post("/api/events/results", {
      headers: { Origin: baseURL! },
      data: [{ eventId: first.game.id, status: "Final", homeScore: 101, awayScore: 99 }],
    });
    expect(results.status(), await results.text()).toBe(200);
    const corrected = await admin.request.post(`/api/events/${first.game.id}/correction`, {
      headers: { Origin: baseURL! },
      data: { status: "Final", homeScore: 98, awayScore: 99, reason: "Official box score: a basket was overturned" },
    });
    expect(corrected.status(), await corrected.text()).toBe(200);
    await page.goto(`/events/${first.game.id}`);
    const trail = page.getByRole("region", { name: "Result corrected" });
    await expect(trail).toContainText("Final, 99-101 → Final, 99-98");
    await expect(trail).toContainText("Reason: Official box score: a basket was overturned");
    await page.screenshot({ path: testInfo.outputPath(`game-corrected-${width}.png`), fullPage: true });

    await Promise.all([context.close(), expert.close(), admin.close(), visitorApi.dispose()]);
  });
}
