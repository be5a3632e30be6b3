/**
 * The event loop's delay while a test's work runs (perf_hooks). The monitor's histogram starts at
 * its first timer tick: a stall that begins before that tick is never recorded, so `watchEventLoop`
 * waits for the monitor to be running before it answers, and `stop` lets a timer due during a
 * stall fire (it records how late it was) before reading the figures.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";

export interface LoopDelay {
  /** The longest wait, in ms. */
  maxMs: number;
  p99Ms: number;
}

export async function watchEventLoop(): Promise<{ stop: () => Promise<LoopDelay> }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, 40));
  return {
    async stop() {
      await new Promise((resolve) => setTimeout(resolve, 50));
      histogram.disable();
      return { maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 };
    },
  };
}
