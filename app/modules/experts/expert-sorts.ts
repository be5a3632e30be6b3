/** How `/discover-experts` and `GET /api/experts` order experts (decision 025); client-safe. */
export const EXPERT_SORTS = ["subscribers", "record", "newest"] as const;
export type ExpertSort = (typeof EXPERT_SORTS)[number];
