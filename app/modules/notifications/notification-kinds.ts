/** The seven kinds SPEC.md section 3 names, as the API answers them (capitalised). */
export const NOTIFICATION_KINDS = ["PostLike", "ExpertNewPost", "NewSubscription", "NewEvent", "PostLive", "NewComment", "ReplyComment"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
