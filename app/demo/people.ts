/** The demo's people: experts with their sports, prices and words about themselves, and the fans who follow them. */

export interface DemoExpert {
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

/** The demo's e-mail addresses are at this domain (no mail is sent there). */
export const DEMO_EMAIL_DOMAIN = "demo.sharpside.app";

export const DEMO_EXPERTS: DemoExpert[] = [
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

export const DEMO_USERS = [
  { userName: "alex.fan", firstName: "Alex", lastName: "Turner" },
  { userName: "jordan_bets", firstName: "Jordan", lastName: "Reyes" },
  { userName: "sam.k", firstName: "Samantha", lastName: "King" },
  { userName: "chris_w", firstName: "Chris", lastName: "Walker" },
  { userName: "morgan.lee", firstName: "Morgan", lastName: "Lee" },
  { userName: "taylor88", firstName: "Taylor", lastName: "Nguyen" },
];

/** Demo people who wear their hair long (the generated portraits). */
export const LONG_HAIR = new Set(["Dana", "Amara", "Kendra", "Sofia", "Nina", "Samantha", "Morgan"]);

/** The colours of the experts' page covers. */
export const COVER_COLORS: [string, string][] = [
  ["#0f766e", "#14b8a6"],
  ["#1d4ed8", "#60a5fa"],
  ["#7c3aed", "#c084fc"],
  ["#b45309", "#fbbf24"],
  ["#be123c", "#fb7185"],
  ["#15803d", "#4ade80"],
  ["#0369a1", "#38bdf8"],
  ["#334155", "#94a3b8"],
];

/** How often each demo expert's side comes in: a spread of skill, so the leaderboard has an order. */
export const DEMO_SKILL = [0.58, 0.55, 0.52, 0.6, 0.48, 0.54, 0.5, 0.56];
