import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiConfirmedViewer } from "~/modules/accounts/gates.server";
import { redeemCodeField } from "~/modules/subscriptions/promo-codes";
import { subscriptionOffer } from "~/modules/subscriptions/subscription-offer.server";
import { EXPERT_REQUIRED } from "~/modules/subscriptions/subscription-schemas";
import { apiPayload, handleApi, readQuery } from "~/web/api.server";

const offerQuerySchema = z.object({
  expertId: z.string({ required_error: EXPERT_REQUIRED }).min(1, EXPERT_REQUIRED),
  code: redeemCodeField,
});

/**
 * `GET /api/subscriptions/offer?expertId&code?` → `{payload: {price, trialDays, code}}`: what
 * subscribing costs the reader (the subscribe step's figures); a code that cannot be used is a 422
 * on `code` saying why.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiConfirmedViewer(request, context);
    const query = readQuery(request, offerQuerySchema);
    return apiPayload(await subscriptionOffer(context.db, query.expertId, viewer.user.id, query.code));
  }, context.log);
}
