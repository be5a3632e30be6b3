/**
 * The verified record's screens (decision 026): the units chart drawn on the server, the figures
 * panel's sport switch, and the commitment check done in the reader's browser.
 */
import { createHash } from "node:crypto";
import { createRemixStub } from "../support/remix-stub";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CommitmentCheck } from "~/components/record/commitment-check";
import { RecordFiguresPanel } from "~/components/record/record-figures";
import { RecordPanel } from "~/components/record/record-panel";
import { UnitsChart } from "~/components/record/units-chart";
import { EMPTY_SUMS, RECORD_WINDOWS, toRecordFigures, type RecordWindow } from "~/modules/record/figures";
import type { ExpertRecordFigures } from "~/modules/record/record.server";
import { stubIntersectionObserver } from "../support/intersection-observer";

const windows = (wins: number, losses: number, profit: number) =>
  Object.fromEntries(
    RECORD_WINDOWS.map((window) => [
      window,
      toRecordFigures({ ...EMPTY_SUMS, wins, losses, profit, staked: wins + losses }),
    ]),
  ) as Record<RecordWindow, ReturnType<typeof toRecordFigures>>;

describe("UnitsChart", () => {
  it("draws the running total with a summary for screen readers; nothing to draw before the first grade", () => {
    const { container, unmount } = render(
      <UnitsChart
        label="Units won by LeBronPicks, running total"
        points={[
          { day: "2026-11-01", units: 1.5, total: 1.5 },
          { day: "2026-11-02", units: -3, total: -1.5 },
          { day: "2026-11-05", units: 2.75, total: 1.25 },
        ]}
      />,
    );
    const chart = screen.getByRole("img", { name: "Units won by LeBronPicks, running total" });
    expect(chart.getAttribute("aria-describedby")).toBe("units-chart-desc");
    expect(document.getElementById("units-chart-desc")?.textContent).toBe(
      "Units won by LeBronPicks, running total: +1.25 units over 3 days with graded picks, from 2026-11-01 to 2026-11-05; highest 1.50, lowest -1.50.",
    );
    // Zero, then one point per day graded.
    expect(container.querySelector("path")?.getAttribute("d")?.match(/[ML]/g)).toHaveLength(4);
    expect(container.querySelector("path")?.getAttribute("class")).toContain("stroke-brand-700");
    unmount();
    render(<UnitsChart label="Units" points={[]} />);
    expect(screen.getByText("The chart starts with the first graded pick.")).toBeTruthy();
  });

  it("labels its axes in HTML beside the drawing, so a phone's narrow chart keeps them readable; a label too close to zero gives way", () => {
    const { container, unmount } = render(
      <UnitsChart
        label="Units"
        points={[
          { day: "2026-11-01", units: 1.5, total: 1.5 },
          { day: "2026-11-02", units: -3, total: -1.5 },
        ]}
      />,
    );
    // Nothing is written inside the scaled drawing but its title and description.
    expect(container.querySelectorAll("svg text")).toHaveLength(0);
    const axis = (text: string) => {
      const element = screen.getByText(text);
      expect(element.closest("svg")).toBeNull();
      expect(element.closest("[aria-hidden=true]")).toBeTruthy();
      return element;
    };
    // Highest at the top, zero half-way, lowest at the bottom; the first and last days below.
    const top = (text: string) => parseFloat(axis(text).style.top);
    expect(top("+1.5u")).toBe(0);
    expect(top("0")).toBe(50);
    expect(top("-1.5u")).toBe(100);
    axis("2026-11-01");
    axis("2026-11-02");
    unmount();
    render(
      <UnitsChart
        label="Units"
        points={[
          { day: "2026-11-01", units: 0.1, total: 0.1 },
          { day: "2026-11-02", units: -5.1, total: -5 },
        ]}
      />,
    );
    expect(screen.queryByText("+0.1u")).toBeNull();
    expect(top("0")).toBeCloseTo(1.96, 2);
    expect(top("-5.0u")).toBe(100);
  });
});

describe("RecordFiguresPanel", () => {
  it("shows all sports, and one sport's figures at the press of its button", async () => {
    const figures: ExpertRecordFigures = {
      overall: windows(7, 3, 3.2),
      categories: [
        { category: { id: 2, name: "NBA" }, windows: windows(5, 1, 3.5) },
        { category: { id: 5, name: "NCAAB" }, windows: windows(2, 2, -0.3) },
      ],
      selfReported: { wins: 0, losses: 0, pushes: 0, voids: 0, units: 0 },
    };
    render(<RecordFiguresPanel figures={figures} />);
    expect(screen.queryByText(/Self-reported/)).toBeNull();
    const allTime = () => screen.getByRole("row", { name: /All time/ });
    expect(allTime().textContent).toContain("7-3-0");
    expect(allTime().textContent).toContain("+3.20u");
    expect(screen.getByRole("button", { name: "All sports" }).getAttribute("aria-pressed")).toBe("true");
    await userEvent.click(screen.getByRole("button", { name: "NCAAB" }));
    expect(screen.getByRole("button", { name: "NCAAB" }).getAttribute("aria-pressed")).toBe("true");
    expect(allTime().textContent).toContain("2-2-0");
    expect(allTime().textContent).toContain("-0.30u");
    expect(screen.getByRole("table", { name: "Verified record, NCAAB, by window" })).toBeTruthy();
  });

  it("names each figure in its cell for the phone's stacked cards, hidden from screen readers, which have the column headers", () => {
    render(
      <RecordFiguresPanel
        figures={{
          overall: windows(7, 3, 3.2),
          categories: [],
          selfReported: { wins: 0, losses: 0, pushes: 0, voids: 0, units: 0 },
        }}
      />,
    );
    const headers = screen.getAllByRole("columnheader").map((header) => header.textContent);
    expect(headers).toEqual([
      "Window",
      "W-L-P",
      "Withdrawn",
      "Win %",
      "Units",
      "ROI",
      "Avg odds",
      "CLV",
      "Streak",
      "Picks",
    ]);
    const cells = within(screen.getByRole("row", { name: /All time/ })).getAllByRole("cell");
    expect(cells.map((cell) => cell.querySelector("[aria-hidden=true]")?.textContent)).toEqual(headers.slice(1));
    expect(cells[0].textContent).toBe("W-L-P7-3-0");
    // Hidden from the accessible name: the row reads its figures once.
    expect(screen.getByRole("row", { name: /All time/ }).textContent).toContain("7-3-0");
    expect(screen.queryByRole("row", { name: /W-L-P 7-3-0/ })).toBeNull();
  });

  it("shows the expert's self-graded props apart, labelled self-reported, with their own tally", () => {
    const figures: ExpertRecordFigures = {
      overall: windows(7, 3, 3.2),
      categories: [],
      selfReported: { wins: 4, losses: 1, pushes: 0, voids: 2, units: 2.73 },
    };
    render(<RecordFiguresPanel figures={figures} />);
    const line = screen.getByText(/Self-reported \(not verified\)/).parentElement!;
    expect(line.textContent).toContain("4-1-0, +2.73u over 7 props the expert graded.");
    expect(line.textContent).toContain("count in none of the figures above nor on the leaderboard");
    // The verified row is untouched by them.
    expect(screen.getByRole("row", { name: /All time/ }).textContent).toContain("7-3-0");
  });
});

describe("CommitmentCheck", () => {
  const text = "sharpside-pick-v1\npost: 1\nselection: Lakers -4.5\nsalt: 00ff";
  const commitment = createHash("sha256").update(text, "utf8").digest("hex");

  it("before the start: the commitment only, and when the text will come", () => {
    render(<CommitmentCheck commitment={commitment} committedText={null} />);
    expect(screen.getByText(commitment)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Check it in my browser" })).toBeNull();
    expect(screen.getByText(/revealed when the game starts/)).toBeTruthy();
  });

  it("after the start: the reader's browser hashes the text and says whether it matches", async () => {
    const { unmount } = render(<CommitmentCheck commitment={commitment} committedText={text} />);
    await userEvent.click(screen.getByText("Verify this pick"));
    await userEvent.click(screen.getByRole("button", { name: "Check it in my browser" }));
    expect(await screen.findByText("It matches: this is exactly the pick that was committed.")).toBeTruthy();
    unmount();
    render(<CommitmentCheck commitment={commitment} committedText={`${text} `} />);
    await userEvent.click(screen.getByText("Verify this pick"));
    await userEvent.click(screen.getByRole("button", { name: "Check it in my browser" }));
    expect(await screen.findByText("It does not match the commitment.")).toBeTruthy();
  });
});

describe("RecordPanel (the expert page's, loaded on scroll)", () => {
  afterEach(() => vi.unstubAllGlobals());

  const panelData = {
    figures: {
      overall: windows(7, 3, 3.2),
      categories: [],
      selfReported: { wins: 0, losses: 0, pushes: 0, voids: 0, units: 0 },
    },
    chart: [{ day: "2026-11-01", units: 3.2, total: 3.2 }],
    gradedPicks: [
      {
        id: "p1",
        selection: "Lakers -4.5",
        title: "Lakers tonight",
        odds: -110,
        settledOdds: null,
        units: 1,
        pickResult: "Win" as const,
        selfGraded: false,
      },
    ],
    gradedPage: 1,
    gradedPages: 1,
  };

  it("offers a link before it loads, loads when it scrolls near, says what the server refused and tries again", async () => {
    const scrolling = stubIntersectionObserver();
    const asked: string[] = [];
    const answers = [
      { ok: false, error: "Too many requests. Try again later.", statusCode: 429 },
      { ok: true, ...panelData },
    ];
    const Stub = createRemixStub([
      {
        path: "/experts/:userName",
        Component: () => <RecordPanel expertId="e-1" userName="LeBronPicks" hasGradedPicks data={null} />,
      },
      {
        path: "/experts/:expertId/record",
        loader: ({ request }) => {
          asked.push(new URL(request.url).pathname);
          return answers.shift()!;
        },
      },
    ]);
    render(<Stub initialEntries={["/experts/LeBronPicks?page=2"]} />);
    const region = await screen.findByRole("region", { name: "Record and figures" });
    // Without JavaScript the link opens the page with the panel rendered, its other parameters kept.
    expect(
      within(region)
        .getByRole("link", { name: "Show the figures, the chart and the graded picks" })
        .getAttribute("href"),
    ).toBe("/experts/LeBronPicks?page=2&graded=1#verified-record-heading");
    expect(asked).toEqual([]);

    await scrolling.scrollIntoView();
    expect(await within(region).findByRole("alert")).toHaveProperty(
      "textContent",
      "Too many requests. Try again later.",
    );
    await userEvent.click(within(region).getByRole("button", { name: "Try again" }));
    expect(await within(region).findByRole("heading", { name: "Graded picks" })).toBeTruthy();
    expect(within(region).getByRole("row", { name: /All time/ }).textContent).toContain("7-3-0");
    expect(within(region).getByRole("link", { name: "Lakers -4.5" }).getAttribute("href")).toBe("/posts/p1");
    expect(asked).toEqual(["/experts/e-1/record", "/experts/e-1/record"]);
  });

  it("renders at once what the page's loader read", () => {
    const Stub = createRemixStub([
      {
        path: "/experts/:userName",
        Component: () => <RecordPanel expertId="e-1" userName="LeBronPicks" hasGradedPicks data={panelData} />,
      },
    ]);
    render(<Stub initialEntries={["/experts/LeBronPicks?graded=1"]} />);
    expect(screen.getByRole("img", { name: "Units won by LeBronPicks, running total" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Show the figures, the chart and the graded picks" })).toBeNull();
  });
});
