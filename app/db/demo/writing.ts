/**
 * The demo's words: free posts in four shapes (a short take, a numbered list of trends, a
 * breakdown under headings, a quote with a comment) and the write-ups of picks, each in its
 * sport's vocabulary and naming real-looking sides. Slate documents, as the editor makes them.
 */
import { COMPETITORS } from "./competitors";

type Words = (a: string, b: string) => string;

/** Club nicknames take the article ("the Celtics"); colleges, clubs and people do not ("UConn", "Arsenal"). */
const WITH_ARTICLE = new Set(["NFL", "NBA", "MLB", "NHL"].flatMap((sport) => COMPETITORS[sport].map((c) => c.short)));
const the = (name: string) => (WITH_ARTICLE.has(name) ? `the ${name}` : name);
const The = (name: string) => (WITH_ARTICLE.has(name) ? `The ${name}` : name);
const poss = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

interface SportWords {
  trends: Words[];
  takes: Words[];
  breakdown: [string, Words][];
  quote: { text: string; who: string };
  titles: { take: Words; trends: Words; breakdown: Words; quote: Words };
  /** Lines of a pick's analysis. */
  angles: Words[];
}

const BASKETBALL: SportWords = {
  trends: [
    (a) =>
      `${The(a)} are 9-3 against the spread on the second night of a back-to-back when the opponent is rested too.`,
    (a, b) => `${b} games have gone under in seven of the last ten: their half-court offence slows everyone down.`,
    (a) => `${The(a)} shoot 4% better from three at home, and the market prices them as if they did not.`,
    (a, b) => `Road favourites of six or more are covering barely 44% this season; ${the(b)} are one most weeks.`,
    (a) => `When ${the(a)} win the rebounding battle by five, they cover three times out of four.`,
  ],
  takes: [
    (a, b) =>
      `Everyone is talking about ${poss(the(a))} last two blowouts, and the number moved two full points because of it. Both came against teams missing their starting point guard. ${The(b)} are healthy, rested and were the better side in the first meeting.`,
    (a) =>
      `I am not forcing anything tonight. ${The(a)} line is right where my model has it, and a fair number is no bet. Patience is a position too.`,
    (a, b) =>
      `Quick one before tip: ${the(b)} have played three overtime games in five nights and the legs showed in the fourth quarter against ${the(a)} last time.`,
  ],
  breakdown: [
    [
      "Pace",
      (a, b) =>
        `${The(a)} want to run and rank top five in transition points. ${The(b)} walk it up and live in the half court, so whoever controls tempo controls the total.`,
    ],
    [
      "Rest and travel",
      (a, b) =>
        `${The(b)} close a four-game road trip tonight. Teams in that spot have covered 41% over the last three seasons, and the opener did not account for it.`,
    ],
    [
      "Matchups",
      (a) =>
        `${poss(The(a))} drop coverage has been carved up by big guards, and there is one waiting for them tonight.`,
    ],
  ],
  quote: {
    text: "We got out-rebounded by fourteen. You don't win in this league doing that.",
    who: "an assistant coach after Tuesday's loss",
  },
  titles: {
    take: (a, b) => `${b} at ${a}: why I'm passing on the popular side`,
    trends: (a) => `Five trends to know before ${the(a)} tip off`,
    breakdown: (a, b) => `Breaking down ${b}-${a}: pace, rest and the glass`,
    quote: (a) => `${The(a)} know what went wrong. Has the market noticed?`,
  },
  angles: [
    (a, b) =>
      `${The(a)} have covered six straight when getting a day more rest than the opponent, and that is the spot tonight against ${the(b)}.`,
    (a) =>
      `Injury report matters here: ${poss(the(a))} best perimeter defender is listed as questionable, and the line has not moved for it.`,
    (a, b) => `My pace-adjusted ratings make this a much closer game than ${the(b)} price suggests.`,
  ],
};

const FOOTBALL: SportWords = {
  trends: [
    (a) => `${The(a)} are 11-4 against the spread off a loss since the start of last season.`,
    (a, b) => `Division road underdogs of a field goal or more cover 56% of the time; ${the(b)} fit that profile.`,
    (a) => `Unders are 8-2 in ${a} games when the forecast calls for wind above 15 mph.`,
    (a, b) => `${The(b)} have allowed the fewest yards per play on third down, which is why drives against them stall.`,
    (a) => `Teams coming off a short week are 19-27 against the spread; ${the(a)} played Thursday.`,
  ],
  takes: [
    (a, b) =>
      `Sharp money hit ${the(b)} at +3.5 on Monday and the number is now 2.5. If you missed it, the value is gone: do not chase a key number that has already moved.`,
    (a) =>
      `${The(a)} offensive line is down two starters. That matters more than the headline quarterback matchup, and the total has not caught up.`,
    (a, b) => `My early-week number on ${b}-${a} is a pick'em. The market opened at four. That gap is the whole bet.`,
  ],
  breakdown: [
    [
      "Trenches",
      (a, b) =>
        `${The(a)} pass rush ranks top three in pressure rate, and ${the(b)} are starting a backup left tackle. Expect a lot of quick throws.`,
    ],
    [
      "Weather",
      (a) =>
        `Gusts of 20 mph are forecast at kick-off. Deep shots go down, run rates go up, and ${the(a)} are built to run.`,
    ],
    [
      "Situation",
      (a, b) =>
        `${The(b)} have a bye next week; ${the(a)} travel on a short week. Focus goes where the schedule sends it.`,
    ],
  ],
  quote: {
    text: "We have to finish drives. Field goals won't beat this team.",
    who: "an offensive coordinator on Wednesday",
  },
  titles: {
    take: (a, b) => `${b} at ${a}: the number already moved`,
    trends: (a) => `Four trends for ${the(a)} game, and one that is not real`,
    breakdown: (a, b) => `${b}-${a} breakdown: the trenches, the weather and the schedule`,
    quote: (a) => `"Finish drives": what ${the(a)} staff is saying`,
  },
  angles: [
    (a, b) => `${The(a)} line is a key number away from fair: my ratings make it ${b} by a point, not a field goal.`,
    (a) =>
      `Pressure rate is the story: ${the(a)} get home on a third of dropbacks and the other side's line is banged up.`,
    (a, b) => `Wind, a short week for ${the(b)} and a sharp move on Monday all point the same way.`,
  ],
};

const WORDS: Record<string, SportWords> = {
  NBA: BASKETBALL,
  NCAAB: {
    ...BASKETBALL,
    quote: {
      text: "Freshmen don't travel well in this conference. They learn it in January.",
      who: "a veteran head coach",
    },
    titles: { ...BASKETBALL.titles, trends: (a) => `${a} and four trends from the conference slate` },
  },
  NFL: FOOTBALL,
  NCAAF: {
    ...FOOTBALL,
    quote: { text: "We played like we were looking ahead. That's on me.", who: "a head coach after Saturday's scare" },
    titles: { ...FOOTBALL.titles, trends: (a) => `Saturday's slate: four trends around ${a}` },
  },
  MLB: {
    trends: [
      (a) => `${The(a)} bullpen has thrown the most innings in the league over the last week.`,
      (a, b) => `${The(b)} hit left-handed starters for a .790 OPS and face one tonight.`,
      (a) => `In ${poss(the(a))} home games, first-five unders with this umpire behind the plate are 14-6 this season.`,
      (a, b) => `Day games after night games: ${the(b)} are 5-12 in that spot.`,
      (a) => `Wind blowing in at ${poss(the(a))} park has cut scoring by a run and a half a game.`,
    ],
    takes: [
      (a, b) =>
        `${The(a)} starter's velocity dropped two miles an hour in his last outing and nobody is talking about it. I'm fading him until it comes back, and ${the(b)} are the team to do it with.`,
      (a) => `No bet on ${the(a)} tonight. The lineup card came out late and the price already moved.`,
      (a, b) => `Bullpens decide this one: ${the(b)} pen is rested, ${the(a)} used four relievers yesterday.`,
    ],
    breakdown: [
      [
        "Starting pitching",
        (a, b) => `${The(b)} starter has the better strikeout rate, but ${the(a)} hitters chase less than anyone.`,
      ],
      ["Bullpens", (a) => `${The(a)} closer has pitched three days in a row; expect a committee late.`],
      ["Park and umpire", () => `A pitcher's umpire and a heavy marine layer: the total is half a run too high.`],
    ],
    quote: { text: "He's been out there a lot. We'll give him the night.", who: "a manager on his closer" },
    titles: {
      take: (a) => `Fading ${the(a)} starter until the velocity comes back`,
      trends: (a) => `Five numbers to know before ${the(a)} game`,
      breakdown: (a, b) => `${b} at ${a}: arms, bullpens and the umpire`,
      quote: (a) => `${The(a)} closer needs a night off. Here's what that means.`,
    },
    angles: [
      (a) => `${The(a)} starter's underlying numbers are far better than his earned run average.`,
      (a, b) => `${The(b)} bullpen is taxed: four relievers threw yesterday.`,
      () => `The umpire's zone favours pitchers, and the first-five total is where the edge lives.`,
    ],
  },
  NHL: {
    trends: [
      (a) => `${The(a)} are 8-2 on the puck line when their starting goalie has two days of rest.`,
      (a, b) => `${The(b)} lead the league in expected goals against at five-on-five.`,
      (a) => `Overs are 7-3 in ${poss(the(a))} last ten home games.`,
      (a, b) => `${The(b)} penalty kill has dropped to 74% over the last month.`,
      (a) => `Back-to-backs: ${the(a)} have lost five straight on the second night.`,
    ],
    takes: [
      (a, b) =>
        `The backup is in net for ${the(a)} tonight, confirmed at the morning skate. ${The(b)} price has barely moved. That is the bet.`,
      (a) => `I'm staying away from ${the(a)} total: two hot goalies and a tight line.`,
      (a, b) =>
        `${The(b)} have won four straight, but their expected-goals share in those games is under 45%. The run is on borrowed time.`,
    ],
    breakdown: [
      ["Goaltending", (a) => `${The(a)} starter has saved six goals above expected over his last eight starts.`],
      [
        "Special teams",
        (a, b) => `${The(b)} power play clicks at 28% at home; ${the(a)} take the most minor penalties in the league.`,
      ],
      ["Schedule", (a) => `${The(a)} played in Denver last night. Altitude then a flight: legs go late.`],
    ],
    quote: {
      text: "We gave them too many looks from the slot. That has to stop.",
      who: "a head coach after the morning skate",
    },
    titles: {
      take: (a) => `Backup in net for ${the(a)}: why it matters tonight`,
      trends: (a) => `Five trends for ${the(a)} and the puck line`,
      breakdown: (a, b) => `${b} at ${a}: goaltending, power plays and tired legs`,
      quote: (a) => `${The(a)} staff wants fewer chances from the slot`,
    },
    angles: [
      (a) => `${The(a)} goalie confirmed at the morning skate is the better bet than the price implies.`,
      (a, b) => `Five-on-five, ${the(b)} give up more high-danger chances than anyone in their division.`,
      () => `Second night of a back-to-back for one side, rested for the other.`,
    ],
  },
  Soccer: {
    trends: [
      (a) => `${a} have kept clean sheets in five of their last seven home matches.`,
      (a, b) => `Both teams have scored in eight of ${poss(b)} last ten away games.`,
      (a) => `${a} concede most of their goals in the last fifteen minutes.`,
      (a, b) => `${b} average nine corners a match against sides that sit deep.`,
      (a) => `Draws: ${a} have drawn four of their last six league matches.`,
    ],
    takes: [
      (a, b) =>
        `${a} rotated heavily in midweek and still won. ${b} played 120 minutes in the cup. Freshness decides this one.`,
      (a) => `The Asian handicap on ${a} is half a goal too short after the market overreacted to one bad result.`,
      (a, b) => `I like the draw here: ${a} and ${b} both sit deep when the score is level.`,
    ],
    breakdown: [
      ["Form", (a) => `${a} have won four of five, but their expected goals say they have been lucky in two of them.`],
      ["Team news", (a, b) => `${b} are without their first-choice centre-back; ${a} get their captain back.`],
      ["Set pieces", (a) => `${a} score a third of their goals from set pieces, and this opponent defends them badly.`],
    ],
    quote: {
      text: "We have to be braver on the ball. We gave them too much respect.",
      who: "a manager after the weekend",
    },
    titles: {
      take: (a, b) => `${a} vs ${b}: freshness over form`,
      trends: (a) => `Five numbers before ${a} kick off`,
      breakdown: (a, b) => `${a} vs ${b}: form, team news and set pieces`,
      quote: (a) => `"Braver on the ball": can ${a} answer?`,
    },
    angles: [
      (a) => `${poss(a)} expected goals at home are among the best in the league.`,
      (a, b) => `${b} played extra time in midweek and rotated nobody.`,
      () => `Set pieces are the edge: one side scores from them, the other cannot defend them.`,
    ],
  },
  MMA: {
    trends: [
      (a) => `${a} has won five of his last six by finish, four of them in the first two rounds.`,
      (a, b) => `${b} has been taken down in every fight against a wrestler.`,
      () => `Favourites of -250 or shorter have won 81% of main events this year.`,
      (a) => `${a} has never missed weight, and the opponent has missed twice.`,
      (a, b) => `Southpaws are 6-2 against ${b} in his career.`,
    ],
    takes: [
      (a, b) =>
        `${a} looked drained at the weigh-ins and the price has not moved. I'm taking a small position on ${b} and watching the camp footage one more time.`,
      (a) => `The fight goes where ${a} wants it to go: if he gets the clinch, it's over.`,
      (a, b) =>
        `Five rounds is a long time for ${poss(b)} gas tank. The first ten minutes are his; the last fifteen are not.`,
    ],
    breakdown: [
      ["Striking", (a, b) => `${a} lands more significant strikes per minute, but ${b} has the cleaner defence.`],
      ["Grappling", (a) => `${a} averages three takedowns a fight and keeps top position.`],
      [
        "Cardio and the cut",
        (a, b) => `${b} is up a weight class for the first time. Ask how that has gone for others.`,
      ],
    ],
    quote: { text: "I'm going to put him on the canvas and keep him there.", who: "a fighter at the open workouts" },
    titles: {
      take: (a, b) => `${a} vs. ${b}: what the weigh-ins told me`,
      trends: (a) => `Five things to know about ${a} before fight night`,
      breakdown: (a, b) => `${a} vs. ${b}: striking, grappling and the cut`,
      quote: (a) => `${a} wants the canvas. Can he get it there?`,
    },
    angles: [
      (a, b) => `${a} has the wrestling to dictate where this fight happens, and ${b} has never shown he can get up.`,
      (a) => `The camp footage shows ${a} sharp and healthy.`,
      () => `Judging matters: three of these judges favour volume over damage.`,
    ],
  },
  Boxing: {
    trends: [
      (a) => `${a} has won the last four rounds on all three cards in each of his last five fights.`,
      (a, b) => `${b} has been knocked down in three of his last six fights.`,
      () => `Title fights in this division have gone the distance 62% of the time.`,
      (a) => `${a} lands 38% of his power punches, the best rate in the division.`,
      (a, b) => `${b} fades after round eight: his punch output falls by a third.`,
    ],
    takes: [
      (a, b) =>
        `${a} is the better boxer, but ${b} has the power to change the fight with one shot. The moneyline is fair; the method-of-victory price is not.`,
      (a) => `Twelve rounds favour ${a}. His jab wins rounds even when nothing else does.`,
      (a, b) => `I'm passing on the main event. ${a} and ${b} are priced exactly right.`,
    ],
    breakdown: [
      ["Jab and range", (a) => `${a} controls distance with the jab and rarely gets hit clean.`],
      ["Power", (a, b) => `${b} has stopped eleven of his last fourteen opponents.`],
      ["The cards", () => `Two of the three judges scored the last title fight here wide for the busier fighter.`],
    ],
    quote: {
      text: "He hasn't been hit by someone like me. Watch the later rounds.",
      who: "a champion at the final press conference",
    },
    titles: {
      take: (a, b) => `${a} vs. ${b}: where the value is on fight night`,
      trends: (a) => `Five numbers behind ${poss(a)} title defence`,
      breakdown: (a, b) => `${a} vs. ${b}: the jab, the power and the cards`,
      quote: (a) => `"Watch the later rounds": is ${a} right?`,
    },
    angles: [
      (a) => `${poss(a)} jab wins rounds on its own, and the judges reward it.`,
      (a, b) => `${b} fades late, and twelve rounds is a long way.`,
      () => `The price moved the wrong way after the weigh-in; the value is back.`,
    ],
  },
  Tennis: {
    trends: [
      (a) => `${a} has won 88% of service games on hard courts this season.`,
      (a, b) => `${b} is 3-7 in deciding sets against top-ten players.`,
      (a) => `${a} has covered the games handicap in eight of ten matches as a favourite.`,
      (a, b) => `${poss(b)} second-serve points won have dropped below 50% in the last month.`,
      () => `Indoor courts have played fast all week: tiebreaks are up.`,
    ],
    takes: [
      (a, b) => `${a} played three hours yesterday, ${b} had a walkover. Fresh legs matter more than ranking points.`,
      (a) => `The surface suits ${poss(a)} first serve, and the price still treats this as a coin flip.`,
      (a, b) => `No bet on ${a}-${b}: the line is sharp and I have no edge.`,
    ],
    breakdown: [
      ["Serve", (a) => `${a} wins 80% of first-serve points indoors.`],
      ["Return", (a, b) => `${b} breaks in a quarter of return games, best on the tour this month.`],
      ["Schedule", (a) => `${a} has played nine sets in three days.`],
    ],
    quote: {
      text: "My body feels good. I'm ready for a long match if it comes.",
      who: "a top seed after the quarter-final",
    },
    titles: {
      take: (a, b) => `${a} vs. ${b}: fresh legs over ranking points`,
      trends: (a) => `Five numbers for ${poss(a)} match today`,
      breakdown: (a, b) => `${a} vs. ${b}: serve, return and the schedule`,
      quote: (a) => `${a} says the body feels good. The numbers agree.`,
    },
    angles: [
      (a) => `${poss(a)} serve holds are the best in the draw.`,
      (a, b) => `${b} has played twice as many sets this week.`,
      () => `The surface is fast and favours the bigger server.`,
    ],
  },
  Golf: {
    trends: [
      (a) => `${a} has gained strokes on approach in twelve straight rounds.`,
      (a, b) => `${b} has never finished better than 30th at this course.`,
      () => `Long hitters have won four of the last five years here.`,
      (a) => `${a} ranks top five in strokes gained around the green on Bermuda grass.`,
      (a, b) => `${poss(b)} putting falls apart on fast greens.`,
    ],
    takes: [
      (a, b) =>
        `${a} fits this course like a glove: long, accurate and good out of the rough. ${b} is the bigger name but the worse fit.`,
      (a) => `Wind in the afternoon wave favours ${poss(a)} low ball flight.`,
      (a, b) => `Head-to-head matchups are where the edge is this week, not outrights: ${a} over ${b} is my best one.`,
    ],
    breakdown: [
      ["Course fit", (a) => `${a} ranks top ten in driving distance and approach from 175 to 200 yards.`],
      ["Form", (a, b) => `${b} has missed two cuts in his last four starts.`],
      ["Weather", () => `The afternoon wave gets the wind on Thursday; the morning wave on Friday.`],
    ],
    quote: {
      text: "You have to drive it well here. Miss the fairway and you're guessing.",
      who: "a former champion of the event",
    },
    titles: {
      take: (a, b) => `${a} vs. ${b}: course fit over name value`,
      trends: (a) => `Five stats that make ${a} the play this week`,
      breakdown: (a, b) => `${a} vs. ${b}: fit, form and the draw`,
      quote: (a) => `"Drive it well here": why that points to ${a}`,
    },
    angles: [
      (a) => `${a} gains strokes off the tee on every long course he plays.`,
      (a, b) => `${poss(b)} putting on fast greens is a weakness this course exposes.`,
      () => `The tee-time draw gives one side the calmer conditions.`,
    ],
  },
  Esports: {
    trends: [
      (a) => `${a} have won 14 of their last 16 maps on Mirage.`,
      (a, b) => `${b} are 2-6 in series after a roster change.`,
      (a) => `${a} win 58% of pistol rounds, best in the league.`,
      (a, b) => `${b} lose the first map of a series more often than not.`,
      () => `Best-of-three series between top-ten teams go the distance 48% of the time.`,
    ],
    takes: [
      (a, b) =>
        `The new patch nerfed ${poss(b)} comfort picks. ${a} adapted in scrims already, according to two people close to the team.`,
      (a) => `${a} are priced like the old roster. They are not the old roster.`,
      (a, b) => `${a}-${b} goes three maps. Map handicap over the moneyline.`,
    ],
    breakdown: [
      ["Map pool", (a, b) => `${a} pick Mirage every time; ${b} ban it every time. The veto decides the series.`],
      ["Roster", (a) => `${a} have a stand-in for the second event running.`],
      ["Patch", () => `The latest patch changed the economy, and aggressive teams have gained most.`],
    ],
    quote: {
      text: "We've been practising the new patch for two weeks. We're ready.",
      who: "a team's coach before the playoffs",
    },
    titles: {
      take: (a, b) => `${a} vs. ${b}: the patch changes everything`,
      trends: (a) => `Five numbers behind ${poss(a)} playoff run`,
      breakdown: (a, b) => `${a} vs. ${b}: map pool, roster and the patch`,
      quote: (a) => `Ready for the patch? ${a} say yes`,
    },
    angles: [
      (a) => `${poss(a)} map pool lines up well with this veto.`,
      (a, b) => `${b} have a stand-in and two weeks of bad scrims.`,
      () => `The patch favours the aggressive side.`,
    ],
  },
};

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

/** The teaser everyone sees: the game (and its league, when named) and its start, never the side. */
export function pickPreviewText(matchup: string, start: string, variant: number, league?: string): string {
  const game = league ? `${matchup} (${league})` : matchup;
  return [
    `${game}, ${start}. The side, the stake and the full breakdown are for subscribers.`,
    `${game} on ${start}: I have a position. Subscribers see the number and why.`,
    `${start}: ${game}. One of my stronger plays this week, with the reasoning for subscribers.`,
  ][variant % 3];
}
