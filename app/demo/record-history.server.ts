import { gradePickFromResults, type Grade } from "~/modules/record/grading";
import { legLabel, type PickLeg } from "~/modules/record/pick-markets";
import { buildPreview } from "~/modules/posts/slate";
import type { Database } from "~/db/client.server";
import { events, posts, type Event } from "~/db/schema";
import { competitor, HEAD_TO_HEAD_SPORTS, matchupLabel, opponentOf, PAIRED_SPORTS, TEAMS } from "./competitors";
import { finalScore, legGrading } from "./lines";
import { oddsText, paragraph, PICK_HOOKS } from "./posts";
import { easternStartLabel, latestStartTimeBefore } from "./schedule";
import { pastPickBody, pickPreviewText } from "./writing";

/**
 * Three months of graded picks per demo expert on games already played (spreads, totals,
 * moneylines; fights on the moneyline), each graded from its game's score: the record, the chart
 * and the leaderboard have something true to show. Answers how many picks it wrote.
 */
export async function seedRecordHistory(
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
      const scored: PickLeg = { eventId: event.id, ...bet, odds, description: null };
      const grade = gradePickFromResults(
        { market: scored.market, legs: [scored], odds },
        new Map([[event.id, event]]),
      )!;
      // Every eighth pick of a team sport is a team prop: graded by its expert, so it is counted
      // apart as self-reported (the verified record never includes it), and the demo shows both.
      const prop = index % 8 === 7 && !HEAD_TO_HEAD_SPORTS.has(plan.sport) && !PAIRED_SPORTS.has(plan.sport);
      const leg: PickLeg = prop
        ? {
            eventId: event.id,
            market: "TeamProp",
            side: "Over",
            line: 20.5,
            odds,
            description: `${competitor(plan.home).short} first-half points`,
          }
        : scored;
      const selection = legLabel(leg, event);
      const backed = leg.side === "Away" ? plan.away : plan.home;
      const other = backed === plan.home ? plan.away : plan.home;
      return {
        authorId: plan.expert.id,
        postType: "Pick" as const,
        title: PICK_HOOKS[variant % PICK_HOOKS.length],
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
        // A prop's grade is its expert's word (here: the result the demo drew for the bet).
        pickResult: prop ? (grade.result === "Loss" ? "Loss" : "Win") : grade.result,
        settledOdds: prop ? odds : grade.settledOdds,
        selfGraded: prop,
        gradedAt: event.resultedAt,
        createdAt: publishDate,
      };
    },
  );
  await tx.insert(posts).values(values);
  return values.length;
}
