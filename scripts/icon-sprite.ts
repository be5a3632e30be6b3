/**
 * The icon sprite: one `<symbol>` per icon that app/components/ui/icons.tsx names, drawn by
 * lucide. Pages then write `<svg><use href="sprite#id"/></svg>` (about 120 bytes) instead of each
 * icon's paths (about 420), and the browser keeps the sprite with the other built assets.
 *
 *   npm run icons     (after adding an icon to icons.tsx; a unit test fails until it is run)
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as lucide from "lucide-react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const ICONS_MODULE = path.join(root, "app/components/ui/icons.tsx");
export const SPRITE_FILE = path.join(root, "app/components/ui/icon-sprite.svg");

/** The lucide ids icons.tsx asks for (`spriteIcon("heart")`), each once, sorted. */
export function iconIds(source: string): string[] {
  return [...new Set([...source.matchAll(/spriteIcon\("([a-z0-9-]+)"\)/g)].map((match) => match[1]))].sort();
}

/** lucide's component of an id: heart → Heart, circle-check → CircleCheck. */
function lucideIcon(id: string): ComponentType {
  const name = id
    .split("-")
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join("");
  const icon = (lucide as unknown as Record<string, ComponentType | undefined>)[name];
  if (!icon) throw new Error(`lucide has no icon "${id}" (${name})`);
  return icon;
}

export function buildSprite(ids: string[]): string {
  const symbols = ids.map((id) => {
    const svg = renderToStaticMarkup(createElement(lucideIcon(id)));
    const inner = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    return `<symbol id="${id}" viewBox="0 0 24 24">${inner}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ids = iconIds(readFileSync(ICONS_MODULE, "utf8"));
  writeFileSync(SPRITE_FILE, buildSprite(ids));
  console.log(`${path.relative(root, SPRITE_FILE)}: ${ids.length} icons`);
}
