import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { setWelcomeMessageCommand } from "~/modules/subscriptions/commands.server";
import { readWelcomeMessage } from "~/modules/subscriptions/subscriber-welcome.server";
import { apiPayload, handleApi } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `GET /api/business/welcome` (experts) → `{payload: {message}}`: their welcome to new subscribers, or null. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    return apiPayload({ message: await readWelcomeMessage(context.db, viewer.user.id) });
  }, context.log);
}

/** `POST /api/business/welcome {message}` (experts; empty: none) → `{payload: {message}}`. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { POST: () => apiCommand(args, setWelcomeMessageCommand) }, { alsoAllows: ["GET"] });
