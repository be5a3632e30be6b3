import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { createPromoCodeCommand } from "~/modules/subscriptions/commands.server";
import { listPromoCodes } from "~/modules/subscriptions/promo-codes.server";
import { apiPayload, handleApi } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `GET /api/business/promo-codes` (experts) → `{payload: {items}}`: their codes, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    return apiPayload({ items: await listPromoCodes(context.db, viewer.user.id) });
  }, context.log);
}

/**
 * `POST /api/business/promo-codes {code, percentOff | amountOff (cents), duration: "once" | "forever",
 * expiresOn?: "YYYY-MM-DD", maxRedemptions?}` (experts) → 201 `{payload: {promoCode}}`.
 */
export const action = (args: ActionFunctionArgs) =>
  byMethod(
    args.request,
    { POST: () => apiCommand(args, createPromoCodeCommand, { status: 201 }) },
    {
      alsoAllows: ["GET"],
    },
  );
