// Renders the app icons in public/icons/ from public/favicon.svg (run by hand when the logo
// changes: node scripts/make-icons.js). The PNGs are committed; the web manifest names them.
import { readFileSync } from "node:fs";
import sharp from "sharp";

const svg = readFileSync(new URL("../public/favicon.svg", import.meta.url));
const out = (name) => new URL(`../public/icons/${name}`, import.meta.url).pathname;

for (const size of [192, 512]) await sharp(svg, { density: 1200 }).resize(size, size).png().toFile(out(`icon-${size}.png`));
await sharp(svg, { density: 1200 }).resize(180, 180).flatten({ background: "#10b981" }).png().toFile(out("apple-touch-icon.png"));
// Maskable: the logo inside the safe zone (80 %) on the brand colour, edge to edge.
const inner = await sharp(svg, { density: 1200 }).resize(384, 384).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#10b981" } }).composite([{ input: inner, gravity: "centre" }]).png().toFile(out("maskable-512.png"));
console.log("icons written to public/icons/");
