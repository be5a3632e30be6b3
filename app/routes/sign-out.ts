import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { signOut } from "~/web/account-api.server";
import { redirectWithCookies } from "~/web/form-reply.server";

/**
 * `POST /sign-out`: the avatar menu's Log Out, the mobile menu's Logout and the verification
 * pages' logo. Same behaviour as `DELETE /api/session` (revoke, clear cookies), then home.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const answer = await signOut(request, context);
  return redirectWithCookies("/", answer.headers.getSetCookie());
}

// Signing out on a GET would let any page log a visitor out with an <img>: only POST does.
export const loader = () => redirect("/");
