import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Award, BadgeCheck, Briefcase, CreditCard } from "~/components/ui/icons";
import { isExpert } from "~/modules/accounts/current-user";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { countActiveExperts } from "~/modules/experts/experts.server";
import { formatUsd } from "~/modules/money/money";
import { becomeExpertCommand } from "~/modules/payments/commands.server";
import { membershipIsCharged, membershipState } from "~/modules/payments/membership.server";
import { given, pageCommand } from "~/web/commands.server";
import { FOUNDING_PARTNER_SPOTS } from "~/modules/payments/membership";
import { pageMeta } from "~/modules/seo/meta";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(
    { matches, location },
    "Become an expert",
    "Activate your expert membership: a business page, subscriptions paid to your own account and a verified record.",
  );

/** Signed-in users with a confirmed e-mail who are not experts yet (product.md "Screens and routes"). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  if (isExpert(viewer.user)) throw redirect("/business");
  const [state, activeExperts] = await Promise.all([
    membershipState(context.db, viewer.user.id),
    countActiveExperts(context.db),
  ]);
  return {
    firstName: viewer.user.firstName,
    membershipPrice: membershipIsCharged(context.env) ? formatUsd(context.env.MEMBERSHIP_PRICE_CENTS) : null,
    paymentPending: state.membershipStatus === "Pending",
    foundingSpotsLeft: Math.max(0, FOUNDING_PARTNER_SPOTS - activeExperts),
    platformFeePercent: context.env.PLATFORM_FEE_PERCENT,
  };
}

/**
 * The button's form post (works without JavaScript too): the membership's command, then
 * product.md "States"'s routing.
 */
export async function action(args: ActionFunctionArgs) {
  const viewer = await requireConfirmedEmail(args.request, args.context);
  if (isExpert(viewer.user)) throw redirect("/business");
  return pageCommand(args, becomeExpertCommand, {
    input: given({}),
    // Done: on to the membership's next step (a redirect thrown passes through as one).
    reply: ({ skipExpertPayment }) => {
      throw redirect(skipExpertPayment ? "/congratulates-on-membership" : "/membership-payment");
    },
  });
}

const PERKS = [
  {
    icon: Briefcase,
    title: "Your business page",
    text: "Set a monthly subscription price, describe what subscribers get and see who follows you.",
  },
  {
    icon: CreditCard,
    title: "Paid to your account",
    text: "Connect a payment account with Stripe and subscribers pay you directly, less the platform fee.",
  },
  {
    icon: BadgeCheck,
    title: "A verified record",
    text: "Every pick locks when the game starts and is graded after it. Your record speaks for you.",
  },
];

export default function BecomeExpert() {
  const { firstName, membershipPrice, paymentPending, foundingSpotsLeft, platformFeePercent } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const cta = paymentPending
    ? "Continue to payment"
    : membershipPrice
      ? `Become an expert for ${membershipPrice}`
      : "Become an expert";

  return (
    <div className="container-page py-8 lg:py-12">
      <div className="mx-auto max-w-content">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-700">Expert membership</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">Become an expert, {firstName}</h1>
        <p className="mt-3 text-slate-600">
          {membershipPrice
            ? `A one-off ${membershipPrice} membership turns your account into an expert account. You pay once by card; there is nothing to renew.`
            : "Activate your expert membership to turn your account into an expert account. It takes one click."}
        </p>

        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {PERKS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <Icon className="size-6 text-brand-700" aria-hidden="true" />
              <h2 className="mt-3 font-bold">{title}</h2>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>

        <section
          aria-labelledby="founding"
          className="mt-6 flex gap-4 rounded-2xl border border-brand-500/40 bg-brand-50 p-5"
        >
          <Award className="size-7 shrink-0 text-brand-700" aria-hidden="true" />
          <div>
            <h2 id="founding" className="font-bold">
              The first {FOUNDING_PARTNER_SPOTS} experts are founding partners
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              Founding partners get a badge on their profile, a lower platform fee for their first year and priority
              placement in Discover experts.{" "}
              {foundingSpotsLeft > 0 ? (
                <strong>{`${foundingSpotsLeft} of ${FOUNDING_PARTNER_SPOTS} spots left.`}</strong>
              ) : (
                "All founding spots are taken."
              )}
            </p>
          </div>
        </section>

        <Form method="post" className="mt-8 flex flex-col items-start gap-3">
          {actionData?.error ? (
            <p role="alert" className="text-sm font-medium text-danger">
              {actionData.error}
            </p>
          ) : null}
          <Button variant="ink" size="2xl" pending type="submit" disabled={busy}>
            {busy ? "One moment…" : cta}
          </Button>
          <p className="text-xs text-slate-500">
            {membershipPrice ? "Card payments are handled by Stripe; we never see your card number. " : ""}
            The platform fee is {platformFeePercent}% of what your subscribers pay.
          </p>
        </Form>
      </div>
    </div>
  );
}
