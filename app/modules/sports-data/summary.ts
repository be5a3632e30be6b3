/** What one provider import did (client-safe: the admin page shows the sync's last summary). */
export interface ProviderImportSummary {
  eventsCreated: number;
  eventsUpdated: number;
  snapshotsAdded: number;
  resultsRecorded: number;
  picksGraded: number;
  /**
   * The provider disagrees with the record, or the file with itself, and the record stays: a result
   * in, a start refused, a stored game's teams named otherwise, one game named twice differently.
   */
  conflicts: number;
  /** Games not imported: a sport we do not carry, or (from the sync) a game that did not parse. */
  skipped: number;
}

export const emptySummary = (): ProviderImportSummary => ({
  eventsCreated: 0,
  eventsUpdated: 0,
  snapshotsAdded: 0,
  resultsRecorded: 0,
  picksGraded: 0,
  conflicts: 0,
  skipped: 0,
});

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 games added, 1 updated, 12 lines recorded, 1 result recorded, 2 picks graded." */
export function describeSummary(summary: ProviderImportSummary): string {
  const parts = [
    `${count(summary.eventsCreated, "game")} added`,
    `${summary.eventsUpdated} updated`,
    `${count(summary.snapshotsAdded, "line")} recorded`,
    `${count(summary.resultsRecorded, "result")} recorded`,
    `${count(summary.picksGraded, "pick")} graded`,
  ];
  if (summary.conflicts > 0) parts.push(`${count(summary.conflicts, "conflict")} with the record left as it is`);
  if (summary.skipped > 0) parts.push(`${count(summary.skipped, "game")} skipped`);
  return `${parts.join(", ")}.`;
}
