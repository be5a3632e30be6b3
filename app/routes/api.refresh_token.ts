import type { ActionFunctionArgs } from "@remix-run/node";
import {
  clearSessionCookies,
  REFRESH_COOKIE,
  rotateRefreshToken,
  sessionCookies,
} from "~/modules/accounts/sessions.server";
import { getCurrentUser } from "~/modules/accounts/users.server";
import { AppError } from "~/modules/http/app-error";
import { apiError, apiPayload, handleApi, methodNotAllowed, withCookies } from "~/web/api.server";
import { readCookie } from "~/modules/http/cookies";

/** `POST /api/refresh_token`: trades the refresh cookie for new cookies; 401 when it cannot. */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const token = readCookie(request.headers.get("Cookie"), REFRESH_COOKIE);
    if (!token) throw new AppError(401);
    const rotated = await rotateRefreshToken(context.db, token);
    const user = rotated.ok ? await getCurrentUser(context.db, rotated.userId) : null;
    if (!rotated.ok || !user) return withCookies(apiError(401), clearSessionCookies(context.env));
    return withCookies(apiPayload({ user }), sessionCookies(context.env, rotated.session));
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
