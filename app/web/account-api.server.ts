/** API handlers shared by more than one route file. */
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody, withCookies } from "~/web/api.server";
import { readCookie } from "~/modules/http/cookies";
import { signUpBodySchema } from "~/modules/accounts/account-schemas";
import { signUp } from "~/modules/accounts/auth.server";
import {
  ACCESS_COOKIE,
  clearSessionCookies,
  readAccessCookie,
  REFRESH_COOKIE,
  revokeSession,
  sessionCookies,
  sessionIdOfRefreshToken,
} from "~/modules/accounts/sessions.server";

export async function signUpAction({ request, context }: ActionFunctionArgs, flow: "User" | "Expert") {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const { user: input } = await readJsonBody(request, signUpBodySchema, { envelope: "user" });
    const { user, session } = await signUp(context, input, flow, {
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    return withCookies(apiPayload({ user }, { status: 201 }), sessionCookies(context.env, session));
  }, context.log);
}

/** Revokes the browser's session (found by either cookie) and clears its cookies. */
export async function signOut(request: Request, context: AppLoadContext): Promise<Response> {
  const cookies = request.headers.get("Cookie");
  const sessionId = readAccessCookie(readCookie(cookies, ACCESS_COOKIE), context.env.SESSION_SECRET);
  // With an expired access cookie, the refresh token still names the session to end.
  const refresh = readCookie(cookies, REFRESH_COOKIE);
  const toEnd = sessionId ?? (refresh ? await sessionIdOfRefreshToken(context.db, refresh) : null);
  if (toEnd) await revokeSession(context.db, toEnd, "signed out");
  return withCookies(apiPayload(null), clearSessionCookies(context.env));
}
