/** Query strings of the record's lists (client-safe: the pages build their links from them). */
import { z } from "zod";
import { wholeNumber } from "~/modules/http/search-params";
import { RECORD_WINDOWS } from "./figures";

export const LEADERBOARD_PAGE_SIZE = 25;

export const LEADERBOARD_SORTS = ["score", "luck"] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];
export const LEADERBOARD_SORT_LABELS: Record<LeaderboardSort, string> = {
  score: "Risk-adjusted units",
  luck: "Least likely luck",
};

export const leaderboardQuerySchema = z.object({
  window: z
    .enum(RECORD_WINDOWS, { invalid_type_error: "Invalid input", message: `One of ${RECORD_WINDOWS.join(", ")}` })
    .default("30d"),
  categoryId: wholeNumber(0, 1_000_000, 0),
  page: wholeNumber(1, 10_000, 1),
  size: wholeNumber(1, 100, LEADERBOARD_PAGE_SIZE),
  /** `score` (risk-adjusted units) or `luck` (the least likely by luck first). */
  sort: z.enum(LEADERBOARD_SORTS).default("score"),
});

export type LeaderboardSearch = z.output<typeof leaderboardQuerySchema>;
