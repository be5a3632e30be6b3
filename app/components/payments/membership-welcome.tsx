/**
 * The page after the membership (/congratulations after a payment, /congratulates-on-membership
 * when it was skipped): a welcome and the next steps. While Stripe's confirmation is on its way
 * it says so and re-reads the page data until the role has arrived.
 */
import { useRevalidator } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { Award, CreditCard, DollarSign, Loader2, PartyPopper, PenSquare, UserRound } from "~/components/ui/icons";
import { useEffect, useState, type ComponentType } from "react";
import { FOUNDING_PARTNER_SPOTS, type MembershipWelcomeData } from "~/modules/payments/membership";

const REFRESH_MS = 2000;
const REFRESH_ATTEMPTS = 30;

const stepClass =
  "flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600 focus-visible:border-brand-600";

function Step({
  to,
  icon: Icon,
  title,
  text,
}: {
  to: string;
  icon: ComponentType<{ className?: string }>;
  title: string;
  text: string;
}) {
  return (
    <li>
      <Link to={to} className={stepClass}>
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          <Icon className="size-5" />
        </span>
        <span>
          <span className="block font-bold text-slate-900">{title}</span>
          <span className="mt-0.5 block text-sm text-slate-600">{text}</span>
        </span>
      </Link>
    </li>
  );
}

function Confirming() {
  const revalidator = useRevalidator();
  const [attempts, setAttempts] = useState(0);
  useEffect(() => {
    if (attempts >= REFRESH_ATTEMPTS) return;
    const timer = setTimeout(() => {
      revalidator.revalidate();
      setAttempts((count) => count + 1);
    }, REFRESH_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer per attempt
  }, [attempts]);
  const gaveUp = attempts >= REFRESH_ATTEMPTS;
  return (
    <div className="container-page py-12">
      <section
        aria-labelledby="confirming-title"
        className="mx-auto max-w-narrow rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8"
      >
        {gaveUp ? null : (
          <Loader2
            className="mx-auto size-10 animate-spin text-brand-600 motion-reduce:animate-none"
            aria-hidden="true"
          />
        )}
        <h1 id="confirming-title" className="mt-4 text-2xl font-extrabold tracking-tight">
          {gaveUp ? "Still waiting for your payment" : "Confirming your payment"}
        </h1>
        <p role="status" className="mt-2 text-sm text-slate-600">
          {gaveUp
            ? "We have not received the confirmation yet. If you paid, your membership turns on within a few minutes; you can also go back to the payment page."
            : "Stripe is confirming your membership payment. This page updates by itself."}
        </p>
        {gaveUp ? (
          <Link
            to="/membership-payment"
            className="mt-6 inline-flex items-center justify-center rounded-full bg-ink px-6 py-2.5 text-sm font-semibold text-white hover:bg-slate-800"
          >
            Back to the payment page
          </Link>
        ) : null}
      </section>
    </div>
  );
}

export function MembershipWelcome({ data }: { data: MembershipWelcomeData }) {
  if (!data.isExpert) return <Confirming />;
  const founding = data.partnerRank !== null && data.partnerRank <= FOUNDING_PARTNER_SPOTS;
  return (
    <div className="container-page py-8 lg:py-12">
      <div className="mx-auto max-w-content">
        <div className="text-center">
          <PartyPopper className="mx-auto size-12 text-brand-600" aria-hidden="true" />
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">
            Congratulations, {data.firstName}!
          </h1>
          <p className="mt-3 text-slate-600">
            You are now a Sharpside expert. Your business page is open: here is how to get your first subscribers.
          </p>
        </div>

        {founding ? (
          <p className="mt-6 flex items-center justify-center gap-2 rounded-2xl border border-brand-500/40 bg-brand-50 px-5 py-3 text-sm text-slate-800">
            <Award className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              You are founding partner <strong>#{data.partnerRank}</strong> of {FOUNDING_PARTNER_SPOTS}: the founding
              perks are yours.
            </span>
          </p>
        ) : null}

        <h2 className="mt-10 text-xl font-bold">Next steps</h2>
        <ol className="mt-4 grid gap-3">
          <Step
            to="/business"
            icon={DollarSign}
            title="Set your subscription price"
            text="Choose a monthly price (at least $1) and say what subscribers get."
          />
          {data.paymentsEnabled ? (
            <Step
              to="/business"
              icon={CreditCard}
              title="Connect your payment account"
              text="Link a Stripe account so subscribers' payments reach you."
            />
          ) : null}
          <Step
            to="/?createEditPost=NEW"
            icon={PenSquare}
            title="Write your first post"
            text="A free post introduces you; subscriber-only picks earn."
          />
          <Step
            to={`/experts/${encodeURIComponent(data.userName)}`}
            icon={UserRound}
            title="Complete your profile"
            text="Add a photo, a cover and a few words about how you handicap."
          />
        </ol>
      </div>
    </div>
  );
}
