// The memory one open notification stream costs, in this process, for the hand-written stream
// (app/modules/notifications/event-stream.server.ts) and for the same stream written on
// remix-utils' `eventStream` (decision 001). No server, no database: N streams on a hub that only
// keeps them, each with its Response, an AbortSignal and the opening bytes enqueued.
//
//   node --expose-gc --import tsx bench/sse-memory.ts        (BENCH_STREAMS, default 10,000)
import { eventStream } from "remix-utils/sse/server";
import { NotificationEventStream } from "~/modules/notifications/event-stream.server";
import type { NotificationHub, StreamListener } from "~/modules/notifications/stream-hub.server";

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");

function hub(): NotificationHub & { listeners: Set<StreamListener> } {
  const listeners = new Set<StreamListener>();
  return {
    listeners,
    add(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
    close: async () => {},
  };
}

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function handWritten(target: ReturnType<typeof hub>, n: number) {
  const abort = new AbortController();
  const stream = new NotificationEventStream(target, id(n), id(n + 1), null, async () => []);
  abort.signal.addEventListener("abort", () => stream.end(), { once: true });
  const response = new Response(new ReadableStream(stream), {
    headers: { "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-store" },
  });
  return { abort, response };
}

// The same listener on remix-utils: its `send` writes `event:` and `data:` lines only, so the id
// (for Last-Event-ID) rides in the event name's line, as the replacement would have to.
function onRemixUtils(target: ReturnType<typeof hub>, n: number) {
  const abort = new AbortController();
  const response = eventStream(abort.signal, (send, close) => {
    let lastId: string | null = null;
    const listener: StreamListener = {
      recipientId: id(n),
      sessionId: id(n + 1),
      openedAt: new Date(),
      get lastId() {
        return lastId;
      },
      async replay(missed) {
        for (const notification of await missed()) listener.send(notification);
      },
      send(notification) {
        lastId = notification.id;
        send({ event: `message\nid: ${notification.id}`, data: JSON.stringify(notification) });
      },
      heartbeat: () => send({ event: "heartbeat", data: "" }),
      end: close,
    };
    const remove = target.add(listener);
    send({ event: "open", data: "" });
    return remove;
  });
  response.headers.set("Content-Type", "text/event-stream; charset=utf-8");
  response.headers.set("Cache-Control", "no-store");
  return { abort, response };
}

function bytesPerStream(open: (target: ReturnType<typeof hub>, n: number) => unknown): number {
  gc!();
  gc!();
  const before = process.memoryUsage().heapUsed;
  const target = hub();
  const kept = Array.from({ length: STREAMS }, (_, n) => open(target, n));
  gc!();
  gc!();
  const after = process.memoryUsage().heapUsed;
  if (target.listeners.size !== STREAMS || kept.length !== STREAMS) throw new Error("streams were lost");
  return (after - before) / STREAMS;
}

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const results: Record<string, number[]> = { "hand-written": [], "remix-utils": [] };
for (let round = 0; round < rounds; round++) {
  results["hand-written"].push(bytesPerStream(handWritten));
  results["remix-utils"].push(bytesPerStream(onRemixUtils));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`${STREAMS} streams, ${rounds} rounds, heap bytes per open stream (median):`);
for (const [name, values] of Object.entries(results))
  console.log(`  ${name.padEnd(13)} ${Math.round(median(values))} B  (${values.map(Math.round).join(", ")})`);
