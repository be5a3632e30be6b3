import { expect, test } from "./support/test";
import { collectPageErrors, signedInContext, waitForHydration } from "./support/helpers";

/**
 * The post editor in a real browser: Enter at the end of a heading goes on in a
 * paragraph, and the published post keeps it one; a list's items stay apart in the preview text
 * that cards and search results show.
 */

// An expert no other journey writes as, so their posts change nobody else's expectations.
const AUTHOR = "FairwayFinder";

test("a heading, Enter, then text: the text is published as a paragraph, and the list's items stay apart in the preview", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const marker = `E2E${Date.now().toString(36)}`;
  const context = await signedInContext(browser, baseURL!, AUTHOR);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto("/feed?createEditPost=NEW");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "New Post/Pick" });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await dialog.getByLabel("Title").fill(`Lines to watch ${marker}`);
  await dialog.getByLabel("Category").selectOption({ label: "NBA" });

  const toolbar = dialog.getByRole("toolbar", { name: "Formatting" });
  const editor = dialog.locator('[contenteditable="true"]');
  await editor.click();
  await toolbar.getByRole("button", { name: "Heading 1" }).click();
  await page.keyboard.type("Where the value is");
  await page.keyboard.press("Enter");
  // The toolbar says so before anything is typed: the new line is a paragraph.
  await expect(toolbar.getByRole("button", { name: "Heading 1" })).toHaveAttribute("aria-pressed", "false");
  await expect(toolbar.getByRole("button", { name: "Paragraph" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type(`Pace is slow tonight ${marker}.`);
  await page.keyboard.press("Enter");
  await page.keyboard.type("Confidence: ");
  await toolbar.getByRole("button", { name: "Emoji" }).click();
  await page.getByRole("group", { name: "Emoji" }).getByRole("button", { name: "fire" }).click();
  await expect(editor.getByRole("img", { name: "fire" })).toBeVisible();
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Miami");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Pace: slower than the books think");
  await expect(editor.locator("h2")).toHaveText(["Where the value is"]);
  // The emoji is its picture, not a character.
  await expect(editor.locator("p")).toHaveText([`Pace is slow tonight ${marker}.`, /^Confidence: /]);
  await expect(editor.locator("p").nth(1).getByRole("img", { name: "fire" }).locator("img")).toHaveAttribute(
    "src",
    /1f525/,
  );

  await dialog.getByRole("button", { name: "Publish now" }).click();
  await expect(page).toHaveURL(/\/posts\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const postId = new URL(page.url()).pathname.split("/").pop()!;

  // The reader's page: one heading, then the paragraph, then the list.
  const paragraph = page.getByText(`Pace is slow tonight ${marker}.`, { exact: true });
  await expect(paragraph).toBeVisible();
  expect(await paragraph.evaluate((node) => node.tagName)).toBe("P");
  await expect(page.locator("h2", { hasText: "Where the value is" })).toBeVisible();
  await expect(page.locator("h2, h3", { hasText: marker })).toHaveCount(0);
  await expect(page.getByRole("listitem").filter({ hasText: /^Miami$/ })).toBeVisible();

  // The emoji by the picker's name, drawn from our own picture (no system emoji font needed).
  const fire = page.getByRole("img", { name: "fire" }).locator("img");
  await expect(fire).toHaveAttribute("src", /^\/assets\/1f525.*\.svg$/);
  await expect
    .poll(() => fire.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);

  // The preview text the cards and search results show keeps the items apart.
  const answer = await context.request.get(`/api/posts/${postId}`);
  expect(answer.status()).toBe(200);
  const { payload } = (await answer.json()) as { payload: { previewText: string } };
  expect(payload.previewText).toBe(
    `Where the value is Pace is slow tonight ${marker}. Confidence: Miami Pace: slower than the books think`,
  );
  expect(errors).toEqual([]);

  await context.close();
});
