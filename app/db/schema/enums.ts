/** Enumerations (the product's spellings) */
import { pgEnum } from "drizzle-orm/pg-core";

export const signUpFlow = pgEnum("sign_up_flow", ["User", "Expert"]);
export const postType = pgEnum("post_type", ["Post", "Pick"]);
export const postVisibility = pgEnum("post_visibility", ["Free", "Subscribers"]);
export const postStatus = pgEnum("post_status", ["Published", "Draft"]);
export const pickResult = pgEnum("pick_result", ["Win", "Loss", "Push", "Void"]);
export const eventStatus = pgEnum("event_status", ["Scheduled", "Live", "Final", "Canceled"]);
export const membershipStatus = pgEnum("membership_status", ["None", "Pending", "Active"]);
export const subscriptionStatus = pgEnum("subscription_status", [
  "Pending",
  "Activated",
  "PastDue",
  "Canceled",
  "Expired",
]);
export const notificationType = pgEnum("notification_type", [
  "PostLike",
  "ExpertNewPost",
  "NewSubscription",
  "NewEvent",
  "PostLive",
  "NewComment",
  "ReplyComment",
  "Cheer",
  "PickGraded",
]);
/** What a pick bets on (decision 026): a parlay is two or more legs of the others. */
export const pickMarket = pgEnum("pick_market", ["Moneyline", "Spread", "Total", "PlayerProp", "TeamProp", "Parlay"]);
export const paymentKind = pgEnum("payment_kind", ["Membership", "Subscription", "Tip"]);
export const paymentStatus = pgEnum("payment_status", ["Pending", "Succeeded", "Failed", "Refunded"]);
export const uploadStatus = pgEnum("upload_status", ["Pending", "Complete"]);
export const supportRequestKind = pgEnum("support_request_kind", ["Call", "Message"]);
