import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  apiError,
  apiList,
  apiPayload,
  errorToResponse,
  handleApi,
  jsonShape,
  MAX_JSON_VALUES,
  pageMeta,
  readJsonBody,
  readQuery,
} from "~/web/api.server";
import { AppError } from "~/modules/http/app-error";

const schema = z.object({ name: z.string().min(1, "Required"), tags: z.array(z.string()).optional() });

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/x", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...headers },
  });

async function failure(promise: Promise<unknown>) {
  const response = await handleApi(async () => {
    await promise;
    return apiPayload("unexpected");
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe("envelopes", () => {
  it("wraps one object in payload and lists in items + meta", async () => {
    expect(await apiPayload({ a: 1 }).json()).toEqual({ payload: { a: 1 } });
    const list = apiList([1, 2], pageMeta(1, 5, 12));
    expect(await list.json()).toEqual({ items: [1, 2], meta: { page: 1, size: 5, totalItems: 12, totalPages: 3 } });
    expect(list.headers.get("Cache-Control")).toBe("no-store");
  });

  it("builds the error shape with the catalogue's text by default", async () => {
    const response = apiError(404);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: "Sorry, we couldn’t find that page. Please try to use searching or connect to the support team.",
      statusCode: 404,
    });
    expect(await apiError(422, { errors: { name: ["Required"] } }).json()).toEqual({
      error: "Violation of business rules/data integrity took place.",
      errors: { name: ["Required"] },
      statusCode: 422,
    });
    expect((await apiError(500).json()).error).toBe(
      "Oops, something went wrong, please try again or connect to the support team.",
    );
  });
});

describe("readJsonBody", () => {
  it("parses, trims and validates", async () => {
    expect(await readJsonBody(post(JSON.stringify({ name: "  Ann  ", tags: [" a "] })), schema)).toEqual({
      name: "Ann",
      tags: ["a"],
    });
  });

  it("answers 400 for malformed JSON", async () => {
    const { status, body } = await failure(readJsonBody(post("{ not json"), schema));
    expect(status).toBe(400);
    expect(body.statusCode).toBe(400);
    expect(typeof body.error).toBe("string");
  });

  it("answers 400 for bytes that are not UTF-8", async () => {
    const { status } = await failure(readJsonBody(post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), schema));
    expect(status).toBe(400);
  });

  it("answers 413 past 1 MB, by Content-Length or by counting a chunked body", async () => {
    const big = JSON.stringify({ name: "x".repeat(1_000_001) });
    expect((await failure(readJsonBody(post(big), schema))).status).toBe(413);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 11; i++) controller.enqueue(new TextEncoder().encode("x".repeat(100_000)));
        controller.close();
      },
    });
    const chunked = new Request("http://localhost/api/x", {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    const result = await failure(readJsonBody(chunked, schema));
    expect(result.status).toBe(413);
    expect(result.body).toEqual({ error: "The request is too large.", statusCode: 413 });
  });

  it("answers 422 with errors by field, after trimming (a blank name is empty)", async () => {
    const { status, body } = await failure(readJsonBody(post(JSON.stringify({ name: "   ", tags: [1] })), schema));
    expect(status).toBe(422);
    expect(body.errors).toEqual({ name: ["Required"], "tags.0": ["Expected string, received number"] });
  });

  it("reads a text's members, items and nesting before parsing it, exactly, and answers 413 past MAX_JSON_VALUES", async () => {
    const members = (value: unknown): number =>
      value !== null && typeof value === "object"
        ? Object.values(value).reduce((sum: number, item) => sum + 1 + members(item), 0)
        : 0;
    const depth = (value: unknown): number =>
      value !== null && typeof value === "object" ? 1 + Math.max(0, ...Object.values(value).map(depth)) : 0;
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, spaced) => {
        const text = JSON.stringify(value, null, spaced ? 2 : undefined);
        expect(jsonShape(text)).toEqual({ items: members(JSON.parse(text)), depth: depth(JSON.parse(text)) });
      }),
      { numRuns: 500 },
    );
    // Brackets, commas and escaped quotes inside strings are text.
    expect(jsonShape(String.raw`{"a,[{":"\\",  "b": [ ], "c":{ "d\"[": 1 }}`)).toEqual({ items: 4, depth: 2 });
    const tags = (count: number) => JSON.stringify({ name: "Ann", tags: Array(count).fill("a") });
    expect(await readJsonBody(post(tags(MAX_JSON_VALUES - 2)), schema)).toMatchObject({ name: "Ann" });
    expect((await failure(readJsonBody(post(tags(MAX_JSON_VALUES - 1)), schema))).status).toBe(413);
  });

  it("treats an empty body as an empty object", async () => {
    const { status, body } = await failure(readJsonBody(post(null), schema));
    expect(status).toBe(422);
    expect(body.errors.name).toEqual(["Required"]);
  });
});

describe("readQuery", () => {
  const query = z.object({
    page: z.coerce.number().int().min(1).default(1),
    categoryIds: z.array(z.coerce.number()).default([]),
  });

  it("reads repeated keys as arrays", () => {
    const request = new Request("http://localhost/api/x?page=2&categoryIds=1&categoryIds=3");
    expect(readQuery(request, query)).toEqual({ page: 2, categoryIds: [1, 3] });
    expect(readQuery(new Request("http://localhost/api/x?categoryIds=4"), query)).toEqual({
      page: 1,
      categoryIds: [4],
    });
  });

  it("answers 400 for a malformed query", async () => {
    const response = errorToResponse(
      captureError(() => readQuery(new Request("http://localhost/api/x?page=zero"), query)),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).errors.page).toBeDefined();
  });
});

describe("errorToResponse", () => {
  it("keeps an AppError's status, text, field errors and headers", async () => {
    const response = errorToResponse(
      new AppError(429, "Too many requests. Try again later.", undefined, { "Retry-After": "30" }),
    );
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe("30");
    expect(await response.json()).toEqual({ error: "Too many requests. Try again later.", statusCode: 429 });
  });

  it("hides an unexpected error behind a 500 without its message or stack", async () => {
    const logged: unknown[] = [];
    const response = errorToResponse(new Error("secret database detail"), { error: (obj) => logged.push(obj) });
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(text).not.toContain("secret database detail");
    expect(JSON.parse(text)).toEqual({
      error: "Oops, something went wrong, please try again or connect to the support team.",
      statusCode: 500,
    });
    expect(logged).toHaveLength(1);
  });

  it("passes a thrown Response through", () => {
    const response = new Response(null, { status: 304 });
    expect(errorToResponse(response)).toBe(response);
  });
});

function captureError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}
