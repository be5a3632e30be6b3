/**
 * Demo data: believable experts, users, a week of games, free posts and picks, so a new user sees
 * a living product at once. Everything is made here, nothing comes from the network: the words in
 * app/db/demo/writing.ts, the clubs and fighters in demo/competitors.ts, start times in each sport's
 * usual Eastern slots (demo/schedule.ts) and, given a storage, pictures drawn and rendered at seed
 * time (demo/art.ts, demo/pictures.server.ts) and stored as uploads. `seedDemoDataIfEmpty` does
 * nothing once anyone has signed up.
 */
import { count, eq, sql } from "drizzle-orm";
import { gradePickFromResults, type Grade } from "~/modules/record/grading";
import { legLabel, type PickLeg } from "~/modules/record/pick-markets";
import { hashPassword } from "~/modules/accounts/passwords.server";
import type { Database } from "./client.server";
import {
  events,
  experts,
  follows,
  likes,
  marketSnapshots,
  postModalities,
  posts,
  profiles,
  subscriptions,
  users,
  type Event,
} from "./schema";
import type { MarketOffer } from "~/modules/record/market-price";
import type { LegSide } from "~/modules/record/pick-basics";
import { generatedAvatarUrl } from "~/modules/avatars/avatar-svg";
import { buildPreview } from "~/modules/posts/slate";
import type { Storage } from "~/modules/uploads/storage-types.server";
import {
  competitor,
  COMPETITORS,
  HEAD_TO_HEAD_SPORTS,
  matchupLabel,
  opponentOf,
  PAIRED_SPORTS,
  TEAMS,
} from "./demo/competitors";
import { comingStartTimes, easternStartLabel, latestStartTimeBefore } from "./demo/schedule";
import { freePost, pastPickBody, pickBody, pickPreviewText, POST_SHAPES } from "./demo/writing";
import { coverSvg, expertCoverSvg, hashOf, portraitSvg } from "./demo/art";
import {
  pictureKey,
  renderPicture,
  storePictures,
  type PictureToStore,
  type RenderedPicture,
} from "./demo/pictures.server";

export const DEMO_PASSWORD = "sharpside-demo";
export const DEMO_EMAIL_DOMAIN = "demo.sharpside.app";

interface DemoExpert {
  userName: string;
  firstName: string;
  lastName: string;
  city: string;
  state: string;
  about: string;
  priceCents: number;
  priceDescription: string;
  sports: string[];
}

const DEMO_EXPERTS: DemoExpert[] = [
  {
    userName: "LeBronPicks",
    firstName: "Marcus",
    lastName: "Hale",
    city: "Los Angeles",
    state: "CA",
    about: "Former D-II point guard turned numbers guy. NBA sides and player props, built on pace and rest-day models.",
    priceCents: 2999,
    priceDescription: "Every NBA side and prop I bet, posted before tip-off.",
    sports: ["NBA", "NCAAB"],
  },
  {
    userName: "GridironGuru",
    firstName: "Dana",
    lastName: "Whitfield",
    city: "Dallas",
    state: "TX",
    about: "Twelve seasons charting NFL line movement. I bet early-week numbers and tell you why the market is wrong.",
    priceCents: 4999,
    priceDescription: "NFL sides and totals with full write-ups.",
    sports: ["NFL", "NCAAF"],
  },
  {
    userName: "DiamondEdge",
    firstName: "Luis",
    lastName: "Ortega",
    city: "Miami",
    state: "FL",
    about: "Starting pitching, bullpen fatigue and umpire tendencies. MLB moneylines and first-five totals.",
    priceCents: 1999,
    priceDescription: "Daily MLB card, first pitch guaranteed.",
    sports: ["MLB"],
  },
  {
    userName: "IceColdLocks",
    firstName: "Erik",
    lastName: "Lindqvist",
    city: "Minneapolis",
    state: "MN",
    about: "Goalie form and expected goals drive every NHL pick I make. Puck lines and totals.",
    priceCents: 1499,
    priceDescription: "NHL puck lines and totals, 3-5 plays a week.",
    sports: ["NHL"],
  },
  {
    userName: "PitchSideSharp",
    firstName: "Amara",
    lastName: "Okafor",
    city: "Atlanta",
    state: "GA",
    about: "Premier League and MLS. Asian handicaps, corners and both-teams-to-score from a ten-year database.",
    priceCents: 2499,
    priceDescription: "European football and MLS, weekend cards.",
    sports: ["Soccer"],
  },
  {
    userName: "CageMath",
    firstName: "Tyler",
    lastName: "Brooks",
    city: "Las Vegas",
    state: "NV",
    about: "Ex-amateur fighter. I break down styles, weight cuts and judging to find value on UFC cards.",
    priceCents: 1999,
    priceDescription: "Every UFC and Bellator card, fight by fight.",
    sports: ["MMA", "Boxing"],
  },
  {
    userName: "BracketBuster",
    firstName: "Kendra",
    lastName: "Mills",
    city: "Durham",
    state: "NC",
    about:
      "College hoops efficiency ratings, adjusted for travel and altitude. Small conferences are where the edges live.",
    priceCents: 2499,
    priceDescription: "NCAAB sides from November to April.",
    sports: ["NCAAB", "NCAAF"],
  },
  {
    userName: "BaselineBets",
    firstName: "Sofia",
    lastName: "Marchetti",
    city: "New York",
    state: "NY",
    about: "ATP and WTA, surface-adjusted Elo and serve-return splits. Moneylines and set handicaps.",
    priceCents: 1299,
    priceDescription: "Tennis plays for every major tour stop.",
    sports: ["Tennis"],
  },
  {
    userName: "FairwayFinder",
    firstName: "Graham",
    lastName: "Pike",
    city: "Scottsdale",
    state: "AZ",
    about: "Course-fit models and strokes-gained data for PGA Tour outrights, top-10s and matchups.",
    priceCents: 999,
    priceDescription: "Weekly golf card posted Tuesday.",
    sports: ["Golf"],
  },
  {
    userName: "RespawnOdds",
    firstName: "Jin",
    lastName: "Park",
    city: "Seattle",
    state: "WA",
    about: "CS2 and League of Legends map pools, patch changes and roster news before the books adjust.",
    priceCents: 1499,
    priceDescription: "Esports series and map handicaps.",
    sports: ["Esports"],
  },
  {
    userName: "SundaySteam",
    firstName: "Ray",
    lastName: "Donnelly",
    city: "Philadelphia",
    state: "PA",
    about: "Contrarian NFL totals and teasers. I track weather and officiating crews so you do not have to.",
    priceCents: 3999,
    priceDescription: "NFL totals and teasers, Sunday and primetime.",
    sports: ["NFL"],
  },
  {
    userName: "ParlayProfessor",
    firstName: "Nina",
    lastName: "Castillo",
    city: "Chicago",
    state: "IL",
    about: "Correlated parlays done with math, not hope. Same-game combinations across NBA, NFL and MLB.",
    priceCents: 1999,
    priceDescription: "Two correlated parlays a day.",
    sports: ["NBA", "NFL", "MLB"],
  },
];

const DEMO_USERS = [
  { userName: "alex.fan", firstName: "Alex", lastName: "Turner" },
  { userName: "jordan_bets", firstName: "Jordan", lastName: "Reyes" },
  { userName: "sam.k", firstName: "Samantha", lastName: "King" },
  { userName: "chris_w", firstName: "Chris", lastName: "Walker" },
  { userName: "morgan.lee", firstName: "Morgan", lastName: "Lee" },
  { userName: "taylor88", firstName: "Taylor", lastName: "Nguyen" },
];

/** A small deterministic generator, so the demo looks the same on every machine. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** How each sport's demo lines look: spread sizes, totals, and how many points a win is worth. */
const DEMO_LINES: Record<
  string,
  { spread?: [number, number]; fixedSpread?: number; totals?: number[]; sigma?: number; draw?: boolean }
> = {
  NBA: { spread: [1, 12], totals: range(215.5, 234.5), sigma: 12 },
  NFL: { spread: [1, 10], totals: range(38.5, 51.5), sigma: 13.5 },
  NCAAB: { spread: [1, 15], totals: range(130.5, 149.5), sigma: 11 },
  NCAAF: { spread: [1, 20], totals: range(45.5, 59.5), sigma: 16 },
  MLB: { fixedSpread: 1.5, totals: [7.5, 8, 8.5, 9, 9.5] },
  NHL: { fixedSpread: 1.5, totals: [5.5, 6, 6.5] },
  Soccer: { fixedSpread: 0.5, totals: [2.5], draw: true },
};

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.round(to - from) + 1 }, (_, i) => from + i);
}

/** A win probability with the bookmaker's margin, as American odds rounded to 5 cents. */
function americanFrom(probability: number, margin = 1.025): number {
  const q = Math.min(0.95, Math.max(0.05, probability * margin));
  const odds = q >= 0.5 ? -Math.round((q / (1 - q)) * 20) * 5 : Math.round(((1 - q) / q) * 20) * 5;
  return Math.abs(odds) < 100 ? (odds < 0 ? -100 : 100) : odds;
}

/** The standard normal distribution function (Abramowitz and Stegun 7.1.26; plenty for demo lines). */
function normalCdf(x: number): number {
  const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * A demo game's market ("demo games carry demo lines"): moneyline (with the draw in soccer), and
 * where the sport has them a spread and its mirror and a total, priced -105 to -120 a side, the
 * moneyline agreeing with the spread; fights, tennis, golf and esports have a moneyline only.
 */
export function demoMarket(sport: string, random: () => number): MarketOffer[] {
  const shape = DEMO_LINES[sport];
  const books = () => 3 + Math.floor(random() * 6);
  const pair = () => {
    const home = [-105, -108, -110, -112, -115][Math.floor(random() * 5)];
    return [home, -(220 + home)] as const;
  };
  const offers: MarketOffer[] = [];
  const moneyline = (probabilities: [LegSide, number][], margin: number) => {
    const bookmakers = books();
    for (const [side, probability] of probabilities)
      offers.push({ market: "Moneyline", side, line: null, price: americanFrom(probability, margin), bookmakers });
  };
  if (!shape) {
    const home = 0.3 + random() * 0.45;
    moneyline(
      [
        ["Home", home],
        ["Away", 1 - home],
      ],
      1.025,
    );
    return offers;
  }
  let homeWins: number;
  let homeLine: number;
  if (shape.draw) {
    const draw = 0.24 + random() * 0.06;
    const home = 0.3 + random() * 0.25;
    const away = 1 - draw - home;
    moneyline(
      [
        ["Home", home],
        ["Draw", draw],
        ["Away", away],
      ],
      1.05,
    );
    // An Asian handicap of half a goal: the favourite to win, the other side to win or draw.
    homeLine = home >= away ? -0.5 : 0.5;
    const homeCovers = home >= away ? home : home + draw;
    const bookmakers = books();
    offers.push({ market: "Spread", side: "Home", line: homeLine, price: americanFrom(homeCovers), bookmakers });
    offers.push({ market: "Spread", side: "Away", line: -homeLine, price: americanFrom(1 - homeCovers), bookmakers });
  } else {
    if (shape.spread) {
      const [least, most] = shape.spread;
      const size = least + Math.floor(random() * (most - least + 1)) + 0.5;
      homeLine = random() < 0.6 ? -size : size;
      homeWins = normalCdf(-homeLine / shape.sigma!);
    } else {
      homeWins = 0.38 + random() * 0.3;
      homeLine = homeWins >= 0.5 ? -shape.fixedSpread! : shape.fixedSpread!;
    }
    moneyline(
      [
        ["Home", homeWins],
        ["Away", 1 - homeWins],
      ],
      1.025,
    );
    const [homePrice, awayPrice] = pair();
    const bookmakers = books();
    offers.push({ market: "Spread", side: "Home", line: homeLine, price: homePrice, bookmakers });
    offers.push({ market: "Spread", side: "Away", line: -homeLine, price: awayPrice, bookmakers });
  }
  const total = shape.totals![Math.floor(random() * shape.totals!.length)];
  const [overPrice, underPrice] = pair();
  const bookmakers = books();
  offers.push({ market: "Total", side: "Over", line: total, price: overPrice, bookmakers });
  offers.push({ market: "Total", side: "Under", line: total, price: underPrice, bookmakers });
  return offers;
}

const paragraph = (text: string) => ({ type: "paragraph", children: [{ text }] });

/** How American odds read in a write-up: "+145", "-110". */
const oddsText = (odds: number) => (odds > 0 ? `+${odds}` : String(odds));

/** Demo people who wear their hair long (the generated portraits). */
const LONG_HAIR = new Set(["Dana", "Amara", "Kendra", "Sofia", "Nina", "Samantha", "Morgan"]);

/** The colours of the experts' page covers. */
const COVER_COLORS: [string, string][] = [
  ["#0f766e", "#14b8a6"],
  ["#1d4ed8", "#60a5fa"],
  ["#7c3aed", "#c084fc"],
  ["#b45309", "#fbbf24"],
  ["#be123c", "#fb7185"],
  ["#15803d", "#4ade80"],
  ["#0369a1", "#38bdf8"],
  ["#334155", "#94a3b8"],
];

const PICK_HOOKS = [
  "my best number of the week",
  "where the market is wrong",
  "the play and the price",
  "a spot I have waited for",
  "why I'm on it early",
];

// ---------------------------------------------------------------------------------------------
// Final scores and the lines that grade as the demo wants
// ---------------------------------------------------------------------------------------------

/** A final score as the sport has them: points, runs, goals, sets, maps; a fight or a golf matchup is 1–0. */
function finalScore(sport: string, random: () => number, want: "any" | "decided" | "tie"): [number, number] {
  const between = (least: number, most: number) => least + Math.floor(random() * (most - least + 1));
  const one = (): number => {
    switch (sport) {
      case "NBA":
        return between(96, 128);
      case "NCAAB":
        return between(58, 88);
      case "NFL":
      case "NCAAF":
        return [3, 7, 10, 13, 14, 16, 17, 20, 21, 23, 24, 27, 28, 30, 31, 34, 38][between(0, 16)];
      case "MLB":
        return Math.floor(random() * random() * 11);
      case "NHL":
        return between(1, 6);
      case "Soccer":
        return [0, 0, 1, 1, 1, 2, 2, 3, 4][between(0, 8)];
      default:
        return 0;
    }
  };
  let score: [number, number];
  if (HEAD_TO_HEAD_SPORTS.has(sport) || sport === "Esports") {
    // Fights and golf matchups: the winner 1–0; tennis and esports: sets or maps of a best of three.
    const sets = HEAD_TO_HEAD_SPORTS.has(sport) && sport !== "Tennis" ? [1, 0] : [2, between(0, 1)];
    score = random() < 0.5 ? [sets[0], sets[1]] : [sets[1], sets[0]];
  } else {
    score = [one(), one()];
  }
  if (want === "tie") return [score[0], score[0]];
  if (want === "decided" && score[0] === score[1]) score[random() < 0.5 ? 0 : 1] += 1;
  return score;
}

/** Half-point lines each sport's spreads and total offsets come in. */
const SPREADS: Record<string, number[]> = {
  NBA: [1.5, 2.5, 4.5, 5.5, 6.5, 8.5, 10.5],
  NCAAB: [2.5, 4.5, 6.5, 9.5, 12.5],
  NFL: [1.5, 2.5, 3.5, 6.5, 7.5, 9.5],
  NCAAF: [3.5, 6.5, 10.5, 14.5, 17.5],
  Soccer: [0.5, 1.5],
};
const TOTAL_OFFSETS: Record<string, number[]> = {
  NBA: [-9.5, -4.5, 3.5, 8.5],
  NCAAB: [-8.5, -3.5, 2.5, 7.5],
  NFL: [-6.5, -3.5, 2.5, 5.5],
  NCAAF: [-7.5, -3.5, 3.5, 7.5],
  MLB: [-1.5, -0.5, 0.5, 1.5],
  NHL: [-1.5, -0.5, 0.5, 1.5],
  Soccer: [-1.5, -0.5, 0.5, 1.5],
};

/**
 * The side and line of a single-game pick of `market` that grades `result` on this final score: the
 * demo decides who was right first (its experts' skill), then writes the bet that was. Fights and
 * golf matchups are bet on the moneyline only.
 */
function legGrading(
  sport: string,
  market: "Spread" | "Total" | "Moneyline",
  result: Grade,
  [home, away]: [number, number],
  roll: number,
): { market: "Spread" | "Total" | "Moneyline"; side: LegSide; line: number | null } {
  const margin = home - away;
  const won = result === "Win";
  const kind = HEAD_TO_HEAD_SPORTS.has(sport) ? "Moneyline" : market;
  if (kind === "Moneyline") {
    if (result === "Push" || margin === 0) return { market: kind, side: "Home", line: null };
    return { market: kind, side: margin > 0 === won ? "Home" : "Away", line: null };
  }
  if (kind === "Spread") {
    if (result === "Push") return { market: kind, side: "Home", line: -margin };
    const sizes = SPREADS[sport] ?? [1.5];
    const size = sizes[Math.floor(roll * sizes.length) % sizes.length];
    const homeLine = Math.floor(roll * 97) % 2 ? -size : size;
    const homeCovers = margin + homeLine > 0;
    return {
      market: kind,
      side: homeCovers === won ? "Home" : "Away",
      line: homeCovers === won ? homeLine : -homeLine,
    };
  }
  const total = home + away;
  if (result === "Push") return { market: kind, side: "Over", line: total };
  const offsets = TOTAL_OFFSETS[sport] ?? [-1.5, -0.5, 0.5, 1.5];
  let line = total + offsets[Math.floor(roll * offsets.length) % offsets.length];
  if (line < 0.5) line = total + 0.5;
  return { market: kind, side: total > line === won ? "Over" : "Under", line };
}

export interface SeedOptions {
  /**
   * Where the demo's generated photos and covers go (the app's upload storage); without one, the
   * demo's people show their generated initials and posts have no cover.
   */
  storage?: Storage;
}

/** Seeds an empty database (no users at all); answers what it made, or null when it did nothing. */
export async function seedDemoDataIfEmpty(db: Database, now = new Date(), options: SeedOptions = {}) {
  const [{ value: existing }] = await db.select({ value: count() }).from(users);
  if (existing > 0) return null;
  return seedDemoData(db, now, options);
}

export async function seedDemoData(db: Database, now = new Date(), { storage }: SeedOptions = {}) {
  const started = performance.now();
  const random = randomFrom(20261122);
  // Words, scores as shown and pictures have their own generator: the draws that decide the
  // record (who won, at what odds) stay as they were whatever the posts say.
  const looks = randomFrom(20261126);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  // The portraits and page covers depend on no row: rendered while the database works.
  const people = [...DEMO_EXPERTS, ...DEMO_USERS];
  const portraits = new Map(
    people.map((p) => [
      p.userName,
      storage ? renderPicture(portraitSvg(p.userName, LONG_HAIR.has(p.firstName) ? "long" : "short")) : null,
    ]),
  );
  const pageCovers = DEMO_EXPERTS.map((e) =>
    storage ? renderPicture(expertCoverSvg(e.sports[0], COVER_COLORS[hashOf(e.userName) % COVER_COLORS.length])) : null,
  );
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const categoryRows = await db.query.categories.findMany();
  const categoryId = (name: string) => categoryRows.find((c) => c.name === name)!.id;
  const sportOf = new Map(categoryRows.map((c) => [c.id, c.name]));
  const hour = 3_600_000;

  return db.transaction(async (tx) => {
    // Games: one finished per sport (for graded picks) and the coming week's slate, at the
    // sport's usual Eastern times.
    const rawScores: ([number, number] | null)[] = [];
    const eventValues = Object.entries(TEAMS).flatMap(([sport, teams], sportIndex) => {
      const coming = comingStartTimes(sport, now, 3);
      return Array.from({ length: 4 }, (_, i) => {
        const home = teams[(i * 2) % teams.length];
        const away = teams[(i * 2 + 1) % teams.length];
        const finished = i === 0;
        const startsAt = finished
          ? latestStartTimeBefore(sport, new Date(now.getTime() - (30 + sportIndex) * hour))
          : coming[i - 1];
        // The draws that once were the score still decide the demo's graded picks on this game.
        rawScores.push(finished ? [20 + Math.floor(random() * 15), 17 + Math.floor(random() * 15)] : null);
        const shown = finished ? finalScore(sport, looks, HEAD_TO_HEAD_SPORTS.has(sport) ? "decided" : "any") : null;
        return {
          categoryId: categoryId(sport),
          homeTeam: home,
          awayTeam: away,
          startsAt,
          status: finished ? ("Final" as const) : ("Scheduled" as const),
          homeScore: shown?.[0] ?? null,
          awayScore: shown?.[1] ?? null,
          resultedAt: finished ? new Date(startsAt.getTime() + 3 * hour) : null,
        };
      });
    });
    const eventRows = await tx.insert(events).values(eventValues).returning();
    const rawScoreOf = new Map(eventRows.map((e, i) => [e.id, rawScores[i]]));

    // Demo games carry demo lines: every game still ahead has its market, taken before the demo's
    // picks on it were posted (their own generator, so the rest of the demo stays as it was).
    const marketRandom = randomFrom(20261124);
    const demoMarkets = new Map(
      eventRows
        .filter((e) => e.startsAt > now)
        .map((e) => [e.id, demoMarket(sportOf.get(e.categoryId) ?? "", marketRandom)]),
    );
    const marketTakenAt = new Date(now.getTime() - 6 * hour);
    await tx.execute(sql`ALTER TABLE "market_snapshots" DISABLE TRIGGER "market_snapshots_stamp"`);
    await tx
      .insert(marketSnapshots)
      .values(
        [...demoMarkets].flatMap(([eventId, offers]) =>
          offers.map((offer) => ({ eventId, ...offer, takenAt: marketTakenAt })),
        ),
      );
    await tx.execute(sql`ALTER TABLE "market_snapshots" ENABLE TRIGGER "market_snapshots_stamp"`);

    const expertUsers = await tx
      .insert(users)
      .values(
        DEMO_EXPERTS.map((e, i) => ({
          email: `${e.userName.toLowerCase()}@${DEMO_EMAIL_DOMAIN}`,
          userName: e.userName,
          firstName: e.firstName,
          lastName: e.lastName,
          passwordHash,
          roles: ["Expert"],
          signUpFlow: "Expert" as const,
          timezone: "America/New_York",
          emailConfirmedAt: new Date(now.getTime() - (400 - i * 20) * 24 * hour),
          createdAt: new Date(now.getTime() - (400 - i * 20) * 24 * hour),
        })),
      )
      .returning();
    const fans = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          email: `${u.userName.replace(/[._]/g, "")}@${DEMO_EMAIL_DOMAIN}`,
          ...u,
          passwordHash,
          emailConfirmedAt: now,
        })),
      )
      .returning();

    // Photos and page covers: each person's uploads, written to storage at the end (their names
    // are known now, the rendering goes on meanwhile).
    const pictures: PictureToStore[] = [];
    const picture = (ownerId: string, purpose: string, rendered: Promise<RenderedPicture> | null) => {
      if (!storage || !rendered) return null;
      pictures.push({ ownerId, purpose, picture: rendered });
      return pictureKey(ownerId, purpose);
    };
    await tx.insert(profiles).values(
      expertUsers.map((u, i) => ({
        userId: u.id,
        avatar: picture(u.id, `avatar-${u.userName}`, portraits.get(u.userName)!) ?? generatedAvatarUrl(u.userName),
        cover: picture(u.id, `cover-${u.userName}`, pageCovers[i]),
        city: DEMO_EXPERTS[i].city,
        state: DEMO_EXPERTS[i].state,
        expertAboutText: DEMO_EXPERTS[i].about,
      })),
    );
    await tx.insert(profiles).values(
      fans.map((u) => ({
        userId: u.id,
        avatar: picture(u.id, `avatar-${u.userName}`, portraits.get(u.userName)!) ?? generatedAvatarUrl(u.userName),
      })),
    );
    await tx.insert(experts).values(
      expertUsers.map((u, i) => ({
        userId: u.id,
        membershipStatus: "Active" as const,
        membershipPaidAt: u.createdAt,
        subscriptionPriceCents: DEMO_EXPERTS[i].priceCents,
        subscriptionDescription: DEMO_EXPERTS[i].priceDescription,
      })),
    );

    // Posts and picks, spread over the last three weeks; one pick per expert on an upcoming game.
    const postValues: (typeof posts.$inferInsert)[] = [];
    // A post's cover: the game's for a pick, the two sides' colours for a write-up; a short take has none.
    const modalityLinks: { index: number; modalityId: number }[] = [];
    expertUsers.forEach((expert, expertIndex) => {
      const profile = DEMO_EXPERTS[expertIndex];
      for (let n = 0; n < 5; n++) {
        const sport = profile.sports[n % profile.sports.length];
        const sportEvents = eventRows.filter((e) => e.categoryId === categoryId(sport));
        const isPick = n % 2 === 1;
        const event = isPick
          ? sportEvents[n === 1 ? 0 : 1 + ((expertIndex + n) % (sportEvents.length - 1))]
          : undefined;
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
          title = `${matchupLabel(sport, event)}: ${PICK_HOOKS[variant % PICK_HOOKS.length]}`;
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
            storage
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
              storage ? renderPicture(coverSvg(sport, first.colors, second.colors, variant)) : null,
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
    // The demo's history is written as it would have been posted: the record's guard (it refuses
    // picks on games already played) is off for this transaction only, and the sums rebuilt after.
    await tx.execute(sql`ALTER TABLE "posts" DISABLE TRIGGER "posts_guard_pick_record"`);
    const history = await seedRecordHistory(
      tx,
      expertUsers.map((expert, i) => ({
        id: expert.id,
        sports: DEMO_EXPERTS[i].sports.map(categoryId),
        skill: DEMO_SKILL[i % DEMO_SKILL.length],
      })),
      sportOf,
      random,
      looks,
      now,
    );
    const postRows = await tx
      .insert(posts)
      .values(postValues)
      .returning({ id: posts.id, postType: posts.postType, authorId: posts.authorId });
    await tx
      .insert(postModalities)
      .values(modalityLinks.map((l) => ({ postId: postRows[l.index].id, modalityId: l.modalityId })));

    // Fans follow, subscribe and like, so counts and feeds are not empty.
    const followValues = fans.flatMap((fan, i) =>
      expertUsers.filter((_, j) => (i + j) % 3 === 0).map((e) => ({ followerId: fan.id, expertId: e.id })),
    );
    await tx.insert(follows).values(followValues);
    const subscriptionValues = fans.flatMap((fan, i) =>
      expertUsers
        .filter((_, j) => (i + j) % 4 === 0)
        .map((e, j) => ({
          subscriberId: fan.id,
          expertId: e.id,
          status: "Activated" as const,
          // Made as with payments off: free, renewed by the job (subscriptions.server.ts).
          provider: "free",
          priceCents: DEMO_EXPERTS[expertUsers.indexOf(e)].priceCents,
          currentPeriodEnd: new Date(now.getTime() + (10 + j * 3) * 24 * hour),
        })),
    );
    await tx.insert(subscriptions).values(subscriptionValues);
    const likeValues = fans.flatMap((fan) =>
      postRows.filter(() => random() < 0.35).map((p) => ({ userId: fan.id, postId: p.id })),
    );
    await tx.insert(likes).values(likeValues);
    for (const p of postRows) {
      const likesCount = likeValues.filter((l) => l.postId === p.id).length;
      if (likesCount) await tx.update(posts).set({ likesCount }).where(eq(posts.id, p.id));
    }

    await tx.execute(
      sql`UPDATE "posts" SET "posted_at" = "publish_date" WHERE "post_type" = 'Pick' AND "status" = 'Published' AND "posted_at" IS NULL`,
    );
    await tx.execute(sql`UPDATE "posts" p SET "commit_canonical" = pick_canonical(p, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
      WHERE "posted_at" IS NOT NULL AND "commitment" IS NULL`);
    await tx.execute(
      sql`UPDATE "posts" SET "commitment" = encode(sha256(convert_to("commit_canonical", 'UTF8')), 'hex') WHERE "commit_canonical" IS NOT NULL AND "commitment" IS NULL`,
    );
    await tx.execute(sql`ALTER TABLE "posts" ENABLE TRIGGER "posts_guard_pick_record"`);
    await tx.execute(sql`SELECT rebuild_pick_records()`);
    await tx.insert(users).values({
      email: `admin@${DEMO_EMAIL_DOMAIN}`,
      userName: "sharpside.admin",
      firstName: "Sharpside",
      lastName: "Admin",
      roles: ["User", "Admin"],
      passwordHash,
      emailConfirmedAt: now,
    });
    if (storage) await storePictures(tx, storage, pictures);

    return {
      history,
      experts: expertUsers.length,
      users: fans.length,
      events: eventRows.length,
      posts: postRows.length,
      follows: followValues.length,
      subscriptions: subscriptionValues.length,
      likes: likeValues.length,
      pictures: pictures.length,
      milliseconds: Math.round(performance.now() - started),
    };
  });
}

/** How often each demo expert's side comes in: a spread of skill, so the leaderboard has an order. */
const DEMO_SKILL = [0.58, 0.55, 0.52, 0.6, 0.48, 0.54, 0.5, 0.56];

/**
 * Three months of graded picks per demo expert on games already played (spreads, totals,
 * moneylines; fights on the moneyline), each graded from its game's score: the record, the chart
 * and the leaderboard have something true to show. Answers how many picks it wrote.
 */
async function seedRecordHistory(
  tx: Database,
  experts: { id: string; sports: number[]; skill: number }[],
  sportOf: Map<number, string>,
  random: () => number,
  looks: () => number,
  now: Date,
): Promise<number> {
  const day = 24 * 3_600_000;
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const plans = experts.flatMap((expert) =>
    Array.from({ length: 48 }, (_, n) => {
      const categoryId = expert.sports[n % expert.sports.length];
      const sport = sportOf.get(categoryId) ?? "";
      const teams = TEAMS[sport] ?? ["Home", "Away"];
      const home = pick(teams);
      const drawnAway = pick(teams.filter((team) => team !== home));
      // Fighters, players and esports teams meet their own opponent.
      const away = PAIRED_SPORTS.has(sport) ? opponentOf(sport, home) : drawnAway;
      // The grade keeps its drawn time (the day it counts on, for the rolling windows); the game
      // is the sport's last slot at least three hours before it.
      const gradedAt = new Date(
        Math.floor((now.getTime() - (1 + n * 1.3 + random()) * day) / (15 * 60_000)) * 15 * 60_000 + 4 * 3_600_000,
      );
      const startsAt = latestStartTimeBefore(sport, new Date(gradedAt.getTime() - 3 * 3_600_000));
      return {
        expert,
        categoryId,
        sport,
        home,
        away,
        startsAt,
        gradedAt,
        rawHome: 14 + Math.floor(random() * 24),
        rawAway: 14 + Math.floor(random() * 24),
      };
    }),
  );
  // Who was right is drawn first (the expert's skill); the score shown and the bet's line follow from it.
  const picks = plans.map((plan) => {
    const rawMargin = plan.rawHome - plan.rawAway;
    const wantWin = random() < plan.expert.skill;
    const market = pick(["Spread", "Spread", "Total", "Moneyline"] as const);
    const odds = market === "Moneyline" ? pick([-150, -130, 110, 125]) : pick([-110, -110, -105, -115]);
    if (market === "Spread") pick([-6.5, -3.5, -2.5, 1.5, 3.5, 4.5]);
    else if (market === "Total") pick([-7.5, -3.5, 2.5, 6.5]);
    const result: Grade = market === "Moneyline" && rawMargin === 0 ? "Push" : wantWin ? "Win" : "Loss";
    const bet = HEAD_TO_HEAD_SPORTS.has(plan.sport) ? "Moneyline" : market;
    const score = finalScore(plan.sport, looks, bet === "Moneyline" ? (result === "Push" ? "tie" : "decided") : "any");
    const leg = legGrading(plan.sport, market, result, score, looks());
    const units = pick([1, 1, 1, 1.5, 2, 0.5]);
    const publishDate = new Date(plan.startsAt.getTime() - (2 + Math.floor(random() * 20)) * 3_600_000);
    return { plan, score, leg, odds, units, publishDate, variant: Math.floor(looks() * 1000) };
  });
  const eventRows: Event[] = await tx
    .insert(events)
    .values(
      picks.map(({ plan, score }) => ({
        categoryId: plan.categoryId,
        homeTeam: plan.home,
        awayTeam: plan.away,
        startsAt: plan.startsAt,
        status: "Final" as const,
        homeScore: score[0],
        awayScore: score[1],
        resultedAt: plan.gradedAt,
      })),
    )
    .returning();
  const values: (typeof posts.$inferInsert)[] = picks.map(
    ({ plan, leg: bet, odds, units, publishDate, variant }, index) => {
      const event = eventRows[index];
      const leg: PickLeg = { eventId: event.id, ...bet, odds, description: null };
      const grade = gradePickFromResults({ market: leg.market, legs: [leg], odds }, new Map([[event.id, event]]))!;
      const selection = legLabel(leg, event);
      const backed = leg.side === "Away" ? plan.away : plan.home;
      const other = backed === plan.home ? plan.away : plan.home;
      const matchup = matchupLabel(plan.sport, event);
      return {
        authorId: plan.expert.id,
        postType: "Pick" as const,
        title: `${matchup}: ${selection}`,
        body: pastPickBody(
          plan.sport,
          selection,
          oddsText(odds),
          competitor(backed).short,
          competitor(other).short,
          variant,
        ),
        ...buildPreview([
          paragraph(pickPreviewText(matchupLabel(plan.sport, event, true), easternStartLabel(event.startsAt), variant)),
        ]),
        visibility: "Subscribers" as const,
        status: "Published" as const,
        publishDate,
        announcedAt: publishDate,
        categoryId: plan.categoryId,
        eventId: event.id,
        market: leg.market,
        legs: [leg],
        selection,
        odds,
        units,
        pickResult: grade.result,
        settledOdds: grade.settledOdds,
        gradedAt: event.resultedAt,
        createdAt: publishDate,
      };
    },
  );
  await tx.insert(posts).values(values);
  return values.length;
}
