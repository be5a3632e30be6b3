import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { Award, BadgeCheck, Briefcase, CreditCard, Users } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { countActiveExperts } from "~/modules/experts/experts.server";
import { formatUsd } from "~/modules/money/money";
import { pageMeta } from "~/modules/seo/meta";
import { publicPageHeaders } from "~/web/public-page";
import { ButtonLink } from "~/components/ui/button";

/** product.md "Limits": the first 300 partner experts get the perks. */
const FOUNDING_SPOTS = 300;

/** The same for every signed-out visitor: the page micro-cache may keep it. */
export const headers = publicPageHeaders;

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(
    { matches, location },
    "Become an expert",
    "Sell your picks on Sharpside: your own business page, subscriptions paid to your account and a verified record. The first 300 experts get founding-partner perks.",
  );

export async function loader({ context }: LoaderFunctionArgs) {
  const activeExperts = await countActiveExperts(context.db);
  return {
    foundingSpotsLeft: Math.max(0, FOUNDING_SPOTS - activeExperts),
    platformFeePercent: context.env.PLATFORM_FEE_PERCENT,
    // Without a payment provider the membership is skipped (product.md), so no price is shown.
    membershipPrice: context.env.PAYMENTS_ENABLED ? formatUsd(context.env.MEMBERSHIP_PRICE_CENTS) : null,
  };
}

const BENEFITS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <Briefcase className="size-6" aria-hidden="true" />,
    title: "Your own business page",
    text: "A public profile with your bio, free posts and record, and a business area to manage your price, subscribers and earnings.",
  },
  {
    icon: <CreditCard className="size-6" aria-hidden="true" />,
    title: "Paid to your own account",
    text: "Subscribers pay a monthly price you set. The money goes to your connected payment account, less the platform fee.",
  },
  {
    icon: <BadgeCheck className="size-6" aria-hidden="true" />,
    title: "A verified record",
    text: "Picks lock when the game starts and are graded when it ends. Your wins, losses, units and ROI are public and nobody can edit them, so they speak for you.",
  },
  {
    icon: <Users className="size-6" aria-hidden="true" />,
    title: "An audience that is looking",
    text: "Fans come to Sharpside to find handicappers. Discover experts, recommendations, search and the feed put your free posts in front of them.",
  },
];

export default function BecomePartner() {
  const { foundingSpotsLeft, platformFeePercent, membershipPrice } = useLoaderData<typeof loader>();
  const taken = FOUNDING_SPOTS - foundingSpotsLeft;
  const steps = [
    { title: "Sign up with the Expert flow", text: "Create your account and confirm your e-mail address." },
    {
      title: "Activate your membership",
      text: membershipPrice
        ? `A one-off ${membershipPrice} membership opens your business page.`
        : "Activate your expert membership to open your business page.",
    },
    {
      title: "Connect your payment account",
      text: "Link a payment account with our card payment provider, Stripe, so subscribers can pay you.",
    },
    {
      title: "Set your price",
      text: "Choose your monthly subscription price (at least $1) and describe what subscribers get.",
    },
    { title: "Post", text: "Publish free posts to grow an audience and subscriber-only picks to earn." },
  ];

  return (
    <div className="container-page py-8 lg:py-10">
      <section className="overflow-hidden rounded-2xl bg-ink px-6 py-10 text-white sm:px-10 lg:py-14">
        <p className="text-sm font-semibold uppercase tracking-[0.2em] text-brand-500">Partner programme</p>
        <h1 className="mt-3 max-w-2xl text-3xl font-extrabold leading-tight sm:text-4xl lg:text-5xl">
          Turn your picks into a business.
        </h1>
        <p className="mt-4 max-w-xl text-slate-300">
          Sharpside gives handicappers a business page, monthly subscriptions paid to their own account and a record
          that proves their skill.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink variant="primaryPale" size="lg" to="/sign-up?flow=Expert">
            Sign up as an expert
          </ButtonLink>
          <ButtonLink variant="secondaryOnDark" size="lg" to="/contacts">
            Contact us
          </ButtonLink>
        </div>
      </section>

      <section aria-labelledby="what-you-get" className="mt-10">
        <h2 id="what-you-get" className="text-2xl font-bold">
          What experts get
        </h2>
        <ul className="mt-5 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                {benefit.icon}
              </span>
              <h3 className="mt-4 font-bold">{benefit.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-12 grid gap-10 lg:grid-cols-2">
        <section aria-labelledby="how-it-works">
          <h2 id="how-it-works" className="text-2xl font-bold">
            How it works
          </h2>
          <ol className="mt-5 space-y-4">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-ink text-sm font-bold text-white"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="text-sm text-slate-600">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-6 text-sm text-slate-500">
            The platform fee is {platformFeePercent}% of what subscribers pay you, plus the payment provider&apos;s
            processing fees.
          </p>
        </section>

        <section
          aria-labelledby="founding-partners"
          className="rounded-2xl border border-brand-500/40 bg-brand-50 p-6 sm:p-8"
        >
          <div className="flex items-center gap-3">
            <Award className="size-7 text-brand-700" aria-hidden="true" />
            <h2 id="founding-partners" className="text-2xl font-bold">
              The first {FOUNDING_SPOTS} experts
            </h2>
          </div>
          <p className="mt-3 text-slate-700">
            The first {FOUNDING_SPOTS} experts who partner with Sharpside become founding partners and get:
          </p>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-800 marker:text-brand-600">
            <li>a founding-partner badge on their profile;</li>
            <li>a lower platform fee for their first year;</li>
            <li>priority placement in Discover experts.</li>
          </ul>
          <div className="mt-6">
            <p className="font-semibold text-slate-900" id="spots-left">
              {foundingSpotsLeft > 0
                ? `${foundingSpotsLeft} of ${FOUNDING_SPOTS} founding spots left`
                : "All founding spots are taken, but the programme is still open."}
            </p>
            <div
              className="mt-2 h-3 overflow-hidden rounded-full bg-white ring-1 ring-brand-500/30"
              role="meter"
              aria-labelledby="spots-left"
              aria-valuemin={0}
              aria-valuemax={FOUNDING_SPOTS}
              aria-valuenow={taken}
              aria-valuetext={`${taken} of ${FOUNDING_SPOTS} spots taken`}
            >
              <div
                className="h-full rounded-full bg-brand-600"
                style={{ width: `${(taken / FOUNDING_SPOTS) * 100}%` }}
              />
            </div>
          </div>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink variant="ink" size="lg" to="/sign-up?flow=Expert">
              Sign up as an expert
            </ButtonLink>
            <Link
              to="/contacts"
              className="rounded-full border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 hover:border-brand-600"
            >
              Contact us
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
