import type { ActionFunctionArgs } from "@remix-run/node";
import { signInBodySchema } from "~/modules/accounts/account-schemas";
import { signIn } from "~/modules/accounts/auth.server";
import { signOut } from "~/web/account-api.server";
import { sessionCookies } from "~/modules/accounts/sessions.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody, withCookies } from "~/web/api.server";

/** `POST /api/session {session}` signs in; `DELETE /api/session` signs out. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method === "DELETE") return signOut(request, context);
    if (request.method !== "POST") return methodNotAllowed(["POST", "DELETE"]);
    const { session: input } = await readJsonBody(request, signInBodySchema, { envelope: "session" });
    const { user, session } = await signIn(context, input, {
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    return withCookies(apiPayload({ user }), sessionCookies(context.env, session));
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST", "DELETE"]);
