/**
 * Loaded into the app server by the hardening run (`node --import`): watches the server's event
 * loop with perf_hooks and, on SIGUSR2, writes what it saw since the last signal to
 * LOOP_MONITOR_FILE and starts over. The app knows nothing of it.
 */
import { writeFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import process from "node:process";

const file = process.env.LOOP_MONITOR_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on("SIGUSR2", () => {
    const ms = (ns) => Math.round((ns / 1e6) * 10) / 10;
    writeFileSync(
      file,
      JSON.stringify({
        maxMs: ms(histogram.max),
        p50Ms: ms(histogram.percentile(50)),
        p99Ms: ms(histogram.percentile(99)),
        samples: histogram.count,
      }),
    );
    histogram.reset();
  });
}
