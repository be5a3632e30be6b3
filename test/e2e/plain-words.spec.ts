import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { signedInContext, waitForHydration } from "./support/helpers";

/**
 * The small things, in a real browser at 1440 and 375 px: texts say what a reader needs, not how
 * the server works (date of birth, notification settings, /verify, the leaderboard's intro, a
 * pending pick's verify box, bet types, payments not open yet); primary actions are 44 px tap
 * targets and Logout is the quietest; a phone keeps the leaderboard's names in view; /editor in the
 * address bar opens the editor; the admin enters a result in a form, refused in words by field.
 * Demo data (app/demo/seed.server.ts): alex.fan reads, LeBronPicks is an expert, sharpside.admin an admin.
 */
const WIDTHS = [1440, 375] as const;
type Width = (typeof WIDTHS)[number];

/** The element's rendered height in CSS pixels. */
async function heightOf(page: Page, locator: ReturnType<Page["locator"]>) {
  const box = await locator.boundingBox();
  expect(box, "rendered").not.toBeNull();
  return box!.height;
}

const shot = (page: Page, name: string, width: Width) =>
  page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });

/** A locked pick of the demo whose game has not started: its verify box speaks of the future. */
async function pendingPickId(context: BrowserContext): Promise<string> {
  const posts = (await (await context.request.get("/api/posts?size=100")).json()).items as {
    id: string;
    postType: string;
    isLocked: boolean;
    eventInfo: { startsAt: string } | null;
  }[];
  const pending = posts.find(
    (post) =>
      post.postType === "Pick" &&
      post.isLocked &&
      post.eventInfo &&
      new Date(post.eventInfo.startsAt).getTime() > Date.now(),
  );
  expect(pending, "the demo has a pick on a coming game").toBeTruthy();
  return pending!.id;
}

for (const width of WIDTHS) {
  test(`at ${width} px: a reader's settings, /verify, the leaderboard and a pending pick speak plainly`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const context = await signedInContext(browser, baseURL!, "alex.fan", width);
    const page = await context.newPage();

    // Settings: why a date of birth is asked; no expert's notification kinds for a reader.
    await page.goto("/settings");
    await expect(page.getByText("Kept private: it confirms you are old enough to use Sharpside.")).toBeVisible();
    await expect(page.getByText(/gifts/)).toHaveCount(0);
    await expect(page.getByLabel("Replies to my comments")).toBeVisible();
    for (const expertKind of [
      "Likes on my posts",
      "Comments on my posts",
      "New subscribers",
      "Cheers (tips) I receive",
    ])
      await expect(page.getByLabel(expertKind), expertKind).toHaveCount(0);
    await shot(page, "plain-settings", width);

    // /verify opens with what the rules mean for a reader; the tool snippets are folded away.
    await page.goto("/verify");
    const opening = page.locator("article > p").first();
    await expect(opening).toHaveText(/nobody can doctor it/);
    await expect(page.locator("article > ul").first()).toContainText("graded from the game's final score");
    await expect(page.getByText(/printf/)).toBeHidden();
    const tools = page.getByText("Check it with your own tools (shell, Node.js, Python)");
    expect(await heightOf(page, tools)).toBeGreaterThanOrEqual(44);
    await shot(page, "plain-verify", width);

    // The leaderboard says how it ranks in words; on a phone the rank and name stay as the figures scroll.
    await page.goto("/leaderboard?window=all");
    await waitForHydration(page);
    const intro = page.locator("h1 + p");
    await expect(intro).toContainText("ranked by units won for the risk they took");
    await expect(intro).not.toContainText("√");
    const table = page.getByRole("table", { name: /^Ranked experts/ });
    const firstName = table.getByRole("rowheader").first();
    await expect(firstName).toBeVisible();
    const before = (await firstName.boundingBox())!;
    await table.evaluate((element) => element.parentElement!.scrollBy({ left: 400 }));
    await expect
      .poll(() => table.evaluate((element) => element.parentElement!.scrollLeft))
      .toBe(width === 375 ? 400 : 0);
    const after = (await firstName.boundingBox())!;
    expect(after.x, "the name stays where it was").toBeCloseTo(before.x, 0);
    // …beside its rank, which nothing covers (no fading edge over the columns that stay).
    const rank = (await table.locator("tbody td").first().boundingBox())!;
    const seen = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest("td")?.textContent?.trim(),
      [rank.x + rank.width / 2, rank.y + rank.height / 2],
    );
    expect(seen).toBe("1");
    expect(rank.x + rank.width).toBeLessThanOrEqual(after.x + 1);
    await shot(page, "plain-leaderboard", width);

    // A pending pick: its verify box speaks in the future tense, and its summary is a 44 px target.
    await page.goto(`/posts/${await pendingPickId(context)}`);
    await waitForHydration(page);
    const verify = page.getByText("Verify this pick");
    expect(await heightOf(page, verify)).toBeGreaterThanOrEqual(44);
    await verify.click();
    await expect(page.getByText(/It locks when its game starts/)).toBeVisible();
    await expect(page.getByText(/It locked when its game started/)).toHaveCount(0);
    // Its calls to subscribe, in the locked card and over the comments, are 44 px targets.
    for (const subscribe of await page.getByRole("link", { name: /^Subscribe/ }).all())
      if (await subscribe.isVisible()) expect(await heightOf(page, subscribe)).toBeGreaterThanOrEqual(44);
    expect(await page.getByRole("link", { name: /^Subscribe/ }).count()).toBeGreaterThanOrEqual(2);
    await shot(page, "plain-pending-pick", width);

    if (width === 375) {
      // The phone menu: Logout is a quiet text button, a 44 px target, not the heaviest thing in it.
      await page.getByRole("button", { name: "Open menu" }).click();
      // Signed in, the menu is titled with the reader's name.
      const menu = page.getByRole("dialog", { name: "Alex Turner" });
      const logout = menu.getByRole("button", { name: "Logout" });
      await expect(logout).toBeVisible();
      expect(await heightOf(page, logout)).toBeGreaterThanOrEqual(44);
      expect(await logout.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgba(0, 0, 0, 0)");
      const becomeExpert = menu.getByRole("link", { name: "Become an expert" });
      expect(await heightOf(page, becomeExpert)).toBeGreaterThanOrEqual(44);
      await shot(page, "plain-phone-menu", width);
    }
    await context.close();
  });

  test(`at ${width} px: an expert's editor says bet types, /editor opens the editor, the business page says payments are not open yet`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const context = await signedInContext(browser, baseURL!, "LeBronPicks", width);
    const page = await context.newPage();

    // Typed in the address bar, /editor opens the editor (the page with its dialog), never JSON.
    await page.goto("/editor");
    await expect(page).toHaveURL(/\/\?createEditPost=NEW$/);
    const editor = page.getByRole("dialog", { name: /New post/i });
    // The editor is a chunk of its own (Slate): as long as the other specs give it on a busy machine.
    await expect(editor).toBeVisible({ timeout: 15_000 });
    await expect(editor.getByText("Bet types", { exact: true }).first()).toBeAttached();
    await expect(page.getByText(/Modalities/)).toHaveCount(0);
    await shot(page, "plain-editor", width);

    await page.goto("/business");
    await expect(
      page.getByText(
        "Card payments are not open yet, so there is no payment account to connect: your readers subscribe for free until they open.",
      ),
    ).toBeVisible();
    await expect(page.getByText(/switched off on this server/)).toHaveCount(0);
    await shot(page, "plain-business", width);
    await context.close();
  });

  test(`at ${width} px: the admin records a result in a form, and a refusal is said by field, in words`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const context = await signedInContext(browser, baseURL!, "sharpside.admin", width);
    const page = await context.newPage();
    // A coming game of a sport no other journey uses: it is called off below.
    const categories = (await (await context.request.get("/api/categories")).json()).items as {
      id: number;
      name: string;
    }[];
    let game: { id: number; homeTeam: string; awayTeam: string } | undefined;
    for (const sport of ["Esports", "Golf", "Tennis"]) {
      const id = categories.find((category) => category.name === sport)!.id;
      const games = (await (await context.request.get(`/api/events?categoryId=${id}&size=100`)).json()).items as {
        id: number;
        status: string;
        startsAt: string;
        homeTeam: string;
        awayTeam: string;
      }[];
      game = games
        .filter((candidate) => candidate.status === "Scheduled" && new Date(candidate.startsAt).getTime() > Date.now())
        .at(width === 375 ? 0 : -1);
      if (game) break;
    }
    expect(game, "the demo has a coming game to call off").toBeTruthy();

    await page.goto("/admin/events");
    await waitForHydration(page);
    const form = page.getByRole("form", { name: "Enter a result" });
    await expect(page.getByRole("heading", { name: "Enter a result" })).toBeVisible();
    const button = form.getByRole("button", { name: "Record result" });
    expect(await heightOf(page, button)).toBeGreaterThanOrEqual(44);

    // A final score for a game that has not started: refused on the field, in words.
    await form.getByLabel("Game").fill(String(game!.id));
    await form.getByLabel("Away score").fill("2");
    await form.getByLabel("Home score").fill("1");
    await button.click();
    await expect(form.getByLabel("Status")).toHaveAccessibleDescription(
      "An event that has not started has no final score.",
    );
    await expect(page.getByText("Some results are not valid.", { exact: true })).toBeVisible();
    await expect(page.getByText(/Violation|0\.status|business rules/)).toHaveCount(0);
    await shot(page, "plain-admin-refused", width);

    // Called off before it starts: cancelled from the same form, and the game's page says so.
    await form.getByLabel("Status").selectOption("Canceled");
    await form.getByLabel("Away score").fill("");
    await form.getByLabel("Home score").fill("");
    await button.click();
    await expect(page.getByText(/^1 result recorded, \d+ picks? graded\.$/)).toBeVisible();
    await expect(form.getByLabel("Status")).not.toHaveAttribute("aria-invalid", "true");
    await shot(page, "plain-admin-recorded", width);
    const recorded = (await (await context.request.get(`/api/events/${game!.id}`)).json()).payload as {
      status: string;
    };
    expect(recorded.status).toBe("Canceled");
    await context.close();
  });
}
