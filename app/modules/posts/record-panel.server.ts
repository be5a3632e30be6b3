/**
 * The expert page's "Record and figures" panel: the figures per window and sport, the units
 * chart and one page of graded picks. The page renders it server-side only when its address asks
 * for a page of graded picks (`?graded=`); otherwise the browser loads it as it scrolls near it
 * (`/experts/{expertId}/record`), so the first view stays light (decision 030).
 */
import type { Database } from "~/db/client.server";
import { DEFAULT_PAGE_SIZE, totalPagesOf } from "~/modules/http/page-param";
import { expertRecordFigures, gradedPickIds, unitsOverTime } from "~/modules/record/record.server";
import { serializePosts, type PostDTO } from "./post-serializer.server";

/** A line of the graded picks: only what it renders goes to the browser. */
export type GradedPickRow = Pick<
  PostDTO,
  "id" | "selection" | "title" | "odds" | "settledOdds" | "units" | "pickResult" | "selfGraded"
>;

export function toGradedRows(picks: PostDTO[]): GradedPickRow[] {
  return picks.map(({ id, selection, title, odds, settledOdds, units, pickResult, selfGraded }) => ({
    id,
    selection,
    title,
    odds,
    settledOdds,
    units,
    pickResult,
    selfGraded,
  }));
}

/** Graded and withdrawn picks per page of the record's list (`?graded=`). */
export const GRADED_PICKS_PAGE = DEFAULT_PAGE_SIZE;

export async function loadRecordPanel(
  db: Database,
  expertId: string,
  viewerId: string | null,
  gradedPage: number,
  now = new Date(),
) {
  const [figures, chart, graded] = await Promise.all([
    expertRecordFigures(db, expertId),
    unitsOverTime(db, expertId),
    // The graded picks through the one serializer: their bets are public, their analysis is not.
    gradedPickIds(db, expertId, gradedPage, GRADED_PICKS_PAGE).then(async ({ ids, totalItems }) => ({
      rows: toGradedRows(await serializePosts(db, viewerId, ids, now)),
      totalItems,
    })),
  ]);
  return {
    figures,
    chart,
    gradedPicks: graded.rows,
    gradedPage,
    gradedPages: totalPagesOf(graded.totalItems, GRADED_PICKS_PAGE),
  };
}

export type RecordPanelData = Awaited<ReturnType<typeof loadRecordPanel>>;
