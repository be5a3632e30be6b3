/**
 * The record's configurable rules (decision 026): how long after posting a pick may still be
 * withdrawn, and how old a market snapshot may be to price a pick. Client-safe.
 */
export interface RecordRules {
  /** A posted pick may be withdrawn this many minutes after posting (0: never). */
  withdrawGraceMinutes: number;
  /** A moneyline, spread or total leg needs its market's newest snapshot at most this many minutes old. */
  marketMaxAgeMinutes: number;
}

export const DEFAULT_RECORD_RULES: RecordRules = { withdrawGraceMinutes: 5, marketMaxAgeMinutes: 20 };

export function recordRules(env: { PICK_WITHDRAW_MINUTES: number; MARKET_MAX_AGE_MINUTES: number }): RecordRules {
  return { withdrawGraceMinutes: env.PICK_WITHDRAW_MINUTES, marketMaxAgeMinutes: env.MARKET_MAX_AGE_MINUTES };
}

/** Whether a pick posted at `postedAt` may still be withdrawn at `now`. */
export function withinWithdrawGrace(postedAt: Date, now: Date, rules: RecordRules): boolean {
  return now.getTime() - postedAt.getTime() <= rules.withdrawGraceMinutes * 60_000;
}
