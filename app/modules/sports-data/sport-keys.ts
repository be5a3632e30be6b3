/**
 * The Odds API's sport keys → our sports (categories have fixed ids, migration 0002). A key not
 * mapped here is skipped: its games would land in no sport of ours.
 */
export const SPORT_KEY_CATEGORIES: Readonly<Record<string, number>> = {
  americanfootball_nfl: 1,
  basketball_nba: 2,
  baseball_mlb: 3,
  icehockey_nhl: 4,
  americanfootball_ncaaf: 5,
  basketball_ncaab: 6,
  soccer_epl: 7,
  soccer_usa_mls: 7,
  soccer_uefa_champs_league: 7,
  soccer_spain_la_liga: 7,
  soccer_germany_bundesliga: 7,
  soccer_italy_serie_a: 7,
  soccer_france_ligue_one: 7,
  mma_mixed_martial_arts: 8,
  boxing_boxing: 9,
};

const TENNIS = 10;

/** What a provider sport key looks like (it goes into a URL path). */
export const SPORT_KEY_PATTERN = /^[a-z0-9_]{1,100}$/;

/** Our category for a provider sport key; tennis keys name a tournament (`tennis_atp_wimbledon`). */
export function categoryForSportKey(key: string): number | null {
  if (Object.hasOwn(SPORT_KEY_CATEGORIES, key)) return SPORT_KEY_CATEGORIES[key];
  if (key.startsWith("tennis_") && SPORT_KEY_PATTERN.test(key)) return TENNIS;
  return null;
}

/**
 * The sports the sync asks for: `ODDS_API_SPORTS` when set, else every key mapped above (tennis
 * keys change with each tournament, so they are synced only when listed).
 */
export function syncedSportKeys(configured: readonly string[] | undefined): string[] {
  const keys = configured && configured.length > 0 ? configured : Object.keys(SPORT_KEY_CATEGORIES);
  return [...new Set(keys)].filter((key) => categoryForSportKey(key) !== null);
}
