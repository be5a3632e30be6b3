/**
 * The emoji picker's grid: common reactions and sports, each with the name screen readers say.
 * Each is drawn from the same picture everywhere (Twemoji's SVG, served from our own origin), not
 * by whatever emoji font the reader's system has, or lacks: the picker and a published post look
 * the same on every screen. Twemoji graphics: CC-BY 4.0 (credited in the footer).
 */
export const EMOJI: readonly { emoji: string; name: string }[] = [
  { emoji: "🔥", name: "fire" },
  { emoji: "💰", name: "money bag" },
  { emoji: "✅", name: "check mark" },
  { emoji: "❌", name: "cross mark" },
  { emoji: "🎯", name: "bullseye" },
  { emoji: "📈", name: "chart increasing" },
  { emoji: "📉", name: "chart decreasing" },
  { emoji: "🔒", name: "lock" },
  { emoji: "🚀", name: "rocket" },
  { emoji: "💎", name: "gem" },
  { emoji: "🏆", name: "trophy" },
  { emoji: "⚡", name: "high voltage" },
  { emoji: "👀", name: "eyes" },
  { emoji: "🤔", name: "thinking face" },
  { emoji: "😂", name: "face with tears of joy" },
  { emoji: "😎", name: "smiling face with sunglasses" },
  { emoji: "😬", name: "grimacing face" },
  { emoji: "🙌", name: "raising hands" },
  { emoji: "👍", name: "thumbs up" },
  { emoji: "👎", name: "thumbs down" },
  { emoji: "💪", name: "flexed biceps" },
  { emoji: "🙏", name: "folded hands" },
  { emoji: "🏈", name: "american football" },
  { emoji: "🏀", name: "basketball" },
  { emoji: "⚾", name: "baseball" },
  { emoji: "🏒", name: "ice hockey" },
  { emoji: "⚽", name: "soccer ball" },
  { emoji: "🥊", name: "boxing glove" },
  { emoji: "🎾", name: "tennis" },
  { emoji: "⛳", name: "flag in hole" },
  { emoji: "🎮", name: "video game" },
  { emoji: "📊", name: "bar chart" },
];

/** The pictures of the grid's emoji only, each its own file under /assets (not inlined in the bundle). */
const PICTURES = import.meta.glob<string>(
  "/node_modules/@twemoji/svg/{1f525,1f4b0,2705,274c,1f3af,1f4c8,1f4c9,1f512,1f680,1f48e,1f3c6,26a1,1f440,1f914,1f602,1f60e,1f62c,1f64c,1f44d,1f44e,1f4aa,1f64f,1f3c8,1f3c0,26be,1f3d2,26bd,1f94a,1f3be,26f3,1f3ae,1f4ca}.svg",
  { query: "?no-inline", import: "default", eager: true },
);

/** Twemoji's file name: the code points in hex, without the emoji presentation selector. */
const codePoints = (emoji: string) =>
  [...emoji]
    .map((character) => character.codePointAt(0)!.toString(16))
    .filter((point) => point !== "fe0f")
    .join("-");

/** The picture of one of the grid's emoji, or null for any other (it stays text). */
export function emojiPicture(emoji: string): string | null {
  return PICTURES[`/node_modules/@twemoji/svg/${codePoints(emoji)}.svg`] ?? null;
}
