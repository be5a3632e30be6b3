/** What the demo's writing is made of: a sport's phrases, and the names they put the two sides in. */
import { COMPETITORS } from "./competitors";

export type Words = (a: string, b: string) => string;

/** Club nicknames take the article ("the Celtics"); colleges, clubs and people do not ("UConn", "Arsenal"). */
const WITH_ARTICLE = new Set(["NFL", "NBA", "MLB", "NHL"].flatMap((sport) => COMPETITORS[sport].map((c) => c.short)));
export const the = (name: string) => (WITH_ARTICLE.has(name) ? `the ${name}` : name);
export const The = (name: string) => (WITH_ARTICLE.has(name) ? `The ${name}` : name);
export const poss = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

export interface SportWords {
  trends: Words[];
  takes: Words[];
  breakdown: [string, Words][];
  quote: { text: string; who: string };
  titles: { take: Words; trends: Words; breakdown: Words; quote: Words };
  /** Lines of a pick's analysis. */
  angles: Words[];
}
