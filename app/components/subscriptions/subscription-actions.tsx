/**
 * Subscribe, unsubscribe, resume and follow (issue 6) from the expert page and a locked pick.
 * Each button calls the JSON API with `apiFetch` (session renewal on a 401 included), then
 * revalidates the page so every figure on it (the lock, the subscriber count, the sidebar's
 * list) comes from the server again. A failure shows the server's text in a toast (product.md
 * section 8); nothing pretends to have worked.
 */
import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { clsx } from "clsx";
import { Check, Loader2 } from "lucide-react";
import { useEffect, useState } from "react";
import { toast } from "~/components/ui/toast";
import { useTimeZone } from "~/components/time/time-zone";
import { formatTime } from "~/modules/time/clock";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { apiFetch, ApiClientError } from "~/modules/http/api-client";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import type { SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";

const messageOf = (error: unknown) => (error instanceof ApiClientError ? error.error : ERROR_MESSAGES.default);

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

const primary =
  "inline-flex items-center justify-center gap-1.5 rounded-full bg-brand-500 px-5 py-2.5 text-sm font-semibold text-ink hover:bg-brand-600 disabled:cursor-wait disabled:opacity-70";
const secondary =
  "inline-flex items-center justify-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100 disabled:cursor-wait disabled:opacity-70";

/** Runs one API call at a time for a button; answers whether it worked. */
function useApiCall() {
  const [busy, setBusy] = useState(false);
  const revalidator = useRevalidator();
  async function run<T>(call: () => Promise<T>, onDone?: (answer: T) => void): Promise<boolean> {
    setBusy(true);
    try {
      const answer = await call();
      onDone?.(answer);
      revalidator.revalidate();
      return true;
    } catch (error) {
      toast.error(messageOf(error));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}

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
  const { busy, run } = useApiCall();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const formatDay = useFormatDay();
  const subscribeLabel = label ?? "Subscribe";

  if (!signedIn) {
    return (
      <Link to={`/sign-in?callbackUrl=${encodeURIComponent(`/experts/${expert.userName}`)}`} className={primary}>
        {subscribeLabel}
      </Link>
    );
  }

  const subscribe = () =>
    run(
      () =>
        apiFetch<{ payload: { subscription: SubscriptionDTO; clientSecret: string | null } }>("/subscriptions", {
          method: "POST",
          body: { expertId: expert.id },
        }),
      ({ payload }) => {
        // With Stripe the first month is paid on the card form; the webhook activates it.
        if (payload.clientSecret) navigate(`/subscription-payment/${encodeURIComponent(expert.userName)}`);
        else
          toast.success(
            payload.subscription.status === "Activated"
              ? `You are subscribed to ${expert.userName}.`
              : "Subscription updated.",
          );
      },
    );

  async function unsubscribe() {
    const end = subscription?.currentPeriodEnd ? formatDay(subscription.currentPeriodEnd) : null;
    const confirmed = await confirm({
      title: `Unsubscribe from ${expert.userName}?`,
      description: end
        ? `You keep access to ${expert.userName}'s picks until ${end}; nothing renews after that.`
        : "Nothing renews after this period.",
      confirmLabel: "Unsubscribe",
      cancelLabel: "Keep subscription",
      destructive: true,
    });
    if (!confirmed) return;
    await run(
      () => apiFetch("/subscriptions", { method: "DELETE", body: { expertId: expert.id } }),
      () => toast.success(end ? `Subscription cancelled: access until ${end}.` : "Subscription cancelled."),
    );
  }

  const running = subscription?.isActive ?? false;
  if (subscription && subscription.status === "Pending") {
    return (
      <div className="space-y-1">
        <Link to={`/subscription-payment/${encodeURIComponent(expert.userName)}`} className={primary}>
          Complete payment
        </Link>
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
            <button type="button" onClick={subscribe} disabled={busy} className={secondary}>
              {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
              Resume subscription
            </button>
          ) : (
            <button type="button" onClick={unsubscribe} disabled={busy} className={secondary}>
              {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
              Unsubscribe
            </button>
          )}
        </div>
        <p className="text-xs text-slate-600" data-testid="subscription-term">
          {subscriptionTerm(subscription, formatDay)}
        </p>
      </div>
    );
  }
  return (
    <button type="button" onClick={subscribe} disabled={busy} className={primary}>
      {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
      {subscribeLabel}
    </button>
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
  const { busy, run } = useApiCall();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const following = optimistic ?? isFollowed;
  // The page's data caught up (revalidated): it speaks again.
  useEffect(() => setOptimistic(null), [isFollowed]);
  if (!signedIn) {
    return (
      <Link to={`/sign-in?callbackUrl=${encodeURIComponent(`/experts/${expert.userName}`)}`} className={secondary}>
        Follow
      </Link>
    );
  }
  async function toggle() {
    const next = !following;
    setOptimistic(next);
    const ok = await run(() =>
      apiFetch(`/experts/${encodeURIComponent(expert.id)}/follow`, { method: next ? "POST" : "DELETE" }),
    );
    if (!ok) setOptimistic(null);
  }
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={following}
      className={clsx(secondary, following && "border-brand-300 bg-brand-50 text-brand-800")}
    >
      {following ? "Following" : "Follow"}
    </button>
  );
}
