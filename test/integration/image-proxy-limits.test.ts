/**
 * What a render may cost (docs/security.md): renders are rate-limited per IP (cached
 * variants are not), SVG is drawn only from the site's own files, and the disk cache is pruned to
 * its cap, least recently used first.
 */
import type { AppLoadContext } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneImageCache } from "~/modules/images/image-cache.server";
import * as imgRoute from "~/routes/img";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "sharpside-img-limits-"));
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A file put straight where the local storage driver keeps `key` (as a bucket upload would be). */
function storeUpload(bytes: Buffer | string, extension = "png"): string {
  const key = `uploads/${randomUUID()}/${randomUUID()}.${extension}`;
  const file = path.join(dataDir, key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return key;
}

const png = (width: number) =>
  sharp({ create: { width, height: width, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

async function getImage(context: AppLoadContext, query: Record<string, string>) {
  const request = new Request(`http://localhost/img?${new URLSearchParams(query)}`, {
    headers: { Accept: "image/webp" },
  });
  const response = await imgRoute.loader({ request, params: {}, context });
  return {
    status: response.status,
    headers: response.headers,
    text: response.status === 200 ? "" : await response.text(),
  };
}

describe(`image proxy limits (${testDatabaseEngine()})`, () => {
  it("limits renders per IP, not cached variants, and answers 429 with Retry-After", async () => {
    const limited = {
      ...makeLoadContext(database.db, { DATA_DIR: dataDir, RATE_LIMIT_IMAGE_RENDER: "3/300" }),
      clientIp: "198.51.100.7",
    };
    const key = storeUpload(await png(600));
    for (const w of ["64", "96", "128"])
      expect((await getImage(limited, { src: key, w, q: "75" })).headers.get("X-Image-Cache")).toBe("miss");
    const refused = await getImage(limited, { src: key, w: "160", q: "75" });
    expect(refused.status).toBe(429);
    expect(refused.text).toBe("Too many new images. Try again later.");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    // What is cached is still served to that IP; another IP may render.
    const cached = await getImage(limited, { src: key, w: "96", q: "75" });
    expect([cached.status, cached.headers.get("X-Image-Cache")]).toEqual([200, "hit"]);
    const other = await getImage({ ...limited, clientIp: "198.51.100.8" }, { src: key, w: "160", q: "75" });
    expect(other.status).toBe(200);
  });

  it("never draws an SVG from an upload, only the site's own", async () => {
    const context = makeLoadContext(database.db, { DATA_DIR: dataDir });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>`;
    // An SVG under an image name, as a direct bucket upload could leave before it is checked.
    const disguised = await getImage(context, { src: storeUpload(svg, "png"), w: "64", q: "75" });
    expect(disguised.status).toBe(415);
    expect(disguised.text).toBe("The source is not an image.");
    expect((await getImage(context, { src: "/avatars/Jordan.svg", w: "64", q: "75" })).status).toBe(200);
  });

  it("prunes the disk cache to its cap, the least recently used variants first", async () => {
    const context = makeLoadContext(database.db, { DATA_DIR: dataDir, RATE_LIMIT_IMAGE_RENDER: "1000/60" });
    const key = storeUpload(await png(1000));
    const widths = ["256", "320", "480", "640", "768"];
    for (const w of widths) expect((await getImage(context, { src: key, w, q: "80" })).status).toBe(200);
    const cacheRoot = path.join(dataDir, "image-cache");
    const variants = () =>
      readdirSync(cacheRoot, { recursive: true })
        .map((name) => path.join(cacheRoot, String(name)))
        .filter((file) => statSync(file).isFile());
    const before = await pruneImageCache(context.env, Number.MAX_SAFE_INTEGER);
    expect(before.removed).toBe(0);
    expect(before.files).toBe(variants().length);

    // Every variant last used a day ago, then the 768 px one asked for again: it is the newest.
    const dayAgo = new Date(Date.now() - 86_400_000);
    for (const file of variants()) utimesSync(file, dayAgo, dayAgo);
    const hit = await getImage(context, { src: key, w: "768", q: "80" });
    expect(hit.headers.get("X-Image-Cache")).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 50)); // the hit marks its use without waiting
    const recent = variants().filter((file) => statSync(file).mtimeMs > dayAgo.getTime());
    expect(recent).toHaveLength(1);

    // Pruning stops under 90% of the cap: room for the newest variant only.
    const cap = Math.ceil(statSync(recent[0]).size / 0.9) + 10;
    const pruned = await pruneImageCache(context.env, cap);
    expect(pruned.removed).toBe(before.files - 1);
    expect(variants()).toEqual(recent);
    expect((await getImage(context, { src: key, w: "768", q: "80" })).headers.get("X-Image-Cache")).toBe("hit");
    expect((await getImage(context, { src: key, w: "256", q: "80" })).headers.get("X-Image-Cache")).toBe("miss");
  });
});
