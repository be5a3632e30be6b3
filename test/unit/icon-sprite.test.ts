/**
 * The icon sprite (scripts/icon-sprite.ts) holds exactly the icons app/components/ui/icons.tsx
 * names, as lucide draws them, and the app draws its icons only through that module.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildSprite, ICONS_MODULE, iconIds, SPRITE_FILE } from "../../scripts/icon-sprite";

describe("the icon sprite", () => {
  it("is up to date with icons.tsx (else run `npm run icons`)", () => {
    const ids = iconIds(readFileSync(ICONS_MODULE, "utf8"));
    expect(ids.length).toBeGreaterThan(30);
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(buildSprite(ids));
  });

  it("refuses an id lucide does not have, rather than drawing nothing", () => {
    expect(() => buildSprite(["no-such-icon"])).toThrow('lucide has no icon "no-such-icon"');
  });

  it("is the only way into lucide: no file of the app imports lucide-react", () => {
    const app = path.resolve(path.dirname(ICONS_MODULE), "../..");
    const files = readdirSync(app, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
    const importing = files.filter((file) => /from "lucide-react"/.test(readFileSync(path.join(app, file), "utf8")));
    expect(importing).toEqual([]);
  });
});
