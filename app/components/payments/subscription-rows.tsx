/** The rows of /payments' subscription lists: the expert, the status, the price and the period. */
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { type Users } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { formatUsd } from "~/modules/money/money";
import type { ExpertSummary } from "~/modules/profiles/expert-summary.server";
import type { SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";

export const displayName = (expert: ExpertSummary) =>
  `${expert.firstName} ${expert.lastName}`.trim() || expert.userName;
export const expertHref = (expert: Pick<ExpertSummary, "userName">) =>
  `/experts/${encodeURIComponent(expert.userName)}`;

/** Which button of which row is waiting for the server. */
export type Busy = { expertId: string; action: "cancel" | "resume" | "subscribe" } | null;

export function EmptyState({ icon: Icon, text }: { icon: typeof Users; text: string }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-5 py-8 text-center">
      <Icon className="mx-auto size-7 text-slate-400" aria-hidden="true" />
      <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">{text}</p>
      <ButtonLink to="/discover-experts" size="lg" className="mt-4 inline-block">
        Discover experts
      </ButtonLink>
    </div>
  );
}

const STATUS_BADGE: Record<SubscriptionDTO["status"], { label: string; tone: string }> = {
  Activated: { label: "Active", tone: "bg-brand-100 text-brand-800" },
  Canceled: { label: "Cancelled", tone: "bg-slate-100 text-slate-700" },
  PastDue: { label: "Past due", tone: "bg-red-100 text-red-800" },
  Pending: { label: "Pending", tone: "bg-amber-100 text-amber-800" },
  Expired: { label: "Expired", tone: "bg-slate-100 text-slate-600" },
};

/** What the row says about the subscription's period (the brief's texts for each status). */
function periodText(subscription: SubscriptionDTO, date: (iso: string) => string): string {
  const end = subscription.currentPeriodEnd;
  switch (subscription.status) {
    case "Activated":
      if (subscription.trialEndsAt) return `Free trial until ${date(subscription.trialEndsAt)}`;
      return end ? `Renews on ${date(end)}` : "Active";
    case "PastDue":
      return "Payment overdue";
    case "Pending":
      return "Awaiting payment";
    case "Canceled":
      return end ? `${subscription.isActive ? "Ends" : "Ended"} on ${date(end)}` : "Cancelled";
    case "Expired":
      return end ? `Ended on ${date(end)}` : "Ended";
  }
}

export function SubscriptionRow({
  subscription,
  date,
  children,
}: {
  subscription: SubscriptionDTO;
  date: (iso: string) => string;
  children: ReactNode;
}) {
  const { expert } = subscription;
  const badge = STATUS_BADGE[subscription.status];
  const warn = subscription.status === "PastDue" || subscription.status === "Pending";
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-3 py-4 first:pt-0 last:pb-0">
      <ProxiedImage
        src={expert.avatar}
        width={48}
        height={48}
        className="size-12 shrink-0 rounded-full bg-slate-100 object-cover"
        loading="lazy"
      />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link to={expertHref(expert)} className="truncate font-semibold text-slate-900 hover:underline">
            {displayName(expert)}
          </Link>
          <span className={clsx("rounded-full px-2 py-0.5 text-xs font-semibold", badge.tone)}>
            <span className="sr-only">Status: </span>
            {badge.label}
          </span>
        </p>
        <p className="truncate text-sm text-slate-500">@{expert.userName}</p>
        <p className="mt-1 text-sm">
          {/* One line from the small breakpoint up; on a phone the period goes under the price. */}
          <span className="block font-semibold text-slate-900 sm:inline">
            {subscription.isFree ? "Free" : `${formatUsd(subscription.price)}/month`}
          </span>
          <span aria-hidden="true" className="hidden text-slate-400 sm:inline">
            {" · "}
          </span>
          <span className={clsx("block sm:inline", warn ? "font-medium text-amber-800" : "text-slate-600")}>
            {periodText(subscription, date)}
          </span>
        </p>
      </div>
      {/* On a phone the buttons go under the text, lined up with it. */}
      <div className="flex w-full shrink-0 flex-wrap gap-2 pl-15 sm:w-auto sm:pl-0">{children}</div>
    </li>
  );
}

export function CurrentActions({
  subscription,
  busy,
  paymentsEnabled,
  onCancel,
  onResume,
}: {
  subscription: SubscriptionDTO;
  busy: Busy;
  paymentsEnabled: boolean;
  onCancel: () => void;
  onResume: () => void;
}) {
  const name = displayName(subscription.expert);
  const mine = busy?.expertId === subscription.expert.id;
  if (subscription.status === "Pending") {
    // Nothing to cancel yet: the first payment is still due.
    return paymentsEnabled ? (
      <ButtonLink
        to={`/subscription-payment/${encodeURIComponent(subscription.expert.userName)}`}
        variant="ink"
        aria-label={`Complete payment for ${name}`}
      >
        Complete payment
      </ButtonLink>
    ) : null;
  }
  if (subscription.status === "Canceled") {
    return (
      <Button
        variant="ink"
        pending
        disabled={busy !== null}
        aria-label={`Resume your subscription to ${name}`}
        onClick={onResume}
      >
        {mine && busy?.action === "resume" ? "Resuming…" : "Resume"}
      </Button>
    );
  }
  return (
    <Button
      variant="secondary"
      pending
      disabled={busy !== null}
      aria-label={`Cancel your subscription to ${name}`}
      onClick={onCancel}
    >
      {mine && busy?.action === "cancel" ? "Cancelling…" : "Cancel"}
    </Button>
  );
}
