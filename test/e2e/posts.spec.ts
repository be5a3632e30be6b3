import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { presetCookieConsent, signedInContext, uniqueClientIp, waitForHydration } from "./support/helpers";

/**
 * Issue 5's journeys in a real browser, on the demo data (app/db/seed.server.ts): LeBronPicks
 * writes a pick with an image and a YouTube embed in the editor dialog, schedules it, then
 * publishes it; a visitor gets the locked view; alex.fan (subscribed to LeBronPicks) reads it,
 * comments, likes and asks notify-me, which survive a reload; the author replies.
 */

const AUTHOR = "LeBronPicks";
const SUBSCRIBER = "alex.fan";


/** A `YYYY-MM-DDTHH:mm` value for a datetime-local input, in the browser's (UTC here) time. */
function localInputValue(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function writePick(page: Page, marker: string): Promise<string> {
  await page.goto("/feed?createEditPost=NEW");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "New Post/Pick" });
  await expect(dialog).toBeVisible({ timeout: 15_000 });

  await dialog.getByRole("radio", { name: "Pick" }).check({ force: true });
  await dialog.getByLabel("Title").fill("Celtics-Lakers: the side I am on");

  const editor = dialog.locator('[contenteditable="true"]');
  await editor.click();
  // The first 300 characters are the preview everyone sees; the analysis comes after them.
  await page.keyboard.type("Rest days favour the home side tonight. ");
  await page.keyboard.insertText("The numbers agree. ".repeat(15));
  await page.keyboard.press("Enter");
  await page.keyboard.type(`The full analysis: ${marker}`);
  await page.keyboard.press("Enter");

  // An image through the presign → upload → metadata flow, with its progress.
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: { r: 20, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  const toolbar = dialog.getByRole("toolbar", { name: "Formatting" });
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), toolbar.getByRole("button", { name: "Image" }).click()]);
  await chooser.setFiles({ name: "chart.png", mimeType: "image/png", buffer: png });
  await expect(editor.locator("img")).toHaveCount(1, { timeout: 15_000 });
  await expect(dialog.getByLabel(/Uploading chart\.png/)).toHaveCount(0, { timeout: 15_000 });

  // A YouTube embed by URL.
  await toolbar.getByRole("button", { name: "Embed a YouTube video or X post" }).click();
  await page.getByLabel("YouTube or X (Twitter) link").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await page.getByRole("button", { name: "Embed", exact: true }).click();

  await dialog.getByLabel("Category").selectOption({ label: "NBA" });
  await dialog.getByLabel("Event").click();
  const games = page.getByRole("group", { name: "Event" }).getByRole("radio");
  await expect(games.nth(1)).toBeVisible();
  // The last game of the list starts furthest away: there is room to schedule before it.
  await games.last().click();
  await dialog.getByLabel("Selection").fill("Lakers -4.5");
  await dialog.getByLabel("Odds").fill("-110");
  await dialog.getByLabel("Units").fill("2");

  // Schedule it ten minutes ahead.
  await dialog.getByRole("button", { name: "Schedule…" }).click();
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await dialog.getByLabel("Publish at").fill(localInputValue(new Date(Date.now() + 10 * 60_000), timeZone));
  await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page).toHaveURL(/\/posts\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const postId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByText(/Scheduled for/)).toBeVisible();
  return postId;
}

test("an expert writes a pick with an image and an embed, schedules it, publishes it; a visitor is locked out, a subscriber reads it and joins in", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const marker = `E2E${Date.now().toString(36)}`;
  const authorContext = await signedInContext(browser, baseURL!, AUTHOR);
  const author = await authorContext.newPage();
  const postId = await writePick(author, marker);

  // Before it goes live, others get a teaser: the title, never the analysis.
  const visitorContext = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() } });
  await presetCookieConsent(visitorContext, baseURL!);
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/posts/${postId}`);
  await expect(visitor.getByText("This pick is not live yet")).toBeVisible();
  expect(await visitor.content()).not.toContain(marker);

  // The author publishes it now from the editor.
  await author.goto(`/posts/${postId}?createEditPost=${postId}`);
  await waitForHydration(author);
  const dialog = author.getByRole("dialog", { name: "Edit pick" });
  await expect(dialog.getByLabel("Title")).toHaveValue("Celtics-Lakers: the side I am on", { timeout: 15_000 });
  await dialog.getByRole("button", { name: "Publish now" }).click();
  await expect(author).toHaveURL(new RegExp(`/posts/${postId}$`), { timeout: 15_000 });
  await expect(author.getByText(/Scheduled for/)).toHaveCount(0);
  await expect(author.getByText(`The full analysis: ${marker}`)).toBeVisible();

  // A visitor: the locked view with the preview and a way to subscribe; no analysis anywhere.
  await visitor.reload();
  await expect(visitor.getByText("This pick is for subscribers")).toBeVisible();
  await expect(visitor.getByText("Rest days favour the home side tonight.")).toBeVisible();
  // Not in the text, the loader data or the meta tags.
  expect(await visitor.content()).not.toContain(marker);
  await expect(visitor.locator('iframe[src*="youtube"]')).toHaveCount(0);

  // The subscriber reads all of it: text, image and the video.
  const subscriberContext = await signedInContext(browser, baseURL!, SUBSCRIBER);
  const reader = await subscriberContext.newPage();
  await reader.goto(`/posts/${postId}`);
  await waitForHydration(reader);
  await expect(reader.getByText(`The full analysis: ${marker}`)).toBeVisible();
  await expect(reader.locator('article img[src*="/img"]').first()).toBeVisible();
  await expect(reader.locator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toHaveCount(1);
  await expect(reader.getByText("Lakers -4.5").first()).toBeVisible();

  // Like and notify-me, optimistic, and still on after a reload.
  const like = reader.getByRole("button", { name: /^Like \(/ });
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  const notify = reader.getByRole("button", { name: "Notify me" });
  await notify.click();
  await expect(notify).toHaveAttribute("aria-pressed", "true");
  await expect(reader.getByRole("button", { name: /^Like \(1 like\)/ })).toBeVisible();
  await reader.reload();
  await waitForHydration(reader);
  await expect(reader.getByRole("button", { name: /^Like \(/ })).toHaveAttribute("aria-pressed", "true");
  await expect(reader.getByRole("button", { name: "Notify me" })).toHaveAttribute("aria-pressed", "true");

  // A comment, then the author's reply to it.
  await reader.getByLabel("Add a comment").fill("Tailing this one. What about the rest-day edge on the road?");
  await reader.getByRole("button", { name: "Post comment" }).click();
  await expect(reader.getByRole("article", { name: "Comment by Alex Turner" })).toContainText("Tailing this one.");

  await author.reload();
  await waitForHydration(author);
  await author.getByRole("button", { name: "Reply to Alex Turner" }).click();
  await author.getByRole("textbox", { name: "Reply to Alex Turner" }).fill("Road teams on a back-to-back cover 44% here.");
  await author.getByRole("button", { name: "Reply", exact: true }).click();
  const replies = author.getByRole("list", { name: "Replies to Alex Turner" });
  await expect(replies).toContainText("Road teams on a back-to-back cover 44% here.");

  // The reader sees the reply after a reload, and the comment survives it.
  await reader.reload();
  await expect(reader.getByRole("list", { name: "Replies to Alex Turner" })).toContainText("Road teams on a back-to-back");

  // Clean up so the demo data stays as seeded for other tests.
  const removed = await authorContext.request.delete(`/api/posts/${postId}`, { headers: { Origin: baseURL! } });
  expect(removed.status()).toBe(200);
  await Promise.all([authorContext.close(), visitorContext.close(), subscriberContext.close()]);
});
