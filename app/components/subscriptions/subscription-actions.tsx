/**
 * Subscribe, unsubscribe, resume and follow (issue 6) from the expert page and a locked pick.
 * Each button posts to its route action (/experts/{id}/subscription, /experts/{id}/follow);
 * Remix then reloads the page's data so every figure on it (the lock, the subscriber count, the
 * sidebar's list) comes from the server again. A failure shows the server's text in a toast
 * (product.md "Error messages"); nothing pretends to have worked.
 */
import { useNavigate } from "@remix-run/react";
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
import type { SubscribeAnswer } from "~/modules/subscriptions/subscription-commands.server";
import type { SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";

/** A day in the signed-in reader's own time zone, as /payments shows it (server and browser agree). */
function useFormatDay(): (iso: string) => string {
  const timeZone = useTimeZone();
  return (iso) => formatTime(iso, timeZone, "day");
}

/** What the subscription says about its dates, as /payments says it too. */
export function subscriptionTerm(
  subscription: Pick<SubscriptionDTO, "status" | "currentPeriodEnd" | "isActive">,
  formatDay: (iso: string) => string,
): string | null {
  const end = subscription.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd) : null;
  if (subscription.status === "Pending") return "Awaiting payment";
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
 * The subscription control for one expert: Subscribe for a reader without one, the state with
 * Unsubscribe (after a confirmation) or Resume for a subscriber, and sign-in for a visitor.
 */
export function SubscriptionControl({
  expert,
  signedIn,
  subscription,
  label,
}: {
  expert: ExpertRef;
  signedIn: boolean;
  subscription: SubscriptionDTO | null;
  /** The Subscribe button's text (the locked view names the expert). */
  label?: string;
}) {
  const fetcher = useActionFetcher<Partial<SubscribeAnswer>>();
  const busy = fetcher.state !== "idle";
  const sent = useRef<"subscribe" | "cancel">("subscribe");
  const confirm = useConfirm();
  const navigate = useNavigate();
  const formatDay = useFormatDay();
  const subscribeLabel = label ?? "Subscribe";
  const end = subscription?.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd) : null;

  useActionDone(fetcher, (answer) => {
    if (sent.current === "cancel" || !answer.subscription) {
      toast.success(end ? `Subscription cancelled: access until ${end}.` : "Subscription cancelled.");
      return;
    }
    // With Stripe the first month is paid on the card form; the webhook activates it.
    if (answer.clientSecret) navigate(`/subscription-payment/${encodeURIComponent(expert.userName)}`);
    else
      toast.success(
        answer.subscription.status === "Activated"
          ? `You are subscribed to ${expert.userName}.`
          : "Subscription updated.",
      );
  });

  if (!signedIn) {
    return (
      <ButtonLink to={`/sign-in?callbackUrl=${encodeURIComponent(`/experts/${expert.userName}`)}`} size="lg">
        {subscribeLabel}
      </ButtonLink>
    );
  }

  function post(intent: "subscribe" | "cancel") {
    sent.current = intent;
    fetcher.submit({ intent }, { method: "post", action: subscriptionAction(expert.id) });
  }
  const subscribe = () => post("subscribe");

  async function unsubscribe() {
    const confirmed = await confirm({
      title: `Unsubscribe from ${expert.userName}?`,
      description: end
        ? `You keep access to ${expert.userName}'s picks until ${end}; nothing renews after that.`
        : "Nothing renews after this period.",
      confirmLabel: "Unsubscribe",
      cancelLabel: "Keep subscription",
      destructive: true,
    });
    if (confirmed) post("cancel");
  }

  const running = subscription?.isActive ?? false;
  if (subscription && subscription.status === "Pending") {
    return (
      <div className="space-y-1">
        <ButtonLink to={`/subscription-payment/${encodeURIComponent(expert.userName)}`} size="lg">
          Complete payment
        </ButtonLink>
        <p className="text-xs text-slate-500">Awaiting payment</p>
      </div>
    );
  }
  if (subscription && running) {
    const canceled = subscription.status === "Canceled";
    return (
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800">
            <Check className="size-4" aria-hidden="true" />
            Subscribed
          </span>
          {canceled ? (
            <Button variant="secondary" pending onClick={subscribe} disabled={busy}>
              {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
              Resume subscription
            </Button>
          ) : (
            <Button variant="secondary" pending onClick={unsubscribe} disabled={busy}>
              {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
              Unsubscribe
            </Button>
          )}
        </div>
        <p className="text-xs text-slate-600" data-testid="subscription-term">
          {subscriptionTerm(subscription, formatDay)}
        </p>
      </div>
    );
  }
  return (
    <Button size="lg" pending onClick={subscribe} disabled={busy}>
      {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
      {subscribeLabel}
    </Button>
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
      <ButtonLink to={`/sign-in?callbackUrl=${encodeURIComponent(`/experts/${expert.userName}`)}`} variant="secondary">
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
