/**
 * The demo's words: free posts in four shapes (a short take, a numbered list of trends, a
 * breakdown under headings, a quote with a comment) and the write-ups of picks, each in its
 * sport's vocabulary and naming real-looking sides. Slate documents, as the editor makes them.
 */
import type { SportWords } from "./words";
import { OTHER_SPORT_WORDS } from "./words-other-sports";
import { TEAM_SPORT_WORDS } from "./words-team-sports";

const WORDS: Record<string, SportWords> = { ...TEAM_SPORT_WORDS, ...OTHER_SPORT_WORDS };

export const POST_SHAPES = ["take", "trends", "breakdown", "quote"] as const;
export type PostShape = (typeof POST_SHAPES)[number];

type Block = { type: string; children: ({ text: string } | Block)[] };
const paragraph = (text: string): Block => ({ type: "paragraph", children: [{ text }] });
const heading = (text: string): Block => ({ type: "heading-two", children: [{ text }] });
const quote = (text: string): Block => ({ type: "block-quote", children: [{ text }] });
const numbered = (items: string[]): Block => ({
  type: "numbered-list",
  children: items.map((text) => ({ type: "list-item", children: [{ text }] })),
});

function wordsOf(sport: string): SportWords {
  return WORDS[sport] ?? WORDS.Esports;
}

/** A free post about two sides of `sport` (short names), in `shape`. */
export function freePost(
  sport: string,
  shape: PostShape,
  a: string,
  b: string,
  author: string,
): { title: string; body: Block[] } {
  const words = wordsOf(sport);
  const title = words.titles[shape](a, b);
  switch (shape) {
    case "take":
      return { title, body: [paragraph(words.takes[0](a, b)), paragraph(words.takes[1](a, b))] };
    case "trends":
      return {
        title,
        body: [
          paragraph(`${sport} notes from ${author}: four trends I am leaning on this week, and how I use them.`),
          numbered(words.trends.slice(0, 4).map((line) => line(a, b))),
          paragraph(words.trends[4](a, b) + " Treat that one with care: the sample is small."),
        ],
      };
    case "breakdown":
      return {
        title,
        body: [
          paragraph(words.takes[2](a, b)),
          ...words.breakdown.flatMap(([head, text]) => [heading(head), paragraph(text(a, b))]),
          paragraph(`Subscribers get the side and the stake before the line moves.`),
        ],
      };
    case "quote":
      return {
        title,
        body: [
          paragraph(`Worth reading what ${words.quote.who} said this week:`),
          quote(`"${words.quote.text}"`),
          paragraph(words.angles[0](a, b) + " The market has priced the talk, not the numbers."),
        ],
      };
  }
}

/** A pick's write-up for its subscribers, under its selection. */
export function pickBody(sport: string, selection: string, a: string, b: string, stake: string): Block[] {
  const words = wordsOf(sport);
  return [
    heading(selection),
    paragraph(words.angles[0](a, b)),
    paragraph(words.angles[1](a, b)),
    paragraph(words.angles[2](a, b)),
    paragraph(stake),
  ];
}

/** A short write-up of a past pick, varied by `variant`. */
export function pastPickBody(
  sport: string,
  selection: string,
  odds: string,
  a: string,
  b: string,
  variant: number,
): Block[] {
  const words = wordsOf(sport);
  const angle = words.angles[variant % words.angles.length](a, b);
  return [
    paragraph(`${selection} at ${odds}. ${angle}`),
    paragraph(
      variant % 2
        ? "One unit unless the price moves."
        : "Played at the posted price; pass if it moves past a key number.",
    ),
  ];
}

/**
 * The opening everyone reads: the game (and its league, when named) and its start, never the side.
 * It reads as the start of the write-up, not as a note about who may read on: subscribers see it
 * too, above the analysis.
 */
export function pickPreviewText(matchup: string, start: string, variant: number, league?: string): string {
  const game = league ? `${matchup} (${league})` : matchup;
  return [
    `${game}, ${start}. Rest, pace and the injury report all point the same way here.`,
    `${game} on ${start}: a number I have been waiting on all week.`,
    `${start}: ${game}. One of my stronger plays this week, and the price is still there.`,
  ][variant % 3];
}
