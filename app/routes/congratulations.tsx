import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MembershipWelcome } from "~/components/payments/membership-welcome";
import { loadMembershipWelcome } from "~/modules/payments/welcome.server";
import { pageMeta } from "~/modules/seo/meta";

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Congratulations");

/** After the membership payment (product.md "States" "Checkout"). */
export const loader = ({ request, context }: LoaderFunctionArgs) => loadMembershipWelcome(request, context);

export default function Congratulations() {
  return <MembershipWelcome data={useLoaderData<typeof loader>()} />;
}
