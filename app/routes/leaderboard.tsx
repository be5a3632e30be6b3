import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { clsx } from "clsx";
import { Trophy } from "~/components/ui/icons";
import { PageLinks } from "~/components/ui/page-links";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { SideScroller } from "~/components/ui/side-scroller";
import { publicPageHeaders } from "~/web/public-page";
import {
  formatRecord,
  formatUnits,
  LEADERBOARD_MIN_SAMPLE,
  RECORD_WINDOWS,
  WINDOW_LABELS,
  type RecordWindow,
} from "~/modules/record/figures";
import { formatOdds } from "~/modules/record/pick-basics";
import {
  LEADERBOARD_PAGE_SIZE,
  LEADERBOARD_SORT_LABELS,
  LEADERBOARD_SORTS,
  leaderboardQuerySchema,
  type LeaderboardSort,
} from "~/modules/record/record-search-params";
import { chanceText, VerdictBadge } from "~/components/record/skill-or-luck";
import type { UnrankedEntry } from "~/modules/record/leaderboard-lists.server";
import { keptLeaderboardBoard, toBoardRow } from "~/modules/record/leaderboard-board.server";
import { keptCategories } from "~/modules/reference/reference.server";
import { appNameFrom, shareMeta, siteUrlFrom, titleFor } from "~/modules/seo/meta";
import { chipClass } from "~/components/ui/button";

export const LEADERBOARD_TITLE = "Leaderboard";

/** Everyone gets the same page for the same address: the page micro-cache may keep it. */
export const headers = publicPageHeaders;

/** The address of the board with these choices (defaults left out, so each board has one address). */
export function leaderboardHref({
  window,
  categoryId,
  page = 1,
  sort = "score",
}: {
  window: RecordWindow;
  categoryId: number;
  page?: number;
  sort?: LeaderboardSort;
}): string {
  const params = new URLSearchParams();
  if (window !== "30d") params.set("window", window);
  if (categoryId !== 0) params.set("categoryId", String(categoryId));
  if (sort !== "score") params.set("sort", sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/leaderboard?${query}` : "/leaderboard";
}

/**
 * `/leaderboard?window=7d|30d|season|all&categoryId=&page=&sort=`: experts ranked by risk-adjusted
 * score from the figures the grading trigger keeps (decision 026), the board kept in process until
 * it changes. A malformed choice, or an unknown sport (an old or mistyped link), falls back to the
 * default board rather than an error page (old links keep working).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = leaderboardQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const asked = parsed.success
    ? parsed.data
    : { window: "30d" as const, categoryId: 0, page: 1, sort: "score" as const };
  const categories = await keptCategories(context.db);
  const category = categories.find((entry) => entry.id === asked.categoryId);
  const query = { ...asked, categoryId: category ? category.id : 0, size: LEADERBOARD_PAGE_SIZE };
  const board = await keptLeaderboardBoard(context.db, context.changes, { query, now: new Date() });
  return {
    window: query.window,
    categoryId: query.categoryId,
    categoryName: category?.name ?? null,
    categorySlug: category?.slug ?? null,
    categories: categories.map(({ id, name }) => ({ id, name })),
    page: query.page,
    sort: query.sort,
    entries: board.items.map(toBoardRow),
    unranked: board.unranked,
    totalPages: Math.ceil(board.totalItems / LEADERBOARD_PAGE_SIZE),
    canonicalUrl: `${context.env.APP_URL}${leaderboardHref(query)}`,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const appName = appNameFrom(matches);
  const scope = data
    ? `${data.categoryName ? `${data.categoryName} ` : ""}${WINDOW_LABELS[data.window].toLowerCase()}`
    : "";
  const page = data
    ? `${LEADERBOARD_TITLE}: ${data.categoryName ?? "all sports"}, ${WINDOW_LABELS[data.window].toLowerCase()}`
    : LEADERBOARD_TITLE;
  const description = `The best sports-betting experts on ${appName}, ${scope}: verified picks graded from final scores, ranked by risk-adjusted units won.`;
  const siteUrl = siteUrlFrom(matches);
  return [
    { title: titleFor(appName, page) },
    { name: "description", content: description },
    // Each board (window and sport) is its own canonical page.
    ...shareMeta({ appName, siteUrl, url: data?.canonicalUrl ?? `${siteUrl}/leaderboard`, title: page, description }),
  ];
};

export default function LeaderboardPage() {
  const { window, categoryId, categoryName, categorySlug, categories, page, sort, entries, unranked, totalPages } =
    useLoaderData<typeof loader>();
  const chip = (active: boolean) => chipClass(active, "shrink-0 whitespace-nowrap");
  return (
    <div className="container-page py-6 lg:py-8">
      <div className="mx-auto max-w-5xl">
        <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight">
          <Trophy className="size-6 text-brand-700" aria-hidden="true" />
          {LEADERBOARD_TITLE}
        </h1>
        <p className="mt-2 text-slate-600">
          {`Every pick is locked before its game and graded from the final score. Experts are ranked by units won for the risk they took, so a long steady record beats a short lucky run; it takes ${LEADERBOARD_MIN_SAMPLE} graded picks in the window to be ranked. `}
          <Link to="/verify" className="font-semibold text-brand-700 underline">
            How picks are verified
          </Link>
        </p>

        {/* On a phone the two groups share one row that scrolls sideways, so the board starts on the
            first screen; a chosen sport is scrolled into view (the default board shows the row's start).
            From the medium breakpoint up each group wraps on its own rows. */}
        <SideScroller
          className="-mx-1 mt-5"
          scrollerClassName="px-1 py-1"
          fadeFrom="from-slate-50"
          revealCurrent={categoryId !== 0}
        >
          <div className="flex w-max gap-2 md:w-auto md:flex-col md:gap-3">
            <nav aria-label="Window" className="flex shrink-0 gap-2 md:flex-wrap">
              {RECORD_WINDOWS.map((option) => (
                <Link
                  key={option}
                  to={leaderboardHref({ window: option, categoryId, sort })}
                  aria-current={option === window ? "page" : undefined}
                  className={chip(option === window)}
                >
                  {WINDOW_LABELS[option]}
                </Link>
              ))}
            </nav>
            <nav
              aria-label="Sport"
              className="flex shrink-0 gap-2 border-l border-slate-300 pl-2 md:flex-wrap md:border-0 md:pl-0"
            >
              <Link
                to={leaderboardHref({ window, categoryId: 0, sort })}
                aria-current={categoryId === 0 ? "page" : undefined}
                className={chip(categoryId === 0)}
              >
                All sports
              </Link>
              {categories.map((category) => (
                <Link
                  key={category.id}
                  to={leaderboardHref({ window, categoryId: category.id, sort })}
                  aria-current={category.id === categoryId ? "page" : undefined}
                  className={chip(category.id === categoryId)}
                >
                  {category.name}
                </Link>
              ))}
            </nav>
          </div>
        </SideScroller>

        {categorySlug ? (
          <p className="mt-4 text-sm">
            <Link to={`/sports/${categorySlug}`} className="font-semibold text-brand-700 hover:underline">
              {`The ${categoryName} page: its experts, latest picks and coming games`}
            </Link>
          </p>
        ) : null}
        <nav aria-label="Order" className="mt-4 flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">Order by</span>
          {LEADERBOARD_SORTS.map((option) => (
            <Link
              key={option}
              to={leaderboardHref({ window, categoryId, sort: option })}
              aria-current={option === sort ? "page" : undefined}
              className={chip(option === sort)}
            >
              {LEADERBOARD_SORT_LABELS[option]}
            </Link>
          ))}
        </nav>
        {entries.length === 0 ? (
          <p className="mt-8 rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
            {`No expert has ${LEADERBOARD_MIN_SAMPLE} graded picks ${categoryName ? `in ${categoryName} ` : ""}in this window yet${unranked.length ? ": below, the ones on their way." : "."}`}
          </p>
        ) : (
          <SideScroller hintBefore={false} className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-white">
            <table className="w-full min-w-[52rem] whitespace-nowrap text-sm">
              <caption className="sr-only">{`Ranked experts, ${categoryName ?? "all sports"}, ${WINDOW_LABELS[window].toLowerCase()}`}</caption>
              <thead>
                <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
                  {[
                    "Rank",
                    "Expert",
                    "Score",
                    "W-L-P",
                    "Withdrawn",
                    "Win %",
                    "Units",
                    "Skill or luck",
                    "ROI",
                    "Avg odds",
                    "Streak",
                  ].map((heading, index) => (
                    <th
                      key={heading}
                      scope="col"
                      className={clsx(
                        "px-3 py-3 font-semibold",
                        index === 0 && "sticky left-0 w-16 min-w-16 bg-white",
                        index === 1 && "sticky left-16 bg-white",
                      )}
                    >
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {entries.map(({ rank, expert, figures }) => (
                  <tr key={expert.id} className="border-t border-slate-100">
                    {/* Rank and expert stay in view while a phone scrolls the figures sideways. */}
                    <td className="sticky left-0 w-16 min-w-16 bg-white px-3 py-2 font-bold tabular-nums text-slate-900">
                      {rank}
                    </td>
                    <th scope="row" className="sticky left-16 bg-white px-3 py-2 text-left font-normal">
                      <ExpertCell expert={expert} />
                    </th>
                    <td className="px-3 py-2 font-semibold tabular-nums">{figures.score.toFixed(2)}</td>
                    <td className="px-3 py-2 tabular-nums">{formatRecord(figures)}</td>
                    <td className="px-3 py-2 tabular-nums">{figures.withdrawn}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {figures.winRate === null ? "—" : `${figures.winRate.toFixed(1)}%`}
                    </td>
                    <td
                      className={clsx(
                        "px-3 py-2 font-semibold tabular-nums",
                        figures.units >= 0 ? "text-brand-700" : "text-danger",
                      )}
                    >
                      {formatUnits(figures.units)}
                    </td>
                    <td className="w-32 whitespace-normal px-3 py-2 text-xs leading-tight">
                      <VerdictBadge verdict={figures.verdict} className="whitespace-normal" />
                      {figures.chanceByLuck !== null ? (
                        <span className="mt-0.5 block tabular-nums text-slate-500">
                          {`${chanceText(figures.chanceByLuck)} by luck`}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 tabular-nums">
                      {figures.roi === null ? "—" : `${figures.roi > 0 ? "+" : ""}${figures.roi.toFixed(1)}%`}
                    </td>
                    <td className="px-3 py-2 tabular-nums">
                      {figures.averageOdds === null ? "—" : formatOdds(figures.averageOdds)}
                    </td>
                    <td className="px-3 py-2 tabular-nums">{figures.streak ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </SideScroller>
        )}
        <PageLinks
          page={page}
          totalPages={totalPages}
          hrefFor={(target) => leaderboardHref({ window, categoryId, page: target, sort })}
          label="Leaderboard pages"
        />
        {unranked.length > 0 ? (
          <NotRankedYet
            entries={unranked}
            caption={`${categoryName ?? "all sports"}, ${WINDOW_LABELS[window].toLowerCase()}`}
          />
        ) : null}
      </div>
    </div>
  );
}

/** Experts with graded picks here, short of the ranking's sample: their record, and how far they are. */
export function NotRankedYet({ entries, caption }: { entries: UnrankedEntry[]; caption: string }) {
  return (
    <section aria-labelledby="not-ranked-heading" className="mt-8">
      <h2 id="not-ranked-heading" className="text-lg font-bold text-slate-900">
        Not ranked yet
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {`Graded picks here, but fewer than the ${LEADERBOARD_MIN_SAMPLE} it takes to be ranked: too few to tell skill from luck.`}
      </p>
      <SideScroller hintBefore={false} className="mt-3 overflow-hidden rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[32rem] whitespace-nowrap text-sm">
          <caption className="sr-only">{`Experts not ranked yet, ${caption}`}</caption>
          <thead>
            <tr className="text-left text-xs uppercase tracking-wide text-slate-500">
              {["Expert", "W-L-P", "Units", "Graded picks"].map((heading) => (
                <th key={heading} scope="col" className="px-3 py-3 font-semibold">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map(({ expert, figures }) => (
              <tr key={expert.id} className="border-t border-slate-100">
                <th scope="row" className="sticky left-0 bg-white px-3 py-2 text-left font-normal">
                  <ExpertCell expert={expert} />
                </th>
                <td className="px-3 py-2 tabular-nums">{formatRecord(figures)}</td>
                <td
                  className={clsx(
                    "px-3 py-2 font-semibold tabular-nums",
                    figures.units >= 0 ? "text-brand-700" : "text-danger",
                  )}
                >
                  {formatUnits(figures.units)}
                </td>
                <td className="px-3 py-2 tabular-nums">{`${figures.sample} of ${LEADERBOARD_MIN_SAMPLE}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </SideScroller>
    </section>
  );
}

/** The expert's photo, name and user name, a link to their page. */
function ExpertCell({ expert }: { expert: UnrankedEntry["expert"] }) {
  return (
    <Link
      to={`/experts/${encodeURIComponent(expert.userName)}`}
      className="flex items-center gap-2 font-semibold text-slate-900 hover:underline"
    >
      <ProxiedImage
        src={expert.avatar}
        width={32}
        height={32}
        loading="lazy"
        className="size-8 shrink-0 rounded-full bg-slate-100 object-cover"
      />
      <span className="min-w-0">
        <span className="block max-w-[9rem] truncate sm:max-w-none">
          {`${expert.firstName} ${expert.lastName}`.trim()}
        </span>
        <span className="block max-w-[9rem] truncate text-xs font-normal text-slate-500 sm:max-w-none">{`@${expert.userName}`}</span>
      </span>
    </Link>
  );
}
