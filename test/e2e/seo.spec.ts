import { expect, test, type Page } from "@playwright/test";

/**
 * Found by search engines (issue 10, first part): robots.txt, the sitemap, and JSON-LD on the
 * expert and post pages (a pick marked as paywalled), read from the server-rendered HTML.
 */
async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test("robots.txt, the sitemap and JSON-LD for experts, free posts and picks", async ({ page, request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.headers()["content-type"]).toContain("text/plain");
  expect(await robots.text()).toMatch(/^Sitemap: http:\/\/localhost:\d+\/sitemap\.xml$/m);
  const index = await request.get("/sitemap.xml");
  expect(index.headers()["content-type"]).toContain("application/xml");
  expect(await index.text()).toContain("/sitemap/experts-1.xml");
  const experts = await (await request.get("/sitemap/experts-1.xml")).text();
  expect(experts).toContain("/experts/LeBronPicks</loc>");

  await page.goto("/experts/LeBronPicks");
  expect(await jsonLd(page)).toEqual([expect.objectContaining({ "@type": "Person", alternateName: "@LeBronPicks" })]);

  const posts = (await (await request.get("/api/posts?size=50")).json()) as { items: { id: string; postType: string; publishDate: string }[] };
  const live = posts.items.filter((post) => new Date(post.publishDate).getTime() <= Date.now());
  const free = live.find((post) => post.postType === "Post")!;
  const pick = live.find((post) => post.postType === "Pick")!;
  await page.goto(`/posts/${free.id}`);
  expect(await jsonLd(page)).toEqual([expect.objectContaining({ "@type": "Article", isAccessibleForFree: true })]);
  await page.goto(`/posts/${pick.id}`);
  expect(await jsonLd(page)).toEqual([
    expect.objectContaining({ "@type": "Article", isAccessibleForFree: false, hasPart: expect.objectContaining({ cssSelector: ".paywalled-content" }) }),
  ]);
});
