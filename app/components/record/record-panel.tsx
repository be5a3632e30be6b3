import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useCallback, type MouseEvent } from "react";
import { Button } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";
import { RETRYING_TEXT, useRetryingLoad } from "~/components/ui/retrying-load";
import { useLoadOnScroll } from "~/components/ui/use-load-on-scroll";
import type { RecordPanelData } from "~/modules/posts/record-panel.server";
import { GradedPicks } from "./graded-picks";
import { RecordFiguresPanel } from "./record-figures";
import { UnitsChart } from "./units-chart";

/**
 * The expert page's "Record and figures": the figures per window and sport, the units chart and
 * the graded picks. The page renders it when its address names a page of graded picks
 * (`?graded=`, the panel's own page links); otherwise it comes from `/experts/{id}/record` as the
 * reader scrolls near it (`useRetryingLoad`: a blip is asked again, then the error panel), keeping the page's first view light. Before the page hydrates, the
 * placeholder is a link to the page with the panel rendered, so it works without JavaScript.
 */
export function RecordPanel({
  expertId,
  userName,
  hasGradedPicks,
  data,
}: {
  expertId: string;
  userName: string;
  /** Reserves the panel's room while it loads, so what follows does not jump. */
  hasGradedPicks: boolean;
  /** The panel as the page's loader read it, or null when it is loaded on scroll. */
  data: RecordPanelData | null;
}) {
  const fetcher = useRetryingLoad<RecordPanelData>();
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const panel = data ?? (answer?.ok ? answer : null);
  const failure = !data && answer && !answer.ok ? answer.error : null;
  const { load: loadRoute } = fetcher;
  const load = useCallback(() => loadRoute(`/experts/${encodeURIComponent(expertId)}/record`), [loadRoute, expertId]);
  const sentinelRef = useLoadOnScroll<HTMLDivElement>(load, {
    enabled: !panel && fetcher.state === "idle" && !answer && !fetcher.failed,
    rootMargin: "600px 0px",
  });
  const location = useLocation();
  const withPanel = new URLSearchParams(location.search);
  withPanel.set("graded", "1");
  const showNow = (event: MouseEvent) => {
    event.preventDefault();
    load();
  };

  return (
    <section
      aria-labelledby="verified-record-heading"
      aria-busy={fetcher.state === "loading"}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="verified-record-heading" className="text-xl font-bold">
          Record and figures
        </h2>
        <Link to="/verify" className="text-sm font-semibold text-brand-700 underline">
          How every pick is verified
        </Link>
      </div>
      {panel ? (
        <>
          <div className="mt-4">
            <RecordFiguresPanel figures={panel.figures} />
          </div>
          <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-500">Units over time</h3>
          <div className="mt-2">
            <UnitsChart points={panel.chart} label={`Units won by ${userName}, running total`} />
          </div>
          <h3 id="graded-picks-heading" className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-500">
            Graded picks
          </h3>
          <GradedPicks
            picks={panel.gradedPicks}
            page={panel.gradedPage}
            totalPages={panel.gradedPages}
            labelledBy="graded-picks-heading"
          />
        </>
      ) : (
        <div ref={sentinelRef} className={hasGradedPicks ? "min-h-[44rem] pt-4" : "pt-4"}>
          {fetcher.failed ? (
            <ErrorPanel onRetry={load} retrying={fetcher.retrying} />
          ) : failure ? (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <p role="alert" className="text-danger">
                {failure}
              </p>
              <Button variant="secondary" size="sm" onClick={load}>
                Try again
              </Button>
            </div>
          ) : (
            <p role="status" className="text-sm text-slate-600">
              {fetcher.state === "loading" ? (
                fetcher.retry > 0 ? (
                  RETRYING_TEXT
                ) : (
                  "Loading the record…"
                )
              ) : (
                <a
                  href={`${location.pathname}?${withPanel}#verified-record-heading`}
                  onClick={showNow}
                  className="font-semibold text-brand-700 underline"
                >
                  Show the figures, the chart and the graded picks
                </a>
              )}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
