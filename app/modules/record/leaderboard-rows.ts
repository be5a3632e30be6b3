/** The leaderboard's top as the pages' boxes list it: only what they show goes to the browser. Client-safe. */

export interface LeaderboardRowExpert {
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string;
}

export interface LeaderboardRow {
  rank: number;
  expert: LeaderboardRowExpert;
  units: number;
}

export const toLeaderboardRows = (
  entries: { rank: number; expert: LeaderboardRowExpert; figures: { units: number } }[],
): LeaderboardRow[] =>
  entries.map(({ rank, expert, figures }) => ({
    rank,
    expert: {
      userName: expert.userName,
      firstName: expert.firstName,
      lastName: expert.lastName,
      avatar: expert.avatar,
    },
    units: figures.units,
  }));
