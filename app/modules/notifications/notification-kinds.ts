/**
 * The kinds product.md "Entities" names, as the API answers them (capitalised), and Cheer: an expert
 * received Cheers (a tip, decision 027).
 */
export const NOTIFICATION_KINDS = [
  "PostLike",
  "ExpertNewPost",
  "NewSubscription",
  "NewEvent",
  "PostLive",
  "NewComment",
  "ReplyComment",
  "Cheer",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
