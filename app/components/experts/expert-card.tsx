/**
 * An expert in the directory (/discover-experts): who, what a month costs, the sports, the
 * verified record, and the same Subscribe and Follow controls as the expert's own page (the
 * subscribe flow, the sign-in link for visitors, the optimistic follow all come from there).
 */
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { Users } from "~/components/ui/icons";
import { FollowButton, SubscriptionControl } from "~/components/subscriptions/subscription-actions";
import { ProxiedImage } from "~/components/ui/proxied-image";
import type { ExpertRecord, ListedExpert } from "~/modules/experts/experts.server";
import { formatUsd } from "~/modules/money/money";
import type { SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";
import { ButtonLink } from "~/components/ui/button";

/** '$19/month' from cents; 'Free' when the expert has set no price. */
export function priceLabel(price: ListedExpert["subscriptionPrice"]): string {
  return price ? `${formatUsd(price.price)}/month` : "Free";
}

const signed = (value: number, digits: number) => `${value > 0 ? "+" : ""}${value.toFixed(digits)}`;
const tone = (value: number) => (value > 0 ? "text-brand-700" : value < 0 ? "text-danger" : "text-slate-900");

/** The record as bettors read it: '12-7-1', '+4.25u', '+8.3%'. */
export function recordLabels(record: ExpertRecord): { wlp: string; units: string; roi: string } {
  return {
    wlp: `${record.wins}-${record.losses}-${record.pushes}`,
    units: `${signed(record.units, 2)}u`,
    roi: `${signed(record.roi, 1)}%`,
  };
}

export function ExpertCard({
  expert,
  signedIn,
  isOwner,
  subscription,
}: {
  expert: ListedExpert;
  signedIn: boolean;
  /** The viewer's own card: no subscribe or follow, a link to their page instead. */
  isOwner: boolean;
  /** The viewer's subscription to this expert, whatever its state (null: none, or a visitor). */
  subscription: SubscriptionDTO | null;
}) {
  const href = `/experts/${encodeURIComponent(expert.userName)}`;
  const name = `${expert.firstName} ${expert.lastName}`.trim() || expert.userName;
  const nameId = `expert-${expert.id}-name`;
  const record = recordLabels(expert.record);
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <header className="flex items-start gap-3">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <ProxiedImage
            src={expert.avatar}
            width={56}
            height={56}
            loading="lazy"
            className="size-14 rounded-full bg-slate-100 object-cover"
          />
        </Link>
        <div className="min-w-0 flex-1">
          <h2 id={nameId} className="truncate text-base font-bold leading-snug text-slate-900">
            <Link to={href} className="hover:underline">
              {name}
            </Link>
          </h2>
          <p className="truncate text-sm text-slate-500">{`@${expert.userName}`}</p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-3 text-sm">
            <span className="font-semibold text-slate-900">{priceLabel(expert.subscriptionPrice)}</span>
            <span className="inline-flex items-center gap-1 text-slate-500">
              <Users className="size-3.5" aria-hidden="true" />
              {`${expert.subscribersCount} subscriber${expert.subscribersCount === 1 ? "" : "s"}`}
            </span>
          </p>
        </div>
      </header>

      {expert.expertAboutText ? (
        <p className="mt-3 line-clamp-2 text-sm text-slate-700">{expert.expertAboutText}</p>
      ) : null}

      {expert.categories.length > 0 ? (
        <ul aria-label="Sports" className="mt-3 flex flex-wrap gap-1.5">
          {expert.categories.map((category) => (
            <li
              key={category.id}
              className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700"
            >
              {category.name}
            </li>
          ))}
        </ul>
      ) : null}

      <dl className="mt-4 grid grid-cols-3 gap-2 rounded-xl bg-slate-50 px-3 py-2.5">
        <div>
          <dt className="text-xs text-slate-500">W-L-P</dt>
          <dd className="font-extrabold text-slate-900">{record.wlp}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Units</dt>
          <dd className={clsx("font-extrabold", tone(expert.record.units))}>{record.units}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">ROI</dt>
          <dd className={clsx("font-extrabold", tone(expert.record.roi))}>{record.roi}</dd>
        </div>
      </dl>

      <div className="mt-auto flex flex-wrap items-start gap-2 pt-4">
        {isOwner ? (
          <ButtonLink variant="secondary" to={href}>
            Your profile
          </ButtonLink>
        ) : (
          <>
            <SubscriptionControl expert={expert} subscription={subscription} />
            <FollowButton expert={expert} signedIn={signedIn} isFollowed={expert.isFollowed} />
          </>
        )}
      </div>
    </article>
  );
}
