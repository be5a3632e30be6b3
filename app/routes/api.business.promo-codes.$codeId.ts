import type { ActionFunctionArgs } from "@remix-run/node";
import { endPromoCodeCommand } from "~/modules/subscriptions/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod, given } from "~/web/commands.server";

/** `DELETE /api/business/promo-codes/{id}` (the code's expert) ends it → `{payload: {promoCode}}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, {
    DELETE: () => apiCommand(args, endPromoCodeCommand, { input: given({ codeId: args.params.codeId }) }),
  });

export const loader = () => methodNotAllowed(["DELETE"]);
