import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MembershipWelcome } from "~/components/payments/membership-welcome";
import { loadMembershipWelcome } from "~/modules/payments/welcome.server";
import { pageMeta } from "~/modules/seo/meta";

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Welcome, expert");

/** product.md "Screens and routes": shown when the membership payment is skipped (payments off). */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadMembershipWelcome(request, context);

export default function CongratulatesOnMembership() {
  return <MembershipWelcome data={useLoaderData<typeof loader>()} />;
}
