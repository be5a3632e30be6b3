import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { changeUserNameCommand } from "~/modules/profiles/commands.server";
import { userNameSchema, type UserNameAvailability } from "~/modules/profiles/profile-schema";
import { isUserNameAvailable } from "~/modules/profiles/profiles.server";
import { apiPayload, handleApi, readQuery } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/**
 * `GET /api/user/profile/username?userName=` → `{payload: {userName, available}}` (signed in):
 * the settings form's live check. A malformed name is a 400 with the rule's message.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    const { userName } = readQuery(request, z.object({ userName: userNameSchema }));
    const answer: UserNameAvailability = {
      userName,
      available: await isUserNameAvailable(context.db, viewer.user.id, userName),
    };
    return apiPayload(answer);
  }, context.log);
}

/** `PUT /api/user/profile/username {userName}` → `{payload: {userName}}` (confirmed e-mail). */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { PUT: () => apiCommand(args, changeUserNameCommand) }, { alsoAllows: ["GET"] });
