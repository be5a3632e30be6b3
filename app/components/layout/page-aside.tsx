/**
 * The right-hand column of the reading pages (post, expert, feed) on a wide screen: who wrote it
 * and how they have done, the subscribe button, and the leaderboard's best. Below 1280 px the page
 * keeps its single column (the sidebar already takes the width) and the column is not shown.
 */
import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { ShieldCheck, Trophy } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { ProxiedImage } from "~/components/ui/proxied-image";
import { formatUnits, type RecordFigures } from "~/modules/record/figures";
import { chanceText, VerdictBadge } from "~/components/record/skill-or-luck";
import { ButtonLink } from "~/components/ui/button";
import type { LeaderboardRow } from "~/modules/record/leaderboard-rows";
import { subscribeHref } from "~/modules/subscriptions/subscribe-link";

export function PageWithAside({ aside, label, children }: { aside: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="mx-auto xl:grid xl:max-w-[calc(var(--container-content)+22rem)] xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start xl:gap-8">
      <div className="min-w-0">{children}</div>
      <aside
        aria-label={label}
        className="hidden space-y-6 xl:sticky xl:top-[calc(var(--spacing-header)+1.5rem)] xl:block"
      >
        {aside}
      </aside>
    </div>
  );
}

const boxClass = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

interface AsideExpert {
  userName: string;
  firstName: string;
  lastName: string;
  avatar: string;
}

/**
 * The author of what is read: their verified record in one line, and the way to subscribe (for a
 * subscriber, the way to their subscription; for the author, to their business page).
 */
export function ExpertAside({
  expert,
  record,
  isOwn,
  subscribed,
}: {
  expert: AsideExpert;
  record: RecordFigures | null;
  isOwn: boolean;
  subscribed: boolean;
}) {
  const href = `/experts/${encodeURIComponent(expert.userName)}`;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <section className={boxClass} aria-labelledby="aside-expert">
      <div className="flex items-center gap-3">
        <ProxiedImage
          src={expert.avatar}
          width={48}
          height={48}
          alt=""
          className="size-12 rounded-full bg-slate-100 object-cover"
        />
        <div className="min-w-0">
          <h2 id="aside-expert" className="truncate font-semibold text-ink">
            <Link to={href} className="hover:underline">
              {expert.firstName} {expert.lastName}
            </Link>
          </h2>
          <p className="truncate text-sm text-slate-500">@{expert.userName}</p>
        </div>
      </div>
      <div className="mt-4 rounded-xl bg-slate-50 p-3">
        <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
          <ShieldCheck className="size-4 text-brand-600" aria-hidden="true" />
          Verified record, all time
        </p>
        {record ? (
          <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
            <AsideFigure label="W-L-P" value={`${record.wins}-${record.losses}-${record.pushes}`} />
            <AsideFigure label="Units" value={formatUnits(record.units)} tone={record.units} />
            <AsideFigure
              label="ROI"
              value={record.roi === null ? "—" : `${record.roi > 0 ? "+" : ""}${record.roi.toFixed(1)}%`}
              tone={record.roi ?? 0}
            />
          </dl>
        ) : null}
        {record ? (
          <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
            <VerdictBadge verdict={record.confidence.verdict} />
            {record.confidence.chanceByLuck !== null
              ? `${chanceText(record.confidence.chanceByLuck)} chance by luck over ${record.sample} picks`
              : null}
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">No graded picks yet.</p>
        )}
      </div>
      <ButtonLink
        size="lg"
        variant={subscribed && !isOwn ? "secondary" : "primary"}
        block
        className="mt-4 flex"
        to={isOwn ? "/business" : subscribed ? `${href}#subscription-heading` : subscribeHref(expert.userName, here)}
      >
        {isOwn ? "Your business page" : subscribed ? "Subscribed" : "Subscribe"}
      </ButtonLink>
      <Link
        to="/verify"
        className="mt-2 block text-center text-xs font-medium text-slate-600 underline-offset-2 hover:underline"
      >
        How every pick is verified
      </Link>
    </section>
  );
}

function AsideFigure({ label, value, tone }: { label: string; value: string; tone?: number }) {
  const color = tone === undefined || tone === 0 ? "text-ink" : tone > 0 ? "text-emerald-700" : "text-red-700";
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`whitespace-nowrap font-semibold tabular-nums ${color}`}>{value}</dd>
    </div>
  );
}

/** The five ranked experts who won the most units in the last 30 days, each a link to the expert. */
export function LeaderboardAside({ rows }: { rows: LeaderboardRow[] }) {
  return (
    <section className={boxClass} aria-labelledby="aside-leaders">
      <h2 id="aside-leaders" className="flex items-center gap-2 font-semibold text-ink">
        <Trophy className="size-4 text-amber-500" aria-hidden="true" />
        Most units won, last 30 days
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No one has enough graded picks this month yet.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {rows.map((row) => (
            <li key={row.expert.userName}>
              <Link to={`/experts/${encodeURIComponent(row.expert.userName)}`} className="aside-row">
                <span className="aside-rank">{row.rank}</span>
                <ProxiedImage src={row.expert.avatar} width={32} height={32} alt="" className="aside-avatar" />
                <span className="aside-name">@{row.expert.userName}</span>
                <span className={`aside-figure ${row.units >= 0 ? "text-emerald-700" : "text-red-700"}`}>
                  {formatUnits(row.units)}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      <Link to="/leaderboard" className="mt-3 block text-sm font-semibold text-brand-700 hover:underline">
        See the full leaderboard
      </Link>
    </section>
  );
}
