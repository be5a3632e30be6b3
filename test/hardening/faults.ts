/**
 * The fault run: PostgreSQL stopped for a few seconds and started again under
 * a steady load, with notification streams open; then the storage, SMTP and Stripe stand-ins
 * stopped in turn. Every figure is returned for docs/reliability.md.
 */
import type postgres from "postgres";
import { timedFetch } from "./timed-fetch";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Outcome {
  at: number;
  ms: number;
  status: number | "timeout" | "network error";
  shapeOk: boolean;
  name: string;
}

/** A signed-in SSE reader: keeps every notification id it receives. */
export class StreamReader {
  ids: string[] = [];
  lastId: string | null = null;
  opened = false;
  private controller = new AbortController();
  ended: Promise<void>;

  constructor(url: string, cookie: string, lastEventId?: string) {
    this.ended = this.read(url, cookie, lastEventId).catch(() => {});
  }

  private async read(url: string, cookie: string, lastEventId?: string) {
    const response = await fetch(url, {
      headers: { cookie, accept: "text/event-stream", ...(lastEventId ? { "Last-Event-ID": lastEventId } : {}) },
      signal: this.controller.signal,
    });
    if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
    this.opened = true;
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: (.+)$/m.exec(event)?.[1];
        if (id) {
          this.ids.push(id);
          this.lastId = id;
        }
      }
    }
  }

  close() {
    this.controller.abort();
  }
}

/**
 * An error answer in the product's shape: the API's `{error, statusCode}` for a 4xx or 5xx, the plain
 * error text for a page's 5xx; a 503 also says when to try again (Retry-After).
 */
export function errorShapeOk(path: string, response: Response, text: string): boolean {
  const status = response.status;
  if (status >= 400 && path.startsWith("/api/")) {
    try {
      const body = JSON.parse(text) as { error?: unknown; statusCode?: unknown };
      return (
        typeof body.error === "string" &&
        body.statusCode === status &&
        (status !== 503 || response.headers.has("retry-after"))
      );
    } catch {
      return false;
    }
  }
  if (status >= 500)
    return text.includes("Internal Server Error") && (status !== 503 || response.headers.has("retry-after"));
  return true;
}

/** Requests at a steady pace from `workers` loops, each outcome timed and checked for the error shape. */
export function steadyLoad(
  appBase: string,
  requests: { name: string; make: () => { path: string; init?: RequestInit } }[],
  workers: number,
  timeoutMs = 10_000,
) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, w) => {
    let i = w;
    while (running) {
      const spec = requests[i++ % requests.length];
      const { path, init } = spec.make();
      const started = Date.now();
      let status: Outcome["status"];
      let shapeOk = true;
      try {
        const { response, text } = await timedFetch(`${appBase}${path}`, init ?? {}, timeoutMs);
        status = response.status;
        shapeOk = errorShapeOk(path, response, text);
      } catch (error) {
        status = (error as Error).name === "TimeoutError" ? "timeout" : "network error";
      }
      outcomes.push({ at: started, ms: Date.now() - started, status, shapeOk, name: spec.name });
      await sleep(50);
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 250,
): Promise<number | null> {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await check()) return Date.now() - start;
    await sleep(everyMs);
  }
  return null;
}

export async function notificationIdsSince(sql: postgres.Sql, recipientId: string, since: Date): Promise<string[]> {
  const rows = await sql<
    { id: string }[]
  >`SELECT id FROM notifications WHERE recipient_id = ${recipientId} AND created_at >= ${since} ORDER BY created_at, id`;
  return rows.map((r) => r.id);
}
