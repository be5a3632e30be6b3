import type { LoaderFunctionArgs } from "@remix-run/node";
import { isGoogleEnabled, startGoogleSignIn } from "~/modules/accounts/google-sign-in.server";

/**
 * `GET /auth/google?callbackUrl=…&flow=…`: starts Google sign-in (authorization code + PKCE) and
 * remembers where to go afterwards in a short-lived HttpOnly cookie (product.md "States").
 * A page route, so that with Google sign-in off the visitor gets the site's 404 page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isGoogleEnabled(context.env)) throw new Response(null, { status: 404, statusText: "Not Found" });
  return startGoogleSignIn(request, context.env);
}

export default function GoogleSignIn() {
  return null;
}
