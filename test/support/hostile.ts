/**
 * What the hostile-input properties share: the runs and seed, the hostile
 * strings, the database checksum a refused request must leave as it was, and the Object.prototype
 * probe (the people who call are in people.ts). Used by test/integration/hostile-input.test.ts
 * (every /api route) and test/integration/hostile-forms.test.ts (every page form action).
 */
import type { AppLoadContext } from "@remix-run/node";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { Database } from "~/db/client.server";

/** `HOSTILE_RUNS` sets the random runs per route and family (each suite has its own default). */
export const hostileRuns = (fallback: number) => Number(process.env.HOSTILE_RUNS ?? fallback);
/** `HOSTILE_SEED` replays a failure (fast-check prints the seed and the shrunk counterexample). */
export const HOSTILE_SEED = process.env.HOSTILE_SEED ? Number(process.env.HOSTILE_SEED) : undefined;
export const fcOptions = (numRuns: number, examples: unknown[][] = []) => ({
  numRuns,
  seed: HOSTILE_SEED,
  examples: examples as never,
  endOnFailure: false,
});

// ---------------------------------------------------------------------------------------------
// Hostile values
// ---------------------------------------------------------------------------------------------
export const SQL_FRAGMENTS = [
  "'; DROP TABLE posts;--",
  '" OR 1=1 --',
  "1; SELECT pg_sleep(10)",
  "') UNION SELECT password_hash FROM users --",
  "%",
  "_",
  "\\",
  "%_\\",
  "$1",
  "E'\\x00'",
];
export const HTML_FRAGMENTS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  '"><svg onload=alert(1)>',
  "</textarea><script>alert(1)</script>",
  "{{constructor.constructor('alert(1)')()}}",
  "<!--",
  '<iframe src="javascript:alert(1)"></iframe>',
];
export const UNICODE_FRAGMENTS = [
  "\u202Egnp.exe",
  "\u200B\u200C\u200D\uFEFF",
  "👍🏽👨‍👩‍👧",
  "\u0645\u0631\u062D\u0628\u0627",
  "e\u0301",
  "\uD800",
  "x\uDC00",
  "a\u0000b",
  "𝕏",
  "\u2028\u2029",
];
export const FRAGMENTS = [...SQL_FRAGMENTS, ...HTML_FRAGMENTS, ...UNICODE_FRAGMENTS];

/** A string an attacker would send: fragments, their mixes, arbitrary code points. */
export const hostileString = fc.oneof(
  fc.constantFrom(...FRAGMENTS),
  fc.array(fc.constantFrom(...FRAGMENTS, " ", "a"), { minLength: 2, maxLength: 5 }).map((parts) => parts.join("")),
  fc.string({ unit: "binary", maxLength: 30 }),
);

/** Half surrogate pairs out: what a URL or a form can carry (its bytes decode to well-formed text). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const wellFormed = (value: string) => value.replace(LONE_SURROGATE, "");

/** Keys that would reach Object.prototype if a parser copied them naively. */
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"] as const;
/** What a polluting payload would set; `polluted()` looks for it on a fresh object. */
export const POLLUTION = { isAdmin: true, roles: ["Admin"], polluted: "yes", emailConfirmedAt: "2020-01-01T00:00:00Z" };

export const polluted = () => {
  const probe = {} as Record<string, unknown>;
  return Object.keys(POLLUTION).some((key) => probe[key] !== undefined);
};

// ---------------------------------------------------------------------------------------------
// The database before and after
// ---------------------------------------------------------------------------------------------
/** Tables a refused request may still write: the rate limiter counts attempts, good or bad. */
const MAY_CHANGE = new Set(["rate_limit_counters"]);

async function rowsOf(db: Database, query: string): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(sql.raw(query))) as unknown;
  return Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows;
}

/** Every table's row count and checksum (but the rate limiter's), as one string per snapshot. */
export async function tableChecksum(db: Database): Promise<{ snapshot(): Promise<string> }> {
  const tables = (
    await rowsOf(
      db,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
    )
  )
    .map((row) => String(row.table_name))
    .filter((name) => !MAY_CHANGE.has(name));
  const query = tables
    // A sum of row hashes: order-free, so no sort per table.
    .map(
      (name) =>
        `SELECT '${name}' AS t, count(*)::int AS n, coalesce(sum(hashtext(x::text)::bigint), 0)::text AS sum FROM "${name}" x`,
    )
    .join(" UNION ALL ");
  return {
    async snapshot() {
      const rows = await rowsOf(db, query);
      return rows.map((row) => `${String(row.t)}:${String(row.n)}:${String(row.sum)}`).join("\n");
    },
  };
}

/** The tables whose count or checksum differs between two snapshots. */
export function changedTables(before: string, after: string): string[] {
  const a = new Set(before.split("\n"));
  return after
    .split("\n")
    .filter((line) => !a.has(line))
    .map((line) => line.split(":")[0]);
}

/** Waits for the work earlier calls left running (e-mails on their way through the outbox). */
export async function settled(context: AppLoadContext) {
  while (context.mail.inFlight.size > 0) await Promise.all([...context.mail.inFlight]);
}

/** A counterexample as fast-check prints it: `view` of the value, long strings cut short. */
export function printable<T extends object>(value: T, view: (value: T) => unknown): T {
  return Object.assign(value, {
    [fc.toStringMethod]: () =>
      JSON.stringify(view(value), (_key, item: unknown) =>
        typeof item === "string" && item.length > 200 ? `${item.slice(0, 200)}…(${item.length} chars)` : item,
      ),
  });
}
