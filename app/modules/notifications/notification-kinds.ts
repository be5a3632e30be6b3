/**
 * The kinds product.md "Entities" names, as the API answers them (capitalised), and Cheer: an expert
 * received Cheers (a tip, decision 024); PickGraded: a pick the reader asked to be notified about was graded.
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
  "PickGraded",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a graded pick's result reads in a sentence: "won", "lost", "pushed", "was voided". */
export function gradeWords(result: string | undefined): string {
  switch (result) {
    case "Win":
      return "won";
    case "Loss":
      return "lost";
    case "Push":
      return "pushed";
    case "Void":
      return "was voided";
    default:
      return "was graded";
  }
}
