import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiConfirmedViewer, requireApiViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody, readQuery } from "~/web/api.server";
import { userNameBodySchema, userNameSchema, type UserNameAvailability } from "~/modules/profiles/profile-schema";
import { changeUserName, isUserNameAvailable } from "~/modules/profiles/profiles.server";

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
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    const viewer = await requireApiConfirmedViewer(request, context);
    const { userName } = await readJsonBody(request, userNameBodySchema);
    return apiPayload({ userName: await changeUserName(context.db, viewer.user.id, userName) });
  }, context.log);
}
