// Renders the app icons in public/icons/ from public/favicon.svg (run by hand when the logo
// changes: node scripts/make-icons.js). The PNGs are committed; the web manifest names them.
import { readFileSync } from "node:fs";
import sharp from "sharp";

const svg = readFileSync(new URL("../public/favicon.svg", import.meta.url));
const out = (name) => new URL(`../public/icons/${name}`, import.meta.url).pathname;

for (const size of [192, 512])
  await sharp(svg, { density: 1200 })
    .resize(size, size)
    .png()
    .toFile(out(`icon-${size}.png`));
await sharp(svg, { density: 1200 })
  .resize(180, 180)
  .flatten({ background: "#10b981" })
  .png()
  .toFile(out("apple-touch-icon.png"));
// Maskable: the logo inside the safe zone (80 %) on the brand colour, edge to edge.
const inner = await sharp(svg, { density: 1200 }).resize(384, 384).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: "#10b981" } })
  .composite([{ input: inner, gravity: "centre" }])
  .png()
  .toFile(out("maskable-512.png"));
console.log("icons written to public/icons/");

// The share card (Open Graph / Twitter, 1200×630) for pages without a picture of their own; served
// through the image proxy like every other image (app/modules/seo/meta.ts).
const logo = await sharp(svg, { density: 1200 }).resize(160, 160).png().toBuffer();
const card = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <rect width="1200" height="630" fill="#0b1220"/>
  <rect x="0" y="598" width="1200" height="32" fill="#10b981"/>
  <text x="296" y="262" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="96" fill="#ffffff">SHARPSIDE</text>
  <text x="100" y="400" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="46" fill="#e2e8f0">Professional Handicappers</text>
  <text x="100" y="470" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="34" fill="#94a3b8">Free posts, subscriber picks and a record no one can doctor</text>
</svg>`;
await sharp(Buffer.from(card))
  .composite([{ input: logo, left: 100, top: 150 }])
  .png({ compressionLevel: 9 })
  .toFile(new URL("../public/share-card.png", import.meta.url).pathname);
console.log("share card written to public/share-card.png");
