/**
 * Subscribe, cancel, resume and follow from the expert page and a locked pick. Subscribe opens
 * the subscription step (/subscribe/{userName}); the others post to their route action
 * (/experts/{id}/subscription, /experts/{id}/follow);
 * Remix then reloads the page's data so every figure on it (the lock, the subscriber count, the
 * sidebar's list) comes from the server again. A failure shows the server's text in a toast
 * (product.md "Error messages"); nothing pretends to have worked.
 */
import { useLocation } from "@remix-run/react";
import { clsx } from "clsx";
import { Check, Loader2 } from "~/components/ui/icons";
import { useRef } from "react";
import { Button, ButtonLink } from "~/components/ui/button";
import { toast } from "~/components/ui/toast";
import { useTimeZone } from "~/components/time/time-zone";
import { formatTime } from "~/modules/time/clock";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { useActionDone } from "~/components/ui/use-action-done";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import type { SubscribeAnswer } from "~/modules/subscriptions/subscription-changes.server";
import type { SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";
import { subscribeHref, subscriptionPaymentHref } from "~/modules/subscriptions/subscribe-link";

/** A day in the signed-in reader's own time zone, as /payments shows it (server and browser agree). */
function useFormatDay(): (iso: string) => string {
  const timeZone = useTimeZone();
  return (iso) => formatTime(iso, timeZone, "day");
}

/** What the subscription says about its dates, as /payments says it too. */
export function subscriptionTerm(
  subscription: Pick<SubscriptionDTO, "status" | "currentPeriodEnd" | "isActive" | "trialEndsAt">,
  formatDay: (iso: string) => string,
): string | null {
  const end = subscription.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd) : null;
  if (subscription.status === "Pending") return "Awaiting payment";
  if (subscription.status === "Activated" && subscription.trialEndsAt)
    return `Free trial until ${formatDay(subscription.trialEndsAt)}`;
  if (subscription.status === "PastDue") return "Payment overdue: Stripe is retrying your card";
  if (subscription.status === "Canceled" && subscription.isActive && end) return `Ends on ${end}`;
  if (subscription.status === "Activated" && end) return `Renews on ${end}`;
  if (end) return `Ended on ${end}`;
  return null;
}

interface ExpertRef {
  id: string;
  userName: string;
}

/** The action route every page's subscription buttons post to (the same commands as /api/subscriptions). */
const subscriptionAction = (expertId: string) => `/experts/${encodeURIComponent(expertId)}/subscription`;

/**
 * The subscription control for one expert: Subscribe leads to the subscription step (signing a
 * visitor in or up on the way) and back here; a subscriber sees the state, Resume, or a quiet
 * Cancel behind a confirmation that says when access ends.
 */
export function SubscriptionControl({
  expert,
  subscription,
  label,
}: {
  expert: ExpertRef;
  subscription: SubscriptionDTO | null;
  /** The Subscribe button's text (the locked view names the expert). */
  label?: string;
}) {
  const fetcher = useActionFetcher<Partial<SubscribeAnswer>>();
  const busy = fetcher.state !== "idle";
  const sent = useRef<"subscribe" | "cancel">("subscribe");
  const confirm = useConfirm();
  const location = useLocation();
  const formatDay = useFormatDay();
  const here = `${location.pathname}${location.search}`;
  const end = subscription?.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd) : null;

  useActionDone(fetcher, (answer) => {
    if (sent.current === "cancel" || !answer.subscription) {
      // The access ends: something to mind rather than a success.
      toast.warning(end ? `Subscription cancelled: access until ${end}.` : "Subscription cancelled.");
      return;
    }
    toast.success(`Your subscription to ${expert.userName} renews again.`);
  });

  function post(intent: "subscribe" | "cancel") {
    sent.current = intent;
    fetcher.submit({ intent }, { method: "post", action: subscriptionAction(expert.id) });
  }

  async function cancel() {
    const confirmed = await confirm({
      title: `Cancel your subscription to ${expert.userName}?`,
      description: end
        ? `You keep access to ${expert.userName}'s picks until ${end}; nothing renews or is charged after that.`
        : "Nothing renews after this period.",
      confirmLabel: "Cancel subscription",
      cancelLabel: "Keep subscription",
      destructive: true,
    });
    if (confirmed) post("cancel");
  }

  if (subscription && subscription.status === "Pending") {
    return (
      <div className="space-y-1">
        <ButtonLink to={subscriptionPaymentHref(expert.userName, here)} size="lg">
          Complete payment
        </ButtonLink>
        <p className="text-xs text-slate-500">Awaiting payment</p>
      </div>
    );
  }
  if (subscription?.isActive) {
    const canceled = subscription.status === "Canceled";
    return (
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-brand-50 px-4 text-sm font-semibold text-brand-800">
            <Check className="size-4" aria-hidden="true" />
            Subscribed
          </span>
          {canceled ? (
            <Button variant="secondary" size="lg" pending onClick={() => post("subscribe")} disabled={busy}>
              {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
              Resume subscription
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-slate-600" data-testid="subscription-term">
          {subscriptionTerm(subscription, formatDay)}
        </p>
        {canceled ? null : (
          <button
            type="button"
            onClick={() => void cancel()}
            disabled={busy}
            className="-ml-1 px-1 py-1.5 text-xs text-slate-500 underline underline-offset-2 hover:text-slate-800 disabled:opacity-60"
          >
            Cancel subscription
          </button>
        )}
      </div>
    );
  }
  return (
    <ButtonLink to={subscribeHref(expert.userName, here)} size="lg">
      {label ?? "Subscribe"}
    </ButtonLink>
  );
}

/** Follow / Following: free, and shown at once (rolled back with a toast if the server says no). */
export function FollowButton({
  expert,
  signedIn,
  isFollowed,
}: {
  expert: ExpertRef;
  signedIn: boolean;
  isFollowed: boolean;
}) {
  const fetcher = useActionFetcher();
  // Shown at once while the post and the page's reload run; a refusal falls back to the page's data.
  const pending = fetcher.formData?.get("intent");
  const following = pending ? pending === "follow" : isFollowed;
  if (!signedIn) {
    return (
      <ButtonLink
        to={`/sign-in?callbackUrl=${encodeURIComponent(`/experts/${expert.userName}`)}`}
        variant="secondary"
        size="lg"
      >
        Follow
      </ButtonLink>
    );
  }
  const toggle = () =>
    fetcher.submit(
      { intent: following ? "unfollow" : "follow" },
      { method: "post", action: `/experts/${encodeURIComponent(expert.id)}/follow` },
    );
  return (
    <Button
      variant="secondary"
      size="lg"
      pending
      onClick={toggle}
      disabled={fetcher.state !== "idle"}
      aria-pressed={following}
      className={clsx(following && "border-brand-300 bg-brand-50 text-brand-800")}
    >
      {following ? "Following" : "Follow"}
    </Button>
  );
}
