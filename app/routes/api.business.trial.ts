import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { setTrialDaysCommand } from "~/modules/subscriptions/commands.server";
import { readTrialDays } from "~/modules/subscriptions/trials.server";
import { apiPayload, handleApi } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `GET /api/business/trial` (experts) → `{payload: {days}}`: the free trial new subscribers get (0: none). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    return apiPayload({ days: await readTrialDays(context.db, viewer.user.id) });
  }, context.log);
}

/** `POST /api/business/trial {days}` (experts; 0 to 30) → `{payload: {days}}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, setTrialDaysCommand) }, { alsoAllows: ["GET"] });
