import { expect, test } from "./support/test";
import { PASSWORD, codeIn, mailFor, uniqueEmail } from "./support/accounts";
import { contextAtWidth, waitForHydration } from "./support/helpers";

/**
 * A new reader's first home: no "Your feed is empty" dead end, but experts to follow with their
 * verified records, the leaderboard's top and free posts; one tap on Follow, and the home becomes
 * the feed of that expert's posts.
 */
for (const width of [1440, 375] as const) {
  test(`at ${width} px: a new reader's home offers experts, the leaderboard and free posts; one Follow fills the feed`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const context = await contextAtWidth(browser, baseURL!, width);
    const page = await context.newPage();
    const email = uniqueEmail(`first-home-${width}`);
    const signUp = await page.request.post("/api/users", {
      headers: { Origin: baseURL! },
      data: { user: { email, fullName: "Nova Reader", password: PASSWORD, passwordConfirmation: PASSWORD } },
    });
    expect(signUp.status()).toBe(201);
    await page.goto("/email-verification");
    await page.getByLabel("Verification code").fill(codeIn(await mailFor(email)));
    await page.getByRole("link", { name: "Done" }).click();

    await expect(page).toHaveURL("/");
    await waitForHydration(page);
    await expect(page.getByText("Your feed starts here.")).toBeVisible();
    await expect(page.getByText("Your feed is empty")).toHaveCount(0);
    const experts = page.getByRole("region", { name: "Experts to follow" });
    const firstCard = experts.getByRole("article").first();
    await expect(firstCard).toBeVisible();
    // Each card carries the expert's verified record.
    await expect(firstCard.getByText("W-L-P")).toBeVisible();
    await expect(page.getByRole("heading", { name: /Most units won, last 30 days/ })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Free posts worth reading" }).getByRole("article").first(),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`first-home-${width}.png`), fullPage: true });

    // One tap follows; the home is then the feed, the expert's posts in it.
    const follow = firstCard.getByRole("button", { name: "Follow" });
    const box = await follow.boundingBox();
    expect(box!.height, "Follow is a finger's target").toBeGreaterThanOrEqual(44);
    const written = page.waitForResponse((response) => response.request().method() === "POST");
    await follow.click();
    expect((await written).ok()).toBe(true);
    // The page reloads its data after the write: the expert's posts make the home the feed at once…
    const feed = page.getByRole("list", { name: "Feed" }).getByRole("article").first();
    await expect(feed).toBeVisible();
    await expect(page.getByText("Your feed starts here.")).toHaveCount(0);
    // …and after a reload.
    await page.reload();
    await expect(feed).toBeVisible();
    await expect(page.getByText("Your feed starts here.")).toHaveCount(0);
    await context.close();
  });
}
