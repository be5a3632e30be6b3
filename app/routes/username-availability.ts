import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireViewer } from "~/modules/accounts/gates.server";
import { actionResult } from "~/web/action-result.server";
import { AppError } from "~/modules/http/app-error";
import { userNameSchema, type UserNameAvailability } from "~/modules/profiles/profile-schema";
import { isUserNameAvailable } from "~/modules/profiles/profiles.server";

/**
 * `?userName=` → `{ok, userName, available}`: the settings form's live check, as
 * `GET /api/user/profile/username` answers it; a malformed name is a 400 with the rule's message.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const raw = (new URL(request.url).searchParams.get("userName") ?? "").trim();
  return actionResult(async (): Promise<UserNameAvailability> => {
    const parsed = userNameSchema.safeParse(raw);
    if (!parsed.success) {
      const message = parsed.error.issues[0].message;
      throw new AppError(400, message, { userName: [message] });
    }
    const userName = parsed.data;
    return { userName, available: await isUserNameAvailable(context.db, viewer.user.id, userName) };
  });
}
