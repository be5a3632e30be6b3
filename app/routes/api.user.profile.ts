import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { updateProfileCommand } from "~/modules/profiles/commands.server";
import { getProfile } from "~/modules/profiles/profiles.server";
import { apiPayload, handleApi } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `GET /api/user/profile` → `{payload: Profile}` (signed in; 401 otherwise). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    return apiPayload(await getProfile(context.db, viewer.user.id));
  }, context.log);
}

/** `PUT /api/user/profile {avatar, cover, firstName, location, dateOfBirth, timezone, expertAboutText}` (confirmed e-mail). */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { PUT: () => apiCommand(args, updateProfileCommand) }, { alsoAllows: ["GET"] });
