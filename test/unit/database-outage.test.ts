import type { ServerBuild } from "@remix-run/node";
import { drizzle } from "drizzle-orm/postgres-js";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { handleApi } from "~/web/api.server";
import { AppError } from "~/modules/http/app-error";
import { isDatabaseUnavailable, withDatabaseOutageGuard } from "~/web/database-outage.server";
import { API_MESSAGES } from "~/modules/http/error-messages";

const coded = (code: string) => Object.assign(new Error(`failed: ${code}`), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    "ECONNREFUSED",
    "ECONNRESET",
    "CONNECTION_CLOSED",
    "CONNECTION_ENDED",
    "CONNECTION_DESTROYED",
    "CONNECT_TIMEOUT",
    "57P01",
    "57P02",
    "57P03",
    "08006",
    "08001",
    "08P01",
    "53300",
  ])("treats %s as an outage", (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(true);
  });

  it.each(["23505", "22P02", "40001", "SR001", "42P01", "57014"])("leaves %s (a query's own failure) alone", (code) => {
    expect(isDatabaseUnavailable(coded(code))).toBe(false);
  });

  it("looks through wrappers: drizzle's cause and an AggregateError's errors", () => {
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: coded("57P01") }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([new Error("x"), coded("ECONNREFUSED")]))).toBe(true);
    expect(isDatabaseUnavailable(new Error("plain"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable(new AppError(404))).toBe(false);
  });

  it("recognises what postgres.js and drizzle really throw for a server that is not there", async () => {
    // Port 1 on the loopback: nothing listens, the connection is refused at once.
    const client = postgres("postgres://nobody@127.0.0.1:1/none", { max: 1, connect_timeout: 2, onnotice: () => {} });
    const error = await drizzle(client)
      .execute(sql`SELECT 1`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    await client.end({ timeout: 1 });
    expect(error).toBeTruthy();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe("the API during an outage", () => {
  it("answers 503 in the error shape with Retry-After, not 500", async () => {
    const response = await handleApi(() => {
      throw new Error("Failed query", { cause: coded("ECONNREFUSED") });
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.json()).toEqual({ error: API_MESSAGES[503], statusCode: 503 });
  });
});

describe("withDatabaseOutageGuard", () => {
  const build = {
    routes: {
      page: {
        id: "page",
        module: {
          default: () => null,
          loader: () => {
            throw coded("CONNECTION_CLOSED");
          },
          action: () => {
            throw new Error("a bug");
          },
        },
      },
    },
  } as unknown as ServerBuild;

  it("turns a loader's outage into a thrown 503 Response and leaves other errors be", async () => {
    const guarded = withDatabaseOutageGuard(build).routes.page!.module;
    const args = { context: {}, request: new Request("http://localhost/"), params: {} } as never;
    const thrown = await Promise.resolve(guarded.loader!(args)).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect(await (thrown as Response).json()).toEqual({ error: API_MESSAGES[503], statusCode: 503 });
    const bug = await Promise.resolve(guarded.action!(args)).catch((e: unknown) => e);
    expect(bug).toBeInstanceOf(Error);
    expect(guarded.default).toBe(build.routes.page!.module.default);
  });
});
