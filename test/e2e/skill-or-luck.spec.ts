import { expect, test } from "./support/test";
import { contextAtWidth, waitForHydration } from "./support/helpers";

/**
 * Skill or luck on the demo's records: the job computes every expert's chance by luck shortly
 * after start; the API, the expert page's record and the leaderboard (ordered by it) show it.
 */
const VERDICT = /^(Too few picks to tell|Could be luck|Likely skill|Strong evidence of skill)$/;

for (const width of [1440, 375] as const) {
  test(`at ${width} px: the expert page and the leaderboard say how likely each record is by luck`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const context = await contextAtWidth(browser, baseURL!, width);
    const page = await context.newPage();

    // Every demo expert's record carries it once the job has run (it starts 5 s after the server,
    // then every 30 s; other tests' grades make their experts' rows wait for the next round).
    const experts = (await (await page.request.get("/api/experts?size=50")).json()).items as { id: string }[];
    await expect(async () => {
      for (const { id } of experts) {
        const { payload } = await (await page.request.get(`/api/experts/${id}`)).json();
        expect(payload.record.confidence.verdict).toMatch(VERDICT);
        if (payload.record.confidence.gradedPicks > 0) expect(payload.record.confidence.chanceByLuck).not.toBeNull();
      }
    }).toPass({ timeout: 75_000 });

    await page.goto("/experts/LeBronPicks?graded=1#verified-record-heading");
    await waitForHydration(page);
    const panel = page.getByRole("region", { name: "Skill or luck? (all sports, all time)" });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(VERDICT)).toBeVisible();
    await expect(panel).toContainText("graded verified picks, ROI");
    await expect(panel).toContainText("A bettor with no edge");
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`skill-or-luck-expert-${width}.png`) });

    await page.goto("/leaderboard?window=all&sort=luck");
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: "Least likely luck" })).toHaveAttribute("aria-current", "page");
    const rows = page.getByRole("table").first().getByRole("row");
    await expect(rows.nth(1).getByText(VERDICT)).toBeVisible();
    // Least likely by luck first.
    const chances = await page
      .getByRole("table")
      .first()
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => {
          const match = /([\d.]+)% by luck|under 0\.1% by luck/.exec(tr.textContent ?? "");
          return match ? (match[1] ? Number(match[1]) : 0) : Infinity;
        }),
      );
    expect(chances.length).toBeGreaterThan(0);
    expect(chances).toEqual([...chances].sort((a, b) => a - b));
    await page.screenshot({ path: test.info().outputPath(`skill-or-luck-leaderboard-${width}.png`) });
    await context.close();
  });
}
