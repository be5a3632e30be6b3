/** The data of the two congratulations pages (routes/congratulations.tsx, routes/congratulates-on-membership.tsx). */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { isExpert } from "~/modules/accounts/current-user";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import type { MembershipWelcomeData } from "./membership";
import { membershipCheckoutStatus, membershipState, partnerRank } from "./membership.server";

export async function loadMembershipWelcome(request: Request, context: AppLoadContext): Promise<MembershipWelcomeData> {
  const viewer = await requireConfirmedEmail(request, context);
  const expert = isExpert(viewer.user);
  if (!expert) {
    // Not an expert yet: only a payment on its way (the webhook pending) is worth waiting for here.
    const [state, payment] = await Promise.all([
      membershipState(context.db, viewer.user.id),
      membershipCheckoutStatus(context, viewer.user),
    ]);
    if (state.membershipStatus === "None") throw redirect("/become-expert");
    if (payment.status !== "Pending" && payment.status !== "Succeeded") throw redirect("/membership-payment");
  }
  return {
    isExpert: expert,
    firstName: viewer.user.firstName,
    userName: viewer.user.userName,
    paymentsEnabled: context.env.PAYMENTS_ENABLED,
    partnerRank: expert ? await partnerRank(context.db, viewer.user.id) : null,
  };
}
