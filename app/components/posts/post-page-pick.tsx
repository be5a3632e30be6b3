import { clsx } from "clsx";
import { Lock } from "~/components/ui/icons";
import { CommitmentCheck } from "~/components/record/commitment-check";
import { DEFAULT_TIME_ZONE, formatTime } from "~/modules/time/clock";
import type { PickResult, PostDTO } from "~/modules/posts/post-serializer.server";
import { formatOdds, MARKET_LABELS } from "~/modules/record/pick-basics";
import { legLabel } from "~/modules/record/pick-markets";
import type { EventDTO } from "~/modules/reference/reference.server";
import { Link } from "~/components/ui/link";

const RESULT_STYLES: Record<PickResult, string> = {
  Win: "bg-brand-100 text-brand-800",
  Loss: "bg-red-100 text-red-800",
  Push: "bg-slate-200 text-slate-700",
  Void: "bg-slate-200 text-slate-500",
};

const formatUnits = (units: number) => `${units} ${units === 1 ? "unit" : "units"}`;

/** "posted 3 hours 12 minutes before the start" */
export function beforeStart(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days ? `${days} day${days === 1 ? "" : "s"}` : "",
    hours ? `${hours} hour${hours === 1 ? "" : "s"}` : "",
    !days && rest ? `${rest} minute${rest === 1 ? "" : "s"}` : "",
  ].filter(Boolean);
  return `Posted ${parts.length ? parts.join(" ") : "moments"} before the start`;
}

/**
 * A pick's box on its page: the bet (market, legs, odds, stake), its result, when it went out
 * relative to the start, and its commitment. The serializer decides what is here: for a locked
 * reader the bet stays null until the game starts or the pick is graded (the verified record).
 */
export function PostPickBox({
  post,
  pickResult,
  timeZone = DEFAULT_TIME_ZONE,
  legGames = null,
}: {
  post: PostDTO;
  pickResult: PickResult | null;
  timeZone?: string;
  /** A parlay's games, in the order of its legs. */
  legGames?: EventDTO[] | null;
}) {
  const hidden = post.selection === null && post.odds === null && post.units === null;
  const withdrawn = post.withdrawnAt !== null;
  return (
    <section aria-labelledby="pick-heading" className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pick-heading" className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          {post.market ? `The pick · ${MARKET_LABELS[post.market]}` : "The pick"}
        </h2>
        <span className="flex items-center gap-2">
          {post.selfGraded ? (
            <span
              className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800"
              title="Graded by the expert, not from the final score: not part of the verified record"
            >
              Self-reported
            </span>
          ) : null}
          <span
            className={clsx(
              "rounded-full px-2.5 py-0.5 text-xs font-bold",
              pickResult
                ? RESULT_STYLES[pickResult]
                : withdrawn
                  ? "bg-slate-200 text-slate-600"
                  : "bg-amber-100 text-amber-800",
            )}
          >
            <span className="sr-only">Result: </span>
            {pickResult ?? (withdrawn ? "Withdrawn" : "Pending")}
          </span>
        </span>
      </div>
      {hidden ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          The selection, odds and units are for subscribers until the game starts.
        </p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-xs text-slate-500">Selection</dt>
              <dd className="break-words text-lg font-bold text-slate-900">{post.selection ?? "—"}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Odds</dt>
              <dd className="text-lg font-bold text-slate-900">
                {post.odds !== null ? formatOdds(post.odds) : "—"}
                {post.settledOdds !== null && post.settledOdds !== post.odds ? (
                  <span className="block text-xs font-medium text-slate-500">{`Paid at ${formatOdds(post.settledOdds)}`}</span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Stake</dt>
              <dd className="text-lg font-bold text-slate-900">
                {post.units !== null ? formatUnits(post.units) : "—"}
              </dd>
            </div>
            {post.clv !== null ? (
              <div>
                <dt className="text-xs text-slate-500">Closing-line value</dt>
                <dd
                  className={clsx(
                    "text-lg font-bold",
                    post.clv > 0 ? "text-brand-700" : post.clv < 0 ? "text-danger" : "text-slate-900",
                  )}
                >
                  {`${post.clv > 0 ? "+" : ""}${post.clv.toFixed(2)} pts`}
                </dd>
              </div>
            ) : null}
          </dl>
          {post.market === "Parlay" && post.legs ? (
            <ParlayLegs legs={post.legs} games={legGames ?? []} timeZone={timeZone} />
          ) : null}
        </>
      )}
      {pickResult && post.resultCorrection ? (
        <p className="mt-3 text-sm text-slate-700">
          {"Result corrected on "}
          <time dateTime={post.resultCorrection.correctedAt}>
            {formatTime(post.resultCorrection.correctedAt, timeZone, "day")}
          </time>
          {` (${post.resultCorrection.reason})`}
        </p>
      ) : null}
      {post.postedMinutesBeforeStart !== null ? (
        <p className="mt-3 text-sm font-medium text-slate-700">{beforeStart(post.postedMinutesBeforeStart)}</p>
      ) : null}
      {withdrawn ? (
        <p className="mt-1 text-sm text-slate-600">{`Withdrawn by the expert before the start (${post.withdrawnAt!.slice(0, 16).replace("T", " ")} UTC). It stays on the record and is not graded.`}</p>
      ) : null}
      {post.commitment ? <CommitmentCheck commitment={post.commitment} committedText={post.committedText} /> : null}
    </section>
  );
}

/** Each leg of a parlay: what it bets on (the team, the line), its price, and its game with the start. */
function ParlayLegs({
  legs,
  games,
  timeZone,
}: {
  legs: NonNullable<PostDTO["legs"]>;
  games: EventDTO[];
  timeZone: string;
}) {
  const byId = new Map(games.map((game) => [game.id, game]));
  return (
    <ol className="mt-4 space-y-2" aria-label="Parlay legs">
      {legs.map((leg, index) => {
        const game = byId.get(leg.eventId);
        return (
          <li key={index} className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm">
            <p className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 font-semibold text-slate-900">
                {`${index + 1}. ${game ? legLabel(leg, game) : MARKET_LABELS[leg.market]}`}
              </span>
              <span className="shrink-0 font-semibold tabular-nums text-slate-900">{formatOdds(leg.odds)}</span>
            </p>
            <p className="mt-0.5 text-slate-600">
              {`${MARKET_LABELS[leg.market]}`}
              {game ? (
                <>
                  {" · "}
                  <Link to={`/events/${game.id}`} className="underline-offset-2 hover:underline">
                    {game.title}
                  </Link>
                  {", "}
                  <time dateTime={game.startsAt}>{formatTime(game.startsAt, timeZone, "game")}</time>
                </>
              ) : null}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
