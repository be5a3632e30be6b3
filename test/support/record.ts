/**
 * Helpers of the verified-record tests: a page's loader or action run as Remix runs it, and a
 * refusal of the record's database guard, whatever wraps it.
 */
import type { AppLoadContext } from "@remix-run/node";
import { expect } from "vitest";
import type { CookieJar } from "./api-caller";

export type PageAnswer = { status: number; body: Record<string, unknown> | null };

/** Runs a page's loader (GET) or action (POST, a form) like Remix: thrown Responses answered, `data(...)` unwrapped. */
export async function runPage(
  module: { loader: (args: never) => unknown; action?: (args: never) => unknown },
  context: AppLoadContext,
  path: string,
  jar?: CookieJar,
  fields?: Record<string, string>,
): Promise<PageAnswer> {
  const headers: Record<string, string> = jar ? { Cookie: jar.header() } : {};
  const request = fields
    ? new Request(`http://localhost${path}`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      })
    : new Request(`http://localhost${path}`, { headers });
  try {
    const handler = fields ? module.action! : module.loader;
    const result = (await handler({ request, params: {}, context } as never)) as {
      type?: string;
      data?: Record<string, unknown>;
      init?: ResponseInit | null;
    } | null;
    if (result?.type === "DataWithResponseInit")
      return { status: result.init?.status ?? 200, body: result.data ?? null };
    return { status: 200, body: result as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null };
    throw thrown;
  }
}

/** The text of the error a write failed with (drizzle's and the driver's), or "" when it succeeded. */
export function writeError(write: Promise<unknown>): Promise<string> {
  return write.then(
    () => "",
    (caught: Error & { cause?: Error }) => `${caught.message} ${caught.cause?.message ?? ""}`,
  );
}

/** A refusal of the record's guard, whatever wraps it (drizzle, the driver). */
export async function refused(write: Promise<unknown>, message: string) {
  const text = await writeError(write);
  expect(text, "the database accepted a write its guard must refuse").not.toBe("");
  expect(text).toContain(message);
}
