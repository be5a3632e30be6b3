import { expect, test, type APIRequestContext, type Page } from "./support/test";

/**
 * Found by search engines: robots.txt, the sitemap, and JSON-LD on the
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

  const posts = (await (await request.get("/api/posts?size=50")).json()) as {
    items: { id: string; postType: string; publishDate: string }[];
  };
  const live = posts.items.filter((post) => new Date(post.publishDate).getTime() <= Date.now());
  const free = live.find((post) => post.postType === "Post")!;
  const pick = live.find((post) => post.postType === "Pick")!;
  await page.goto(`/posts/${free.id}`);
  expect(await jsonLd(page)).toEqual([expect.objectContaining({ "@type": "Article", isAccessibleForFree: true })]);
  await page.goto(`/posts/${pick.id}`);
  expect(await jsonLd(page)).toEqual([
    expect.objectContaining({
      "@type": "Article",
      isAccessibleForFree: false,
      hasPart: expect.objectContaining({ cssSelector: ".paywalled-content" }),
    }),
  ]);
});

test("installable: the page names its web manifest, which names the app and icons that load", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  const response = await request.get(href!);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ start_url: "/", display: "standalone" });
  expect(manifest.name.length).toBeGreaterThan(0);
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(manifest.icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"]).toBe(icon.type);
  }
  expect(
    (await request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute("href")) ?? "")).status(),
  ).toBe(200);
});

/** The server-rendered head's canonical link and share-card tags, as a crawler reads them (no JavaScript). */
async function shareTags(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const attribute = (selector: RegExp) => selector.exec(head)?.[1]?.replace(/&amp;/g, "&");
  return {
    canonical: attribute(/<link rel="canonical" href="([^"]+)"/),
    ogTitle: attribute(/<meta property="og:title" content="([^"]*)"/),
    ogImage: attribute(/<meta property="og:image" content="([^"]+)"/),
    ogImageAlt: attribute(/<meta property="og:image:alt" content="([^"]*)"/),
    twitterCard: attribute(/<meta name="twitter:card" content="([^"]+)"/),
    twitterImage: attribute(/<meta name="twitter:image" content="([^"]+)"/),
  };
}

test("every page type has its canonical address and a share card whose image the proxy serves", async ({
  request,
  baseURL,
}) => {
  const posts = (await (await request.get("/api/posts?size=50")).json()) as {
    items: { id: string; postType: string; publishDate: string; eventId: number | null }[];
  };
  const live = posts.items.filter((post) => new Date(post.publishDate).getTime() <= Date.now());
  const free = live.find((post) => post.postType === "Post")!;
  const pick = live.find((post) => post.postType === "Pick")!;
  const event = live.find((post) => post.eventId !== null)!;
  const pages = [
    "/",
    "/discover-experts",
    "/leaderboard",
    "/verify",
    "/experts/LeBronPicks",
    `/posts/${free.id}`,
    `/posts/${pick.id}`,
    `/events/${event.eventId}`,
    "/privacy",
    "/terms",
    "/contacts",
    "/partners",
    "/become-partner",
    "/sign-in",
    "/sign-up",
  ];
  for (const path of pages) {
    const tags = await shareTags(request, path);
    expect(tags.canonical, path).toBe(`${baseURL}${path}`);
    expect(tags.ogTitle, path).toBeTruthy();
    expect(tags.ogImageAlt, path).toBeTruthy();
    expect(tags.twitterCard, path).toMatch(/^summary(_large_image)?$/);
    expect(tags.twitterImage, path).toBe(tags.ogImage);
    // An absolute address of the image proxy, which answers with a picture a crawler can read.
    expect(tags.ogImage, path).toMatch(new RegExp(`^${baseURL}/img\\?src=`));
    const image = await request.get(tags.ogImage!, { headers: { Accept: "image/*" } });
    expect(image.status(), `${path}: ${tags.ogImage}`).toBe(200);
    expect(image.headers()["content-type"], path).toMatch(/^image\/(png|jpeg)$/);
  }
});
