import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiConfirmedViewer, requireApiViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { profileInputSchema } from "~/modules/profiles/profile-schema";
import { getProfile, updateProfile } from "~/modules/profiles/profiles.server";

/** `GET /api/user/profile` → `{payload: Profile}` (signed in; 401 otherwise). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    return apiPayload(await getProfile(context.db, viewer.user.id));
  }, context.log);
}

/** `PUT /api/user/profile {avatar, cover, firstName, location, dateOfBirth, timezone, expertAboutText}` (confirmed e-mail). */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
    const viewer = await requireApiConfirmedViewer(request, context);
    const input = await readJsonBody(request, profileInputSchema);
    return apiPayload(await updateProfile(context.db, viewer.user, input));
  }, context.log);
}
