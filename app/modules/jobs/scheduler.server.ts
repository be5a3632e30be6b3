/**
 * The one scheduler of the periodic jobs (the list is in periodic-jobs.server.ts). A job runs every
 * `everyMs`, the first time after `firstAfterMs` (0: at start); a run still going when the next is
 * due is not started twice. Jobs never keep the process alive, and `stop()` waits for the runs
 * under way (the database closes after it). Every job is safe on many instances at once: each says
 * how (a lock, a lease, or rows claimed with FOR UPDATE SKIP LOCKED).
 */

export interface PeriodicJob {
  name: string;
  everyMs: number;
  /** When the first run is due, from the start; `everyMs` unless said. */
  firstAfterMs?: number;
  /** One run; `signal` aborts when the scheduler stops (a long drain checks it between batches). */
  run(signal: AbortSignal): Promise<unknown>;
}

interface Log {
  warn(obj: object, msg: string): void;
}

export interface Scheduler {
  /** Stops every timer and waits for the runs under way. */
  stop(): Promise<void>;
}

export function startScheduler(jobs: PeriodicJob[], log: Log): Scheduler {
  const stopping = new AbortController();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const running = new Map<string, Promise<void>>();

  const tick = (job: PeriodicJob) => {
    if (running.has(job.name) || stopping.signal.aborted) return;
    const run = Promise.resolve()
      .then(() => job.run(stopping.signal))
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, `the periodic job "${job.name}" failed`),
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };

  for (const job of jobs) {
    const first = setTimeout(() => {
      tick(job);
      const every = setInterval(() => tick(job), job.everyMs);
      every.unref();
      timers.push(every);
    }, job.firstAfterMs ?? job.everyMs);
    first.unref();
    timers.push(first);
  }

  return {
    async stop() {
      stopping.abort();
      // clearTimeout clears an interval too.
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running.values());
    },
  };
}
