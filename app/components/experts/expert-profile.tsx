/**
 * The expert page's panels (app/routes/experts.$userName.tsx): the profile header, the record and
 * subscription cards, and the owner's empty list. The route loads; these only render.
 */
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { MapPin, Pencil, PenSquare, Users } from "~/components/ui/icons";
import type { ComponentProps } from "react";
import { SendCheers } from "~/components/cheers/send-cheers";
import { FollowButton, SubscriptionControl } from "~/components/subscriptions/subscription-actions";
import { ButtonLink } from "~/components/ui/button";
import { ProxiedImage } from "~/components/ui/proxied-image";
import type { Expert, ExpertRecord } from "~/modules/experts/experts.server";
import { formatUsd } from "~/modules/money/money";

export const expertFullName = (expert: { firstName: string; lastName: string }) =>
  `${expert.firstName} ${expert.lastName}`.trim();

const signed = (value: number, digits: number) => `${value > 0 ? "+" : ""}${value.toFixed(digits)}`;

/** The cover, the photo, the name and the about text; the owner gets "Edit profile". */
export function ExpertHeader({
  expert,
  isOwner,
}: {
  expert: Pick<
    Expert,
    "userName" | "firstName" | "lastName" | "avatar" | "cover" | "location" | "subscribersCount" | "expertAboutText"
  >;
  isOwner: boolean;
}) {
  const location = [expert.location.city, expert.location.state].filter(Boolean).join(", ");
  return (
    <header className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[3/1] w-full bg-gradient-to-br from-ink via-slate-800 to-brand-800">
        {expert.cover ? (
          <ProxiedImage
            src={expert.cover}
            width={704}
            height={235}
            className="absolute inset-0 size-full object-cover"
          />
        ) : null}
      </div>
      <div className="px-5 pb-5 sm:px-6">
        <div className="-mt-12 flex items-end justify-between gap-3">
          <ProxiedImage
            src={expert.avatar}
            width={96}
            height={96}
            alt={`${expert.userName}'s profile photo`}
            className="relative size-24 shrink-0 rounded-full border-4 border-white bg-white object-cover"
          />
          {isOwner ? (
            <ButtonLink variant="secondary" to="/settings" className="mb-1">
              <Pencil className="size-4" aria-hidden="true" />
              Edit profile
            </ButtonLink>
          ) : null}
        </div>
        <h1 id="expert-name" className="mt-3 text-2xl font-extrabold tracking-tight text-slate-900">
          {expertFullName(expert)}
        </h1>
        <p className="text-slate-500">{`@${expert.userName}`}</p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          {location ? (
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-4" aria-hidden="true" />
              {location}
            </span>
          ) : null}
          <span className="inline-flex items-center gap-1">
            <Users className="size-4" aria-hidden="true" />
            {`${expert.subscribersCount} subscriber${expert.subscribersCount === 1 ? "" : "s"}`}
          </span>
        </div>
        {expert.expertAboutText ? (
          <p className="mt-4 whitespace-pre-line text-slate-800">{expert.expertAboutText}</p>
        ) : null}
      </div>
    </header>
  );
}

type SubscribableExpert = ComponentProps<typeof SubscriptionControl>["expert"] &
  ComponentProps<typeof FollowButton>["expert"] &
  ComponentProps<typeof SendCheers>["expert"] & {
    subscriptionPrice: { price: number; description: string | null } | null;
    isFollowed: boolean;
  };

/** The price and the reader's Subscribe / Follow / Send Cheers, or the owner's way to set the price. */
export function SubscriptionCard({
  expert,
  isOwner,
  signedIn,
  subscription,
  paymentsEnabled,
  stripePublishableKey,
}: {
  expert: SubscribableExpert;
  isOwner: boolean;
  signedIn: boolean;
  subscription: ComponentProps<typeof SubscriptionControl>["subscription"];
  paymentsEnabled: boolean;
  stripePublishableKey: string | null;
}) {
  return (
    <section
      aria-labelledby="subscription-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="subscription-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Subscription
      </h2>
      {expert.subscriptionPrice ? (
        <>
          <p className="mt-2 text-2xl font-extrabold text-slate-900">{`${formatUsd(expert.subscriptionPrice.price)}/month`}</p>
          {expert.subscriptionPrice.description ? (
            <p className="mt-1 text-sm text-slate-600">{expert.subscriptionPrice.description}</p>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-slate-600">No subscription price set yet.</p>
      )}
      {isOwner ? (
        // The owner sees the way forward where readers see the price.
        <div className="mt-4">
          {expert.subscriptionPrice ? (
            <Link
              to="/business#price-heading"
              className="text-sm font-semibold text-brand-700 underline hover:text-brand-800"
            >
              Change your price on Business
            </Link>
          ) : (
            <>
              <p className="text-sm text-slate-600">Readers cannot subscribe until you set a monthly price.</p>
              <ButtonLink to="/business#price-heading" className="mt-3">
                Set your price
              </ButtonLink>
            </>
          )}
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap items-start gap-2">
          <SubscriptionControl expert={expert} subscription={subscription} />
          <FollowButton expert={expert} signedIn={signedIn} isFollowed={expert.isFollowed} />
          <SendCheers
            expert={expert}
            signedIn={signedIn}
            canCheer={expert.isFollowed || Boolean(subscription?.isActive)}
            paymentsEnabled={paymentsEnabled}
            publishableKey={stripePublishableKey}
          />
          {paymentsEnabled || subscription?.isActive ? null : (
            <p className="w-full text-xs text-slate-500">
              Card payments are switched off for now: subscribing is free.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

/** The expert's own empty page: the first post is the next step, in the editor this page opens. */
export function OwnerNoPosts() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("createEditPost", "NEW");
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center">
      <p className="font-semibold text-slate-900">You have not posted yet</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
        A free post introduces you to readers; subscriber-only picks are what they pay for.
      </p>
      <ButtonLink to={`${location.pathname}?${params}`} className="mt-4">
        <PenSquare className="size-4" aria-hidden="true" />
        Write your first post
      </ButtonLink>
    </div>
  );
}

/** The headline record: W-L-P, units and ROI over every graded pick. */
export function RecordCard({ record }: { record: ExpertRecord }) {
  const graded = record.wins + record.losses + record.pushes;
  const tone = (value: number) => (value > 0 ? "text-brand-700" : value < 0 ? "text-danger" : "text-slate-900");
  return (
    <section aria-labelledby="record-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="record-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Verified record
      </h2>
      <dl className="mt-2 grid grid-cols-3 gap-2">
        <div>
          <dt className="text-xs text-slate-500">W-L-P</dt>
          <dd className="text-xl font-extrabold text-slate-900">{`${record.wins}-${record.losses}-${record.pushes}`}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Units</dt>
          <dd className={clsx("text-xl font-extrabold", tone(record.units))}>{signed(record.units, 2)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">ROI</dt>
          <dd className={clsx("text-xl font-extrabold", tone(record.roi))}>{`${signed(record.roi, 1)}%`}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        {graded === 0
          ? "No graded picks yet."
          : `From ${graded} graded pick${graded === 1 ? "" : "s"}; picks cannot be edited once graded.`}
        {` ${record.withdrawn} withdrawn after posting.`}
      </p>
    </section>
  );
}
