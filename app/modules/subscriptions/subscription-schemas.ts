/** Request shapes of the subscriptions and follows API. */
import { z } from "zod";
import { pageQuery } from "~/modules/http/search-params";
import { redeemCodeField } from "./promo-codes";

export const EXPERT_REQUIRED = "Choose an expert.";

/**
 * `POST` and `DELETE /api/subscriptions {expertId, from?, code?}`: `from` is the address of the page the
 * subscription began on (a post's, for the expert's figures); anything else is ignored.
 */
export const subscriptionBodySchema = z.object({
  expertId: z.string({ required_error: EXPERT_REQUIRED, invalid_type_error: EXPERT_REQUIRED }).min(1, EXPERT_REQUIRED),
  from: z.string().max(2048).optional().catch(undefined),
  /** A promo code (POST only; blank: none). */
  code: redeemCodeField,
});

export const SUBSCRIPTION_STATUSES = ["Pending", "Activated", "PastDue", "Canceled", "Expired"] as const;

/** `GET /api/user/subscriptions?status&page&size`; without a status, every subscription that ever started. */
export const userSubscriptionsQuerySchema = z.object({
  ...pageQuery,
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
});

export const pageOnlySchema = z.object(pageQuery);
