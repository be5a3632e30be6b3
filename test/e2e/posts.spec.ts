import { expect, test, type Page } from "./support/test";
import sharp from "sharp";
import { presetCookieConsent, signedInContext, uniqueClientIp, waitForHydration } from "./support/helpers";

/**
 * The post journeys in a real browser, on the demo data (app/demo/seed.server.ts): LeBronPicks
 * writes a pick with an image and a YouTube embed in the editor dialog, its bet a spread on one
 * of the coming NBA games, saves a draft, then publishes it, after which only its
 * write-up can change; a visitor gets the locked view; alex.fan (subscribed to LeBronPicks)
 * reads it, comments, likes and asks notify-me, which survive a reload; the author replies.
 */

const AUTHOR = "LeBronPicks";
const SUBSCRIBER = "alex.fan";

/**
 * Writes the pick and saves it as a draft; answers its id, the team it backs and its spread ("-4.5"
 * or "+3.5"), the game's market line (the editor fills it in and the server prices it).
 */
async function writePick(
  page: Page,
  marker: string,
): Promise<{ postId: string; team: string; line: string; odds: string }> {
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
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    toolbar.getByRole("button", { name: "Image" }).click(),
  ]);
  await chooser.setFiles({ name: "chart.png", mimeType: "image/png", buffer: png });
  await expect(editor.locator("img")).toHaveCount(1, { timeout: 15_000 });
  await expect(dialog.getByLabel(/Uploading chart\.png/)).toHaveCount(0, { timeout: 15_000 });

  // A YouTube embed by URL.
  await toolbar.getByRole("button", { name: "Embed a YouTube video or X post" }).click();
  await page.getByLabel("YouTube or X (Twitter) link").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await page.getByRole("button", { name: "Embed", exact: true }).click();

  // The bet: the home side of the first coming NBA game, on the spread.
  await dialog.getByLabel("Category").selectOption({ label: "NBA" });
  await dialog.getByLabel("Market").selectOption("Spread");
  await dialog.getByRole("button", { name: "Event", exact: true }).click();
  const games = page.getByRole("group", { name: "Event" }).getByRole("radio");
  await expect(games.first()).toBeVisible();
  await games.first().click();
  const side = dialog.getByLabel("Side");
  // The sides are named after the game's teams.
  const homeOption = (await side.locator('option[value="Home"]').textContent()) ?? "";
  expect(homeOption).toMatch(/ \(home\)$/);
  const team = homeOption.replace(/ \(home\)$/, "");
  // The game's market in words beside the leg (the demo's games carry lines); choosing the side
  // fills in its consensus line and price, which the server takes.
  const market = dialog.locator('[aria-live="polite"]').filter({ hasText: /^Market: / });
  await expect(market).toContainText(new RegExp(`${team} [-+]\\d+(\\.\\d)? at [-+]\\d+ \\(\\d books?\\)`));
  await side.selectOption("Home");
  await expect(dialog.getByLabel("Line")).not.toHaveValue("");
  await expect(dialog.getByLabel("Odds")).not.toHaveValue("");
  const typedLine = await dialog.getByLabel("Line").inputValue();
  const line = Number(typedLine) > 0 ? `+${typedLine}` : typedLine;
  const odds = await dialog.getByLabel("Odds").inputValue();
  await expect(market).toContainText(`${team} ${line} at ${odds}`);
  await dialog.getByLabel("Units").fill("2");
  await expect(dialog.getByRole("status", { name: "Your pick" })).toHaveText(`${team} ${line} at ${odds}, 2 units`);

  // A draft first: the dialog stays open and now edits it.
  await dialog.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/createEditPost=[0-9a-f-]{36}/, { timeout: 15_000 });
  const postId = new URL(page.url()).searchParams.get("createEditPost")!;
  return { postId, team, line, odds };
}

test("an expert writes a pick with an image, an embed and a spread, saves a draft, publishes it, then can change only its words; a visitor is locked out, a subscriber reads it and joins in", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const marker = `E2E${Date.now().toString(36)}`;
  const authorContext = await signedInContext(browser, baseURL!, AUTHOR);
  const author = await authorContext.newPage();
  const { postId, team, line, odds } = await writePick(author, marker);

  // A draft is its author's alone: nobody else finds it, nor any of its words.
  const visitorContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
  });
  await presetCookieConsent(visitorContext, baseURL!);
  const visitor = await visitorContext.newPage();
  const draftPage = await visitor.goto(`/posts/${postId}`);
  expect(draftPage?.status()).toBe(404);
  expect(await visitor.content()).not.toContain(marker);

  // The author publishes it now from the same dialog (which now edits the draft).
  await author.getByRole("dialog", { name: "Edit pick" }).getByRole("button", { name: "Publish now" }).click();
  await expect(author).toHaveURL(new RegExp(`/posts/${postId}$`), { timeout: 15_000 });
  await expect(author.getByText(`The full analysis: ${marker}`)).toBeVisible();

  // Posted: the bet is on the record. The editor shows it read-only; the words can still change.
  await author.goto(`/posts/${postId}?createEditPost=${postId}`);
  await waitForHydration(author);
  const dialog = author.getByRole("dialog", { name: "Edit pick" });
  await expect(dialog.getByLabel("Title")).toHaveValue("Celtics-Lakers: the side I am on", { timeout: 15_000 });
  await expect(
    dialog.getByText("Posted picks keep their bet: you can still edit the write-up until the event starts."),
  ).toBeVisible();
  for (const locked of [
    dialog.getByLabel("Market"),
    dialog.getByLabel("Side"),
    dialog.getByLabel("Line"),
    dialog.getByLabel("Odds"),
    dialog.getByLabel("Units"),
    dialog.getByLabel("Category"),
  ]) {
    await expect(locked).toBeDisabled();
  }
  await expect(dialog.getByRole("status", { name: "Your pick" })).toHaveText(`${team} ${line} at ${odds}, 2 units`);
  await expect(dialog.getByRole("button", { name: "Publish now" })).toHaveCount(0);
  await dialog.getByLabel("Title").fill("Celtics-Lakers: the side I am on, and why");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(author).toHaveURL(new RegExp(`/posts/${postId}$`), { timeout: 15_000 });
  await expect(author.getByRole("heading", { name: "Celtics-Lakers: the side I am on, and why" })).toBeVisible();

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
  await expect(reader.getByText(`${team} ${line}`).first()).toBeVisible();

  // Like and notify-me, optimistic, and still on after a reload.
  const like = reader.getByRole("button", { name: /^Like \(/ });
  const liked = reader.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new URL(response.url()).pathname.startsWith(`/posts/${postId}/like`),
  );
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await liked;
  const notify = reader.getByRole("button", { name: "Notify me" });
  await notify.click();
  await expect(notify).toHaveAttribute("aria-pressed", "true");
  await expect(reader.getByRole("button", { name: /^Like \(1 like\)/ })).toBeVisible();
  // The server's answer (its toast: a live pick not graded yet brings its result), before the reload could cut the request short.
  await expect(reader.getByText("We will notify you when this pick is graded.")).toBeVisible();
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
  await author
    .getByRole("textbox", { name: "Reply to Alex Turner" })
    .fill("Road teams on a back-to-back cover 44% here.");
  await author.getByRole("button", { name: "Reply", exact: true }).click();
  const replies = author.getByRole("list", { name: "Replies to Alex Turner" });
  await expect(replies).toContainText("Road teams on a back-to-back cover 44% here.");

  // The reader sees the reply after a reload, and the comment survives it.
  await reader.reload();
  await expect(reader.getByRole("list", { name: "Replies to Alex Turner" })).toContainText(
    "Road teams on a back-to-back",
  );

  // A posted pick is never deleted: withdrawn before its game, it stays off the record.
  const withdrawn = await authorContext.request.post(`/api/posts/${postId}/withdraw`, {
    headers: { Origin: baseURL! },
  });
  expect(withdrawn.status()).toBe(200);
  await Promise.all([authorContext.close(), visitorContext.close(), subscriberContext.close()]);
});
