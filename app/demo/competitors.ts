/**
 * Who plays in the demo: real-looking clubs with their colours (the cover art paints a game in its
 * two sides' colours), and, for fights, tennis, golf and esports, pairs who meet each other.
 */
export interface Competitor {
  name: string;
  /** What a write-up calls them: "Celtics", "Usyk". */
  short: string;
  colors: [string, string];
}

const team = (name: string, short: string, primary: string, secondary: string): Competitor => ({
  name,
  short,
  colors: [primary, secondary],
});

/** Sports where two people (or two rosters) meet on neutral ground: no home or away, a moneyline only. */
export const HEAD_TO_HEAD_SPORTS = new Set(["MMA", "Boxing", "Tennis", "Golf"]);
/** Sports whose list is of pairs: entry 2k meets entry 2k + 1. */
export const PAIRED_SPORTS = new Set(["MMA", "Boxing", "Tennis", "Golf", "Esports"]);

export const COMPETITORS: Record<string, Competitor[]> = {
  NFL: [
    team("Kansas City Chiefs", "Chiefs", "#E31837", "#FFB81C"),
    team("Buffalo Bills", "Bills", "#00338D", "#C60C30"),
    team("Philadelphia Eagles", "Eagles", "#004C54", "#A5ACAF"),
    team("Dallas Cowboys", "Cowboys", "#041E42", "#869397"),
    team("San Francisco 49ers", "49ers", "#AA0000", "#B3995D"),
    team("Detroit Lions", "Lions", "#0076B6", "#B0B7BC"),
    team("Baltimore Ravens", "Ravens", "#241773", "#9E7C0C"),
    team("Green Bay Packers", "Packers", "#203731", "#FFB612"),
  ],
  NBA: [
    team("Boston Celtics", "Celtics", "#007A33", "#BA9653"),
    team("Denver Nuggets", "Nuggets", "#0E2240", "#FEC524"),
    team("Los Angeles Lakers", "Lakers", "#552583", "#FDB927"),
    team("Milwaukee Bucks", "Bucks", "#00471B", "#EEE1C6"),
    team("Golden State Warriors", "Warriors", "#1D428A", "#FFC72C"),
    team("New York Knicks", "Knicks", "#006BB6", "#F58426"),
    team("Oklahoma City Thunder", "Thunder", "#007AC1", "#EF3B24"),
    team("Miami Heat", "Heat", "#98002E", "#F9A01B"),
  ],
  MLB: [
    team("Los Angeles Dodgers", "Dodgers", "#005A9C", "#EF3E42"),
    team("New York Yankees", "Yankees", "#0C2340", "#C4CED3"),
    team("Atlanta Braves", "Braves", "#CE1141", "#13274F"),
    team("Houston Astros", "Astros", "#002D62", "#EB6E1F"),
    team("Philadelphia Phillies", "Phillies", "#E81828", "#002D72"),
    team("Texas Rangers", "Rangers", "#003278", "#C0111F"),
  ],
  NHL: [
    team("Colorado Avalanche", "Avalanche", "#6F263D", "#236192"),
    team("Edmonton Oilers", "Oilers", "#041E42", "#FF4C00"),
    team("Florida Panthers", "Panthers", "#041E42", "#C8102E"),
    team("New York Rangers", "Rangers", "#0038A8", "#CE1126"),
    team("Dallas Stars", "Stars", "#006847", "#8F8F8C"),
    team("Vegas Golden Knights", "Golden Knights", "#B4975A", "#333F42"),
  ],
  NCAAF: [
    team("Georgia", "Georgia", "#BA0C2F", "#1A1A1A"),
    team("Michigan", "Michigan", "#00274C", "#FFCB05"),
    team("Texas", "Texas", "#BF5700", "#333F48"),
    team("Ohio State", "Ohio State", "#BB0000", "#666666"),
    team("Oregon", "Oregon", "#154733", "#FEE123"),
    team("Alabama", "Alabama", "#9E1B32", "#828A8F"),
  ],
  NCAAB: [
    team("Duke", "Duke", "#003087", "#00539B"),
    team("Kansas", "Kansas", "#0051BA", "#E8000D"),
    team("UConn", "UConn", "#000E2F", "#E4002B"),
    team("Houston", "Houston", "#C8102E", "#B2B4B2"),
    team("Purdue", "Purdue", "#CEB888", "#1A1A1A"),
    team("Gonzaga", "Gonzaga", "#041E42", "#C8102E"),
  ],
  Soccer: [
    team("Arsenal", "Arsenal", "#EF0107", "#063672"),
    team("Manchester City", "City", "#6CABDD", "#1C2C5B"),
    team("Liverpool", "Liverpool", "#C8102E", "#00B2A9"),
    team("Chelsea", "Chelsea", "#034694", "#DBA111"),
    team("LA Galaxy", "Galaxy", "#00245D", "#FFD200"),
    team("Inter Miami", "Inter Miami", "#F7B5CD", "#231F20"),
  ],
  // Fights: the first of each pair is in the red corner, the second in the blue.
  MMA: [
    team("Alex Pereira", "Pereira", "#B91C1C", "#7F1D1D"),
    team("Magomed Ankalaev", "Ankalaev", "#1D4ED8", "#1E3A8A"),
    team("Islam Makhachev", "Makhachev", "#B91C1C", "#7F1D1D"),
    team("Arman Tsarukyan", "Tsarukyan", "#1D4ED8", "#1E3A8A"),
    team("Ilia Topuria", "Topuria", "#B91C1C", "#7F1D1D"),
    team("Max Holloway", "Holloway", "#1D4ED8", "#1E3A8A"),
    team("Charles Oliveira", "Oliveira", "#B91C1C", "#7F1D1D"),
    team("Justin Gaethje", "Gaethje", "#1D4ED8", "#1E3A8A"),
  ],
  Boxing: [
    team("Oleksandr Usyk", "Usyk", "#B91C1C", "#FACC15"),
    team("Daniel Dubois", "Dubois", "#1D4ED8", "#E5E7EB"),
    team("Terence Crawford", "Crawford", "#B91C1C", "#FACC15"),
    team("Saul Alvarez", "Canelo", "#1D4ED8", "#E5E7EB"),
    team("Naoya Inoue", "Inoue", "#B91C1C", "#FACC15"),
    team("Junto Nakatani", "Nakatani", "#1D4ED8", "#E5E7EB"),
    team("Shakur Stevenson", "Stevenson", "#B91C1C", "#FACC15"),
    team("William Zepeda", "Zepeda", "#1D4ED8", "#E5E7EB"),
  ],
  Tennis: [
    team("Carlos Alcaraz", "Alcaraz", "#B45309", "#FDE68A"),
    team("Jannik Sinner", "Sinner", "#047857", "#A7F3D0"),
    team("Novak Djokovic", "Djokovic", "#1E3A8A", "#BFDBFE"),
    team("Alexander Zverev", "Zverev", "#374151", "#D1D5DB"),
    team("Aryna Sabalenka", "Sabalenka", "#BE123C", "#FECDD3"),
    team("Iga Swiatek", "Swiatek", "#7C3AED", "#DDD6FE"),
    team("Coco Gauff", "Gauff", "#0369A1", "#BAE6FD"),
    team("Elena Rybakina", "Rybakina", "#0F766E", "#99F6E4"),
  ],
  Golf: [
    team("Scottie Scheffler", "Scheffler", "#166534", "#BBF7D0"),
    team("Rory McIlroy", "McIlroy", "#1E40AF", "#BFDBFE"),
    team("Xander Schauffele", "Schauffele", "#9A3412", "#FED7AA"),
    team("Ludvig Aberg", "Aberg", "#0E7490", "#A5F3FC"),
    team("Collin Morikawa", "Morikawa", "#3F6212", "#D9F99D"),
    team("Tommy Fleetwood", "Fleetwood", "#6D28D9", "#DDD6FE"),
  ],
  Esports: [
    team("Team Vitality", "Vitality", "#F5C400", "#1A1A1A"),
    team("G2 Esports", "G2", "#E2231A", "#1A1A1A"),
    team("T1", "T1", "#E2012D", "#1A1A1A"),
    team("Gen.G", "Gen.G", "#AA8A00", "#1A1A1A"),
    team("FaZe Clan", "FaZe", "#E43D30", "#1A1A1A"),
    team("NAVI", "NAVI", "#FFEE00", "#1A1A1A"),
  ],
};

/** Names only, per sport: what the games are played between. */
export const TEAMS: Record<string, string[]> = Object.fromEntries(
  Object.entries(COMPETITORS).map(([sport, list]) => [sport, list.map((c) => c.name)]),
);

const BY_NAME = new Map(Object.values(COMPETITORS).flatMap((list) => list.map((c) => [c.name, c] as const)));

export function competitor(name: string): Competitor {
  return BY_NAME.get(name) ?? { name, short: name, colors: ["#0f766e", "#14b8a6"] };
}

/** A paired sport's opponent of `name` (its pair's other entry). */
export function opponentOf(sport: string, name: string): string {
  const list = TEAMS[sport];
  const index = list.indexOf(name);
  return list[index ^ 1] ?? list[0];
}

/** "Bills at Chiefs", "Arsenal vs Chelsea" (home first), "Usyk vs. Dubois": a game in its sport's words. */
export function matchupLabel(sport: string, game: { homeTeam: string; awayTeam: string }, short = false): string {
  const name = (n: string) => (short ? competitor(n).short : n);
  if (sport === "Soccer") return `${name(game.homeTeam)} vs ${name(game.awayTeam)}`;
  if (PAIRED_SPORTS.has(sport)) return `${name(game.homeTeam)} vs. ${name(game.awayTeam)}`;
  return `${name(game.awayTeam)} at ${name(game.homeTeam)}`;
}
