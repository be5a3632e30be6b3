import type { ActionFunctionArgs } from "@remix-run/node";
import { sessionCookies } from "~/modules/accounts/sessions.server";
import { socialSignInBodySchema } from "~/modules/accounts/social-schema";
import { clearSocialCookies, requireGoogleEnabled } from "~/modules/accounts/google-sign-in.server";
import { socialSignIn } from "~/modules/accounts/social.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody, withCookies } from "~/web/api.server";

/**
 * `POST /api/session/social {session: {socialAccount: {provider, token, email, name}}}` (product.md
 * section 7): signs in the account linked to the token's Google account. 404 when there is none
 * yet (the client then opens 'Complete sign up'); 422 for a bad or expired token.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    requireGoogleEnabled(context.env);
    const { session: body } = await readJsonBody(request, socialSignInBodySchema, { envelope: "session" });
    const { user, session } = await socialSignIn(context, request, body.socialAccount, {
      ip: context.clientIp,
      userAgent: request.headers.get("User-Agent"),
    });
    return withCookies(apiPayload({ user }), [
      ...clearSocialCookies(request, context.env),
      ...sessionCookies(context.env, session),
    ]);
  }, context.log);
}

export const loader = () => methodNotAllowed(["POST"]);
