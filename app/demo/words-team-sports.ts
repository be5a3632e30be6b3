/** The team sports' phrases for the demo's posts (basketball and football shared by their pro and college leagues). */
import { poss, the, The, type SportWords } from "./words";

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

export const TEAM_SPORT_WORDS: Record<string, SportWords> = {
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
};
