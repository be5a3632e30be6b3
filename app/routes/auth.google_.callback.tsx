import type { LoaderFunctionArgs } from "@remix-run/node";
import { getViewer } from "~/modules/accounts/gates.server";
import { revokeSession, sessionCookies } from "~/modules/accounts/sessions.server";
import {
  clearOAuthStateCookies,
  clearSocialCookies,
  finishGoogleSignIn,
  isGoogleEnabled,
  socialCallbackUrl,
  socialErrorUrl,
  SocialSignInError,
} from "~/modules/accounts/google-sign-in.server";
import { handleGoogleProfile } from "~/modules/accounts/social.server";
import { redirectWithCookies } from "~/web/form-reply.server";

/**
 * `GET /auth/google/callback`: Google sends the browser back here. A known Google account (or a
 * verified e-mail of ours) signs in and goes to the callbackUrl; a new one goes to 'Complete sign
 * up'; any failure (`?error=`, bad state, bad code) to `/sign-in?error=google`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context;
  if (!isGoogleEnabled(env)) throw new Response(null, { status: 404, statusText: "Not Found" });
  let profile;
  try {
    profile = await finishGoogleSignIn(request, env);
  } catch (error) {
    if (!(error instanceof SocialSignInError)) throw error;
    context.log.warn({ reason: error.message }, "google sign-in failed");
    return redirectWithCookies(socialErrorUrl(request), clearSocialCookies(request, env));
  }
  const client = { ip: context.clientIp, userAgent: request.headers.get("User-Agent") };
  const outcome = await handleGoogleProfile(context, request, profile, client);
  if (outcome.kind === "complete-sign-up") {
    return redirectWithCookies(outcome.url, [...clearOAuthStateCookies(request, env), outcome.nonceCookie]);
  }
  // Signing in as someone else in this browser ends the session it had.
  const viewer = await getViewer(request, context);
  if (viewer) await revokeSession(context.db, viewer.sessionId, "signed in again");
  return redirectWithCookies(socialCallbackUrl(request), [
    ...clearSocialCookies(request, env),
    ...sessionCookies(env, outcome.signedIn.session),
  ]);
}

export default function GoogleCallback() {
  return null;
}
