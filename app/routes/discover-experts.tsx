import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { Compass } from "~/components/ui/icons";
import { ExpertCard } from "~/components/experts/expert-card";
import { PageLinks } from "~/components/ui/page-links";
import { getViewer } from "~/modules/accounts/gates.server";
import { EXPERT_SORTS, type ExpertSort } from "~/modules/experts/expert-sorts";
import { listExperts } from "~/modules/experts/experts.server";
import { pageFromUrl, totalPagesOf } from "~/modules/http/page-param";
import { publicPageHeaders } from "~/web/public-page";
import { keptCategories } from "~/modules/reference/reference.server";
import { pageMeta } from "~/modules/seo/meta";
import { listUserSubscriptions, type SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";
import { ButtonLink, chipClass } from "~/components/ui/button";

export const DISCOVER_TITLE = "Discover experts";
/** Experts per page (a grid of 1, 2 or 3 columns: 12 fills each). */
export const DISCOVER_PAGE_SIZE = 12;
/** How many of the viewer's subscriptions are read to show each card's state; as /subscriptions. */
const VIEWER_SUBSCRIPTIONS = 100;
const DEFAULT_SORT: ExpertSort = "subscribers";

export const SORT_LABELS: Record<ExpertSort, string> = {
  record: "Best record",
  subscribers: "Most subscribers",
  newest: "Newest",
};
/** The order the sort control offers them. */
const SORT_ORDER: ExpertSort[] = ["subscribers", "record", "newest"];

export const meta: MetaFunction = ({ matches, location }) =>
  pageMeta(
    { matches, location },
    DISCOVER_TITLE,
    "Find sports-betting experts by sport, verified record and subscribers, and follow or subscribe to their picks.",
  );

/**
 * Every signed-out visitor gets the same page for the same address (their Subscribe and Follow
 * are sign-in links), so the page micro-cache may keep it.
 */
export const headers = publicPageHeaders;

/** The address of the directory with these filters (defaults left out, the sports in display order). */
export function discoverHref({
  categoryIds,
  sort,
  page = 1,
}: {
  categoryIds: number[];
  sort: ExpertSort;
  page?: number;
}): string {
  const params = new URLSearchParams();
  for (const id of categoryIds) params.append("categoryIds", String(id));
  if (sort !== DEFAULT_SORT) params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/discover-experts?${query}` : "/discover-experts";
}

/**
 * `/discover-experts?categoryIds=1&categoryIds=2&sort=record|subscribers|newest&page=`: public
 * experts who publish in any of those sports, in that order. Unknown sports, sorts and pages are
 * left out rather than answered with an error page (old links keep working).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [viewer, categories] = await Promise.all([getViewer(request, context), keptCategories(context.db)]);
  const asked = new Set(url.searchParams.getAll("categoryIds").map(Number));
  const categoryIds = categories.filter((category) => asked.has(category.id)).map((category) => category.id);
  const sortParam = url.searchParams.get("sort");
  const sort = EXPERT_SORTS.includes(sortParam as ExpertSort) ? (sortParam as ExpertSort) : DEFAULT_SORT;
  const page = pageFromUrl(url);
  const viewerId = viewer?.user.id ?? null;
  const [list, viewerSubscriptions] = await Promise.all([
    listExperts(context.db, { page, size: DISCOVER_PAGE_SIZE, categoryIds, sort }, viewerId),
    viewerId
      ? listUserSubscriptions(context.db, viewerId, { page: 1, size: VIEWER_SUBSCRIPTIONS })
      : Promise.resolve({ items: [] as SubscriptionDTO[] }),
  ]);
  // Each card's subscription state (pending, running, cancelled…), for this page's experts only.
  const listed = new Set(list.items.map((expert) => expert.id));
  const subscriptions: Record<string, SubscriptionDTO> = {};
  for (const subscription of viewerSubscriptions.items) {
    if (!listed.has(subscription.expert.id)) continue;
    const known = subscriptions[subscription.expert.id];
    if (!known || (!known.isActive && subscription.isActive)) subscriptions[subscription.expert.id] = subscription;
  }
  return {
    categories: categories.map(({ id, name }) => ({ id, name })),
    categoryIds,
    sort,
    page,
    experts: list.items,
    totalItems: list.totalItems,
    totalPages: totalPagesOf(list.totalItems, DISCOVER_PAGE_SIZE),
    subscriptions,
    viewerId,
  };
}

export default function DiscoverExperts() {
  const { categories, categoryIds, sort, page, experts, totalItems, totalPages, subscriptions, viewerId } =
    useLoaderData<typeof loader>();
  const selected = new Set(categoryIds);
  const toggled = (id: number) =>
    categories
      .map((category) => category.id)
      .filter((other) => (other === id ? !selected.has(id) : selected.has(other)));
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-6xl">
        <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{DISCOVER_TITLE}</h1>
        <p className="mt-1 text-slate-600">
          Find handicappers by sport, compare verified records, then follow or subscribe.
        </p>

        <div className="mt-5 space-y-4">
          <div role="group" aria-labelledby="sports-filter-label">
            <p id="sports-filter-label" className="mb-2 text-sm font-semibold text-slate-700">
              Sports
            </p>
            {/* Each chip is a tiny GET form: a real toggle button that also works before JavaScript. */}
            <ul className="flex flex-wrap gap-2">
              <li>
                <ChipForm categoryIds={[]} sort={sort} pressed={selected.size === 0} label="All" />
              </li>
              {categories.map((category) => (
                <li key={category.id}>
                  <ChipForm
                    categoryIds={toggled(category.id)}
                    sort={sort}
                    pressed={selected.has(category.id)}
                    label={category.name}
                  />
                </li>
              ))}
            </ul>
          </div>

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">{`${totalItems} ${totalItems === 1 ? "expert" : "experts"}`}</p>
            <div
              role="group"
              aria-labelledby="sort-label"
              className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-2"
            >
              <span id="sort-label" className="text-sm font-semibold text-slate-700">
                Sort by
              </span>
              <div className="flex rounded-full border border-slate-300 bg-white p-0.5">
                {SORT_ORDER.map((option) => (
                  <Link
                    key={option}
                    to={discoverHref({ categoryIds, sort: option })}
                    preventScrollReset
                    aria-current={option === sort ? "true" : undefined}
                    className={clsx(
                      "flex-1 whitespace-nowrap rounded-full px-2 py-1.5 text-center text-xs font-semibold sm:flex-none sm:px-3 sm:text-sm",
                      option === sort
                        ? "bg-brand-500 text-ink"
                        : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                    )}
                  >
                    {SORT_LABELS[option]}
                  </Link>
                ))}
              </div>
            </div>
          </div>
        </div>

        <div className="mt-5">
          {experts.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
              <Compass className="mx-auto size-8 text-slate-400" aria-hidden="true" />
              <p className="mt-3 font-semibold text-slate-900">
                {totalItems > 0 ? "No more experts" : "No experts here yet"}
              </p>
              <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
                {totalItems > 0
                  ? "This page is past the last expert."
                  : "Nobody has published in these sports yet. Try other sports or see everyone."}
              </p>
              <ButtonLink
                size="lg"
                className="mt-5 inline-block"
                to={totalItems > 0 ? discoverHref({ categoryIds, sort }) : discoverHref({ categoryIds: [], sort })}
              >
                {totalItems > 0 ? "Back to the first page" : "Show all experts"}
              </ButtonLink>
            </div>
          ) : (
            <>
              <ul aria-label="Experts" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {experts.map((expert) => (
                  <li key={expert.id}>
                    <ExpertCard
                      expert={expert}
                      signedIn={viewerId !== null}
                      isOwner={viewerId === expert.id}
                      subscription={subscriptions[expert.id] ?? null}
                    />
                  </li>
                ))}
              </ul>
              <PageLinks
                page={page}
                totalPages={totalPages}
                hrefFor={(n) => discoverHref({ categoryIds, sort, page: n })}
                label="Pages of experts"
              />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** One filter chip: submitting it loads the directory with that sport added or removed (first page). */
function ChipForm({
  categoryIds,
  sort,
  pressed,
  label,
}: {
  categoryIds: number[];
  sort: ExpertSort;
  pressed: boolean;
  label: string;
}) {
  return (
    <Form method="get" action="/discover-experts" preventScrollReset>
      {categoryIds.map((id) => (
        <input key={id} type="hidden" name="categoryIds" value={id} />
      ))}
      {sort !== DEFAULT_SORT ? <input type="hidden" name="sort" value={sort} /> : null}
      <button type="submit" aria-pressed={pressed} className={chipClass(pressed)}>
        {label}
      </button>
    </Form>
  );
}
