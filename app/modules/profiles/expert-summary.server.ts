/**
 * A person's card (id, names, avatar) read from `users` and `profiles`: the expert of a
 * subscription or follow, a subscriber, a tipper in Cheers, a leaderboard row.
 */
import { profiles, users } from "~/db/schema";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";

export interface ExpertSummary {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string;
}

/** The card's columns, for a select joining `users` and (left) `profiles`. */
export const expertSummaryColumns = {
  id: users.id,
  userName: users.userName,
  firstName: users.firstName,
  lastName: users.lastName,
  avatar: profiles.avatar,
};

export const toExpertSummary = (row: {
  id: string;
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
}): ExpertSummary => ({
  id: row.id,
  userName: row.userName,
  firstName: row.firstName,
  lastName: row.lastName,
  avatar: avatarOrDefault(row.avatar, row.userName),
});
