/** The phrases for the demo's posts on fights, tennis, golf and esports. */
import { poss, type SportWords } from "./words";

export const OTHER_SPORT_WORDS: Record<string, SportWords> = {
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
