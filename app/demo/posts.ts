/** The demo experts' posts and picks: a few write-ups and short takes, a pick on a finished game and on games ahead. */
import type { MarketOffer } from "~/modules/record/market-price";
import { gradePickFromResults } from "~/modules/record/grading";
import { legLabel, type PickLeg } from "~/modules/record/pick-markets";
import { buildPreview } from "~/modules/posts/slate";
import type { Event, posts } from "~/db/schema";
import { competitor, COMPETITORS, matchupLabel, opponentOf, PAIRED_SPORTS } from "./competitors";
import { coverSvg } from "./art";
import { legGrading } from "./lines";
import { DEMO_EXPERTS } from "./people";
import type { RenderedPicture } from "./pictures.server";
import { easternStartLabel } from "./schedule";
import { freePost, pickBody, pickPreviewText, POST_SHAPES } from "./writing";
import { renderPicture } from "./pictures.server";

export const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });

/** How American odds read in a write-up: "+145", "-110". */
export const oddsText = (odds: number) => (odds > 0 ? `+${odds}` : String(odds));

/** A pick's title: its game is on the page already, so the title says why it is worth reading. */
export const PICK_HOOKS = [
  "My best number of the week",
  "Where the market is wrong",
  "The play and the price",
  "A spot I have waited for",
  "Why I'm on it early",
  "Fading the public here",
  "The number that matters tonight",
  "Buying low before the move",
];

export interface DemoPostsInput {
  now: Date;
  /** The demo experts' user rows, in DEMO_EXPERTS order. */
  expertUsers: { id: string; userName: string }[];
  eventRows: Event[];
  categoryId: (sport: string) => number;
  /** Each game ahead's market, as the demo's picks on it are priced. */
  demoMarkets: Map<number, MarketOffer[]>;
  /** The draws that decide a finished game's picks (not the score shown). */
  rawScoreOf: Map<number, [number, number] | null>;
  random: () => number;
  looks: () => number;
  /** Whether pictures are drawn at all (only with a storage to keep them). */
  draw: boolean;
  /** Queues a picture for storage and answers its key, or null without one. */
  picture: (ownerId: string, purpose: string, rendered: Promise<RenderedPicture> | null) => string | null;
}

/** Five posts per expert, every other one a pick: the rows to insert and the picks' modalities (by row index). */
export function demoPosts({
  now,
  expertUsers,
  eventRows,
  categoryId,
  demoMarkets,
  rawScoreOf,
  random,
  looks,
  draw,
  picture,
}: DemoPostsInput) {
  const hour = 3_600_000;
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const postValues: (typeof posts.$inferInsert)[] = [];
  // A post's cover: the game's for a pick, the two sides' colours for a write-up; a short take has none.
  const modalityLinks: { index: number; modalityId: number }[] = [];
  expertUsers.forEach((expert, expertIndex) => {
    const profile = DEMO_EXPERTS[expertIndex];
    for (let n = 0; n < 5; n++) {
      const sport = profile.sports[n % profile.sports.length];
      const sportEvents = eventRows.filter((e) => e.categoryId === categoryId(sport));
      const isPick = n % 2 === 1;
      const event = isPick ? sportEvents[n === 1 ? 0 : 1 + ((expertIndex + n) % (sportEvents.length - 1))] : undefined;
      const publishDate = event
        ? new Date(Math.min(event.startsAt.getTime() - 5 * hour, now.getTime() - (n + 1) * hour))
        : new Date(now.getTime() - (expertIndex * 7 + n * 29 + 2) * hour);
      const homeLine = pick([-3.5, 2.5, -1.5, 4, -6.5, 7]);
      const listedOdds = pick([-110, -115, -105, +120, +145, -125]);
      const units = pick([1, 1, 1.5, 2, 0.5]);
      const homeSide = random() < 0.5;
      let leg: PickLeg | null = event
        ? {
            eventId: event.id,
            market: "Spread",
            side: homeSide ? "Home" : "Away",
            line: homeSide ? homeLine : -homeLine,
            odds: listedOdds,
            description: null,
          }
        : null;
      // A pick on a game still ahead is the market's own line and price (a moneyline where the
      // sport has no spread): the demo is priced as every pick is.
      const market = event ? demoMarkets.get(event.id) : undefined;
      if (leg && market) {
        const offer =
          market.find((o) => o.market === "Spread" && o.side === leg!.side) ??
          market.find((o) => o.market === "Moneyline" && o.side === leg!.side)!;
        leg = { ...leg, market: offer.market, line: offer.line, odds: offer.price };
      }
      // A pick on the finished game keeps the grade its draws gave it, written in the sport's
      // terms against the score shown (a fight is bet on the moneyline).
      const raw = event ? rawScoreOf.get(event.id) : null;
      if (leg && event && raw) {
        const was = gradePickFromResults(
          { market: leg.market, legs: [leg], odds: leg.odds },
          new Map([[event.id, { status: "Final" as const, homeScore: raw[0], awayScore: raw[1] }]]),
        )!;
        leg = { ...leg, ...legGrading(sport, "Spread", was.result, [event.homeScore!, event.awayScore!], looks()) };
      }
      const odds = leg?.odds ?? listedOdds;
      const side = event && leg ? legLabel(leg, event) : "";
      // The old title draw, kept so every draw after it (the record's history) stays the same.
      if (!isPick) random();
      const variant = Math.floor(looks() * 1000);
      let title: string;
      let body: object[];
      let preview: { preview: object[]; previewText: string };
      let cover: string | null = null;
      if (event && leg) {
        const backed = leg.side === "Away" ? event.awayTeam : event.homeTeam;
        const other = backed === event.homeTeam ? event.awayTeam : event.homeTeam;
        title = PICK_HOOKS[variant % PICK_HOOKS.length];
        body = pickBody(
          sport,
          side,
          competitor(backed).short,
          competitor(other).short,
          `Stake: ${units} ${units === 1 ? "unit" : "units"} at ${oddsText(odds)}. If the line moves past a key number, pass.`,
        );
        const teaser = pickPreviewText(
          matchupLabel(sport, event, true),
          easternStartLabel(event.startsAt),
          variant,
          sport,
        );
        preview = buildPreview([paragraph(teaser)]);
        // The game's picture: two picks on one game share the drawing (rendered once).
        cover = picture(
          expert.id,
          `post-${expert.userName}-${n}`,
          draw
            ? renderPicture(
                coverSvg(sport, competitor(event.homeTeam).colors, competitor(event.awayTeam).colors, event.id),
              )
            : null,
        );
      } else {
        const list = COMPETITORS[sport];
        const first = list[Math.floor(looks() * list.length)];
        const second = PAIRED_SPORTS.has(sport)
          ? competitor(opponentOf(sport, first.name))
          : list.filter((c) => c !== first)[Math.floor(looks() * (list.length - 1))];
        const shape = POST_SHAPES[(expertIndex + n / 2) % POST_SHAPES.length];
        ({ title, body } = freePost(sport, shape, first.short, second.short, profile.firstName));
        preview = buildPreview(body);
        if (shape !== "take")
          cover = picture(
            expert.id,
            `post-${expert.userName}-${n}`,
            draw ? renderPicture(coverSvg(sport, first.colors, second.colors, variant)) : null,
          );
      }
      const grade =
        event && leg
          ? gradePickFromResults({ market: leg.market, legs: [leg], odds }, new Map([[event.id, event]]))
          : null;
      postValues.push({
        authorId: expert.id,
        postType: isPick ? "Pick" : "Post",
        title,
        body,
        coverImage: cover,
        preview: preview.preview,
        previewText: preview.previewText,
        visibility: isPick ? "Subscribers" : "Free",
        status: "Published",
        publishDate,
        // Their readers were told long ago: the publishing job must not announce them now.
        announcedAt: publishDate <= now ? publishDate : null,
        categoryId: categoryId(sport),
        eventId: event?.id ?? null,
        market: leg?.market ?? null,
        legs: leg ? [leg] : null,
        selection: isPick ? side : null,
        odds: isPick ? odds : null,
        units: isPick ? units : null,
        pickResult: grade?.result ?? null,
        settledOdds: grade?.settledOdds ?? null,
        gradedAt: grade ? now : null,
        createdAt: publishDate,
      });
      if (isPick) modalityLinks.push({ index: postValues.length - 1, modalityId: pick([1, 2, 3]) });
    }
  });
  return { postValues, modalityLinks };
}
