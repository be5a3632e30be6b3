import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { ShieldCheck } from "~/components/ui/icons";
import { AuthCard, linkClass } from "~/components/auth/auth-form";
import { MembershipCheckout } from "~/components/payments/membership-checkout";
import { isExpert } from "~/modules/accounts/current-user";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { formatUsd } from "~/modules/money/money";
import { membershipIsCharged } from "~/modules/payments/membership.server";
import { pageMeta } from "~/modules/seo/meta";

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Membership payment");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  // Already an expert (e.g. the webhook came first): nothing to pay.
  if (isExpert(viewer.user)) throw redirect("/congratulations");
  const charged = membershipIsCharged(context.env);
  return {
    // Only the publishable key reaches the browser.
    publishableKey: charged ? (context.env.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    price: charged ? formatUsd(context.env.MEMBERSHIP_PRICE_CENTS) : null,
  };
}

export default function MembershipPayment() {
  const { publishableKey, price } = useLoaderData<typeof loader>();
  return (
    <AuthCard
      title="Membership payment"
      description={price ? `One-off expert membership: ${price}` : "Activating your expert membership"}
      footer={
        <>
          Changed your mind?{" "}
          <Link to="/" className={linkClass}>
            Back to home
          </Link>
        </>
      }
    >
      <MembershipCheckout publishableKey={publishableKey} price={price} />
      <p className="mt-6 flex items-center justify-center gap-1.5 text-xs text-slate-500">
        <ShieldCheck className="size-4" aria-hidden="true" />
        Payments are processed securely by Stripe.
      </p>
    </AuthCard>
  );
}
