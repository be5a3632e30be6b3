/**
 * The visitors' page cache ignores cookies the app never reads and bypasses every other cookie of
 * the app but the display preferences (server/page-cache.ts). That holds only while every cookie
 * the app names is `ss_…` or one of those preferences: this reads the app's source for each
 * cookie name it defines, reads or sets.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_COOKIE_PREFIX, PUBLIC_COOKIES } from "../../server/page-cache";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : /\.tsx?$/.test(name) ? [file] : [];
  });
}

const NAMED = [/COOKIE\s*=\s*"([^"]+)"/g, /readCookie\([^,]+,\s*"([^"]+)"/g, /preferenceCookie\(\s*"([^"]+)"/g];

describe("the app's cookie names", () => {
  const names = new Set<string>();
  for (const file of sourceFiles(path.resolve("app"))) {
    const text = readFileSync(file, "utf8");
    for (const pattern of NAMED) for (const match of text.matchAll(pattern)) names.add(match[1]);
  }

  it("are found (the scan reads what it should)", () => {
    expect([...names]).toEqual(
      expect.arrayContaining(["ss_access", "ss_refresh", "sidebar", "timeZone", "cookieConsent"]),
    );
  });

  it("each start with the app's prefix or are a display preference the page cache keys on", () => {
    const stray = [...names].filter(
      (name) => !name.startsWith(APP_COOKIE_PREFIX) && !(PUBLIC_COOKIES as readonly string[]).includes(name),
    );
    expect(stray).toEqual([]);
  });
});
