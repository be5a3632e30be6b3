/**
 * The business page's figures over time (`GET /api/business/summary`'s answer): the range links,
 * the headline numbers, four charts and what each recent post brought.
 */
import { Link } from "~/components/ui/link";
import { SectionCard } from "~/components/ui/section-card";
import { formatUsd } from "~/modules/money/money";
import { SUMMARY_RANGES, type BusinessSummary, type SummaryRange } from "~/modules/experts/business-figures";
import { Bars, LineChart, UpDownBars } from "./charts";

const RANGE_NAMES: Record<SummaryRange, string> = { 30: "30 days", 90: "90 days", 365: "1 year" };
const dayName = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const monthName = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
const day = (date: string) => dayName.format(new Date(`${date}T00:00:00Z`));
const month = (yearMonth: string) => monthName.format(new Date(`${yearMonth}-01T00:00:00Z`));
const count = (n: number) => n.toLocaleString("en-US");
const counted = (n: number, thing: string) => `${count(n)} ${n === 1 ? thing : `${thing}s`}`;

export function BusinessFigures({ summary }: { summary: BusinessSummary }) {
  const today = summary.daily.at(-1);
  const { trials } = summary;
  const churn =
    summary.churnRate === null ? "—" : `${(summary.churnRate * 100).toFixed(summary.churnRate < 0.1 ? 1 : 0)}%`;
  return (
    <SectionCard id="figures-heading" title="Your business over time">
      <nav aria-label="Time range" className="-mt-1 mb-5 flex flex-wrap gap-2">
        {SUMMARY_RANGES.map((range) => (
          <Link
            key={range}
            to={`/business?days=${range}`}
            preventScrollReset
            aria-current={range === summary.range ? "page" : undefined}
            className={`rounded-full border px-3 py-1 text-sm font-semibold ${
              range === summary.range
                ? "border-slate-900 bg-slate-900 text-white"
                : "border-slate-200 text-slate-700 hover:bg-slate-50"
            }`}
          >
            {RANGE_NAMES[range]}
          </Link>
        ))}
      </nav>
      <dl className="grid gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        <Headline label="New subscriptions, last 30 days" value={count(summary.startedLast30Days)} />
        <Headline label="Monthly recurring revenue" value={formatUsd(today?.mrrCents ?? 0)} />
        <Headline
          label="Churn, last 30 days"
          value={churn}
          note={`${count(summary.cancelledLast30Days)} ${summary.cancelledLast30Days === 1 ? "subscription" : "subscriptions"} ended`}
        />
        <Headline
          label="Trials turned paid"
          value={trials.ended ? `${Math.round((trials.converted / trials.ended) * 100)}%` : "—"}
          note={`${count(trials.converted)} of ${counted(trials.ended, "trial")} ended in this range`}
        />
      </dl>
      <div className="mt-6 grid gap-8 lg:grid-cols-2">
        <LineChart
          title="Active subscribers"
          valueName="Subscribers"
          format={count}
          points={summary.daily.map((d) => ({ label: day(d.date), value: d.subscribers }))}
        />
        <LineChart
          title="Monthly recurring revenue"
          valueName="Per month"
          format={formatUsd}
          points={summary.daily.map((d) => ({ label: day(d.date), value: d.mrrCents }))}
        />
        <UpDownBars
          title="New and cancelled subscriptions per week"
          upName="New"
          downName="Cancelled"
          bars={summary.weekly.map((w) => ({ label: day(w.weekStart), up: w.started, down: w.cancelled }))}
        />
        <Bars
          title="Revenue per month, after the platform fee"
          periodName="Month"
          valueName="Net revenue"
          format={formatUsd}
          bars={summary.monthlyRevenue.map((m) => ({ label: month(m.month), value: m.netCents }))}
        />
      </div>
      <PostsTable posts={summary.posts} />
      <p className="mt-4 text-xs text-slate-500">
        Days, weeks (from Monday) and months are counted in UTC. Free subscriptions count as subscribers, not as
        revenue.
      </p>
      <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <span className="text-slate-600">For your books:</span>
        {/* A download, not a page: the browser saves the file the server names. */}
        <a href="/api/business/export/subscribers" download className="font-semibold text-brand-700 hover:underline">
          Subscribers (CSV)
        </a>
        <a href="/api/business/export/payments" download className="font-semibold text-brand-700 hover:underline">
          Payments (CSV)
        </a>
      </p>
    </SectionCard>
  );
}

function Headline({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-extrabold text-slate-900">{value}</dd>
      {note ? <dd className="text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}

function PostsTable({ posts }: { posts: BusinessSummary["posts"] }) {
  return (
    <div className="mt-8">
      <h3 className="text-sm font-semibold text-slate-900">What your latest posts brought</h3>
      {posts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          Nothing published yet: each post's views and subscriptions show here.
        </p>
      ) : (
        <>
          {/* A phone gets each post as a line of figures; a wider screen the table. */}
          <ul className="mt-2 divide-y divide-slate-100 sm:hidden">
            {posts.map((post) => (
              <li key={post.id} className="py-2 text-sm">
                <Link to={`/posts/${post.id}`} className="line-clamp-2 font-semibold text-slate-900 hover:underline">
                  {post.title}
                </Link>
                <p className="text-xs text-slate-600">
                  {post.postType} · {count(post.readerViews)} reader and {count(post.visitorViews)} visitor views ·{" "}
                  {counted(post.subscriptionsStarted, "subscription")} · {counted(post.likes, "like")} ·{" "}
                  {counted(post.comments, "comment")}
                </p>
              </li>
            ))}
          </ul>
          <div className="mt-2 hidden sm:block">
            <table className="w-full text-left text-sm tabular-nums">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Post
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    Views: readers / visitors
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    Subscriptions from it
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    Likes
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Comments
                  </th>
                </tr>
              </thead>
              <tbody>
                {posts.map((post) => (
                  <tr key={post.id} className="border-t border-slate-100">
                    <th scope="row" className="max-w-[16rem] py-2 pr-4 font-normal">
                      <Link
                        to={`/posts/${post.id}`}
                        className="line-clamp-1 font-semibold text-slate-900 hover:underline"
                      >
                        {post.title}
                      </Link>
                      <span className="text-xs text-slate-500">{post.postType}</span>
                    </th>
                    <td className="py-2 pr-4 text-right">
                      {count(post.readerViews)} / {count(post.visitorViews)}
                    </td>
                    <td className="py-2 pr-4 text-right">{count(post.subscriptionsStarted)}</td>
                    <td className="py-2 pr-4 text-right">{count(post.likes)}</td>
                    <td className="py-2 text-right">{count(post.comments)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
