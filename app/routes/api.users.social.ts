import type { ActionFunctionArgs } from "@remix-run/node";
import { sessionCookies } from "~/modules/accounts/sessions.server";
import { socialSignUpBodySchema } from "~/modules/accounts/social-schema";
import { clearSocialCookies, requireGoogleEnabled } from "~/modules/accounts/google-sign-in.server";
import { completeSocialSignUp } from "~/modules/accounts/social.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody, withCookies } from "~/web/api.server";

/**
 * `POST /api/users/social {user: {email, fullName, newsletter?, timezone?}, socialAccount:
 * {provider, token, email, name}}`: completes a sign-up that started with Google. 201 with the
 * new user, signed in; the e-mail is confirmed only when it is the one Google verified.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    requireGoogleEnabled(context.env);
    const body = await readJsonBody(request, socialSignUpBodySchema, { envelope: "user" });
    const { user, session } = await completeSocialSignUp(context, request, body.user, body.socialAccount, {
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    return withCookies(apiPayload({ user }, { status: 201 }), [
      ...clearSocialCookies(request, context.env),
      ...sessionCookies(context.env, session),
    ]);
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
