import { describe, expect, it } from "vitest";
import { startScheduler } from "~/modules/jobs/scheduler.server";

const silent = { warn: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the periodic jobs' scheduler", () => {
  it("runs a job first after firstAfterMs, then every everyMs, never twice at once", async () => {
    let runs = 0;
    let concurrent = 0;
    let most = 0;
    const scheduler = startScheduler(
      [
        {
          name: "slow",
          everyMs: 10,
          firstAfterMs: 0,
          run: async () => {
            runs += 1;
            concurrent += 1;
            most = Math.max(most, concurrent);
            await sleep(35);
            concurrent -= 1;
          },
        },
      ],
      silent,
    );
    await sleep(150);
    await scheduler.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
  });

  it("waits for the runs under way when stopped, aborts their signal and starts none after", async () => {
    let finished = false;
    let aborted = false;
    let runs = 0;
    const scheduler = startScheduler(
      [
        {
          name: "drain",
          everyMs: 5,
          firstAfterMs: 0,
          run: async (signal) => {
            runs += 1;
            await sleep(40);
            aborted = signal.aborted;
            finished = true;
          },
        },
      ],
      silent,
    );
    await sleep(10);
    await scheduler.stop();
    expect(finished).toBe(true);
    expect(aborted).toBe(true);
    const after = runs;
    await sleep(30);
    expect(runs).toBe(after);
  });

  it("logs a failed run and keeps the job scheduled", async () => {
    const warnings: string[] = [];
    let runs = 0;
    const scheduler = startScheduler(
      [
        {
          name: "flaky",
          everyMs: 10,
          firstAfterMs: 0,
          run: async () => {
            runs += 1;
            throw new Error("boom");
          },
        },
      ],
      { warn: (_obj, msg) => void warnings.push(msg) },
    );
    await sleep(60);
    await scheduler.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(warnings[0]).toBe('the periodic job "flaky" failed');
  });

  it("waits firstAfterMs (everyMs unless said) before the first run", async () => {
    let runs = 0;
    const scheduler = startScheduler([{ name: "later", everyMs: 10_000, run: async () => void (runs += 1) }], silent);
    await sleep(30);
    await scheduler.stop();
    expect(runs).toBe(0);
  });
});
