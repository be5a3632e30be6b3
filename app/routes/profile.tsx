import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isExpert } from "~/modules/accounts/current-user";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";

/**
 * `/profile`, the "profile" destination (product.md "Screens and routes": the expert's own): an expert goes to
 * their public page; any other signed-in user to /settings, where their profile is edited (they
 * have no public page); a visitor signs in first and comes back here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  if (isExpert(viewer.user)) throw redirect(`/experts/${encodeURIComponent(viewer.user.userName)}`);
  throw redirect("/settings");
}
