import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { Users } from "~/components/ui/icons";
import { SubscriptionControl } from "~/components/subscriptions/subscription-actions";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { requireConfirmedEmail } from "~/modules/accounts/gates.server";
import { formatUsd } from "~/modules/money/money";
import { pageMeta } from "~/modules/seo/meta";
import { listUserSubscriptions, type SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";
import { ButtonLink } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches, location }) => pageMeta({ matches, location }, "Subscriptions");

/** How many subscriptions the page lists; nobody subscribes to more experts than this. */
const SUBSCRIPTIONS_PAGE_SIZE = 100;

/** Signed-in with a confirmed e-mail (others verify first): the experts the viewer subscribes to, running ones first, with status and dates. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireConfirmedEmail(request, context);
  const { items } = await listUserSubscriptions(context.db, viewer.user.id, { page: 1, size: SUBSCRIPTIONS_PAGE_SIZE });
  return { subscriptions: [...items].sort((a, b) => Number(b.isActive) - Number(a.isActive)) };
}

const STATUS_LABELS: Record<SubscriptionDTO["status"], string> = {
  Pending: "Awaiting payment",
  Activated: "Active",
  PastDue: "Payment overdue",
  Canceled: "Cancelled",
  Expired: "Ended",
};

export default function SubscriptionsPage() {
  const { subscriptions } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-content">
        <h1 className="mb-4 text-2xl font-extrabold tracking-tight">Subscriptions</h1>
        {subscriptions.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <Users className="mx-auto size-8 text-slate-400" aria-hidden="true" />
            <p className="mt-3 font-semibold text-slate-900">No subscriptions yet</p>
            <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
              Subscribe to an expert to read every pick as it is posted.
            </p>
            <ButtonLink size="lg" className="mt-5 inline-block" to="/discover-experts">
              Discover experts
            </ButtonLink>
          </div>
        ) : (
          <ul className="space-y-3" aria-label="Your subscriptions">
            {subscriptions.map((subscription) => (
              <li
                key={subscription.id}
                className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="flex min-w-0 items-center gap-3">
                  <ProxiedImage
                    src={subscription.expert.avatar}
                    width={48}
                    height={48}
                    className="size-12 shrink-0 rounded-full object-cover"
                  />
                  <div className="min-w-0">
                    <Link
                      to={`/experts/${encodeURIComponent(subscription.expert.userName)}`}
                      className="block truncate font-semibold text-slate-900 hover:underline"
                    >
                      {`${subscription.expert.firstName} ${subscription.expert.lastName}`.trim() ||
                        subscription.expert.userName}
                    </Link>
                    <p className="truncate text-sm text-slate-500">{`@${subscription.expert.userName}`}</p>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                      <span
                        className={clsx(
                          "rounded-full px-2 py-0.5 text-xs font-semibold",
                          subscription.isActive ? "bg-brand-50 text-brand-800" : "bg-slate-100 text-slate-700",
                        )}
                      >
                        {STATUS_LABELS[subscription.status]}
                      </span>
                      <span className="text-slate-600">
                        {subscription.isFree || subscription.price === 0
                          ? "Free"
                          : `${formatUsd(subscription.price)}/month`}
                      </span>
                    </p>
                  </div>
                </div>
                <div className="shrink-0">
                  <SubscriptionControl
                    expert={subscription.expert}
                    subscription={subscription}
                    label="Subscribe again"
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
