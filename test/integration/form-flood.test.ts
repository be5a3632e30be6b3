/**
 * A flood stalls nothing: 40,000 repeats of one form field (what held the event loop
 * for 9 s in conform's parse) and 400,000 distinct fields are refused from a byte count before any
 * parser runs; a JSON body of hundreds of thousands of members or items is refused from a count
 * before any schema runs, and one just under the count stops at a list's own bound. Meanwhile the
 * event loop never waits more than 100 ms and a health check made at the same moment answers
 * within 200 ms. Measured in this process, where the actions run.
 */
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FIELD_ERRORS } from "~/modules/http/app-error";
import { MAX_JSON_VALUES } from "~/web/api.server";
import { MAX_FIELD_CHARS, MAX_FIELD_REPEATS, MAX_FORM_FIELDS } from "~/web/form-input.server";
import { MAX_RESULTS_AT_ONCE } from "~/modules/record/results-schema";
import * as resultsRoute from "~/routes/api.events.results";
import * as healthRoute from "~/routes/api.health";
import * as postsRoute from "~/routes/api.posts._index";
import * as signUpRoute from "~/routes/api.users";
import * as signInPage from "~/routes/sign-in";
import { invokeRoute, type RouteModule } from "../support/api-routes";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";
import { watchEventLoop } from "../support/event-loop";
import { personMaker, type Person } from "../support/people";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let expert: Person;
let admin: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db);
  const makePerson = personMaker(database.db, context.env);
  [expert, admin] = [await makePerson({ expert: true }), await makePerson({ admin: true })];
});
afterAll(() => database?.close());

const FORM = "application/x-www-form-urlencoded";

/** The sign-in action on a raw body: its answer's status, a thrown Response's included. */
async function signInStatus(body: string, type = FORM): Promise<number> {
  const request = new Request("http://localhost/sign-in", { method: "POST", headers: { "Content-Type": type }, body });
  try {
    const answer = (await signInPage.action({ request, params: {}, context } as never)) as
      { init?: ResponseInit | null; status?: number } | Response;
    return answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

async function healthTime(): Promise<number> {
  const started = performance.now();
  const response = (await healthRoute.loader({
    request: new Request("http://localhost/api/health"),
    params: {},
    context,
  } as never)) as Response;
  expect(response.status).toBe(200);
  return performance.now() - started;
}

type JsonPost = [module: RouteModule, body: unknown, who?: Person];

/** An API action on a JSON text: its status and answer. */
async function postJson(module: RouteModule, text: string, who?: Person): Promise<{ status: number; text: string }> {
  return invokeRoute(
    module,
    "POST",
    "/api",
    { raw: text, headers: { "Content-Type": "application/json" } },
    who?.jar,
    context,
  );
}

/**
 * The answers of `sends`, made one after another beside a health check (after a first round),
 * with the loop's longest wait. A flood is the thousandth such request, not the first: code
 * compiled on a first call is not its cost. One after another, because bodies already in this
 * process's memory sent at once would be read in one run of microtasks, which no server's sockets
 * deliver.
 */
async function duringFlood<T>(sends: (() => Promise<T>)[]) {
  for (const send of sends) await send();
  const loop = await watchEventLoop();
  const sendAll = async () => {
    const answers: T[] = [];
    for (const send of sends) {
      answers.push(await send());
      await new Promise((resolve) => setImmediate(resolve));
    }
    return answers;
  };
  const [answers, health] = await Promise.all([sendAll(), healthTime()]);
  return { answers, health, delay: await loop.stop() };
}

/** JSON posts written out before any watch starts: only the server's side is measured. */
const jsonSends = (posts: JsonPost[]) =>
  posts.map(([module, body, who]) => {
    const text = JSON.stringify(body);
    return () => postJson(module, text, who);
  });

describe(`a form flood (${testDatabaseEngine()})`, () => {
  it("is refused before it is parsed: the loop never stalls past 100 ms, a concurrent health check answers within 200 ms", async () => {
    const repeated = "emailOrUserName=a&".repeat(40_000) + "password=x";
    const distinct = Array.from({ length: 400_000 }, (_, i) => `${i.toString(36)}=`).join("&");
    const multipart =
      [
        "--b",
        ...Array.from({ length: 5_000 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n--b`),
      ].join("\r\n") + "--\r\n";
    expect(distinct.length).toBeLessThan(3_000_000); // under the page body cap: the count refuses it, not the size
    const { answers, health, delay } = await duringFlood([
      () => signInStatus(repeated),
      () => signInStatus(distinct),
      () => signInStatus(multipart, "multipart/form-data; boundary=b"),
    ]);
    expect(delay.maxMs, "the event loop's longest wait, in ms").toBeLessThan(100);
    expect(health).toBeLessThan(200);
    expect(answers).toEqual([413, 413, 413]);
  });

  it("takes what a form of ours sends: up to the caps, a name repeated no more than allowed", async () => {
    const fields = (count: number, name = (i: number) => `field${i}`) =>
      Array.from({ length: count }, (_, i) => `${name(i)}=x`).join("&");
    // Within the caps the form reaches its schema (422: no such account fields), past them it does not.
    expect(await signInStatus(`emailOrUserName=&password=&${fields(MAX_FORM_FIELDS - 2)}`)).toBe(422);
    expect(await signInStatus(`emailOrUserName=&password=&${fields(MAX_FORM_FIELDS - 1)}`)).toBe(413);
    expect(await signInStatus(`password=&${fields(MAX_FIELD_REPEATS, () => "emailOrUserName")}`)).toBe(422);
    expect(await signInStatus(`password=&${fields(MAX_FIELD_REPEATS + 1, () => "emailOrUserName")}`)).toBe(400);
  });

  it("echoes back only the fields its schema knows", async () => {
    const request = new Request("http://localhost/sign-in", {
      method: "POST",
      headers: { "Content-Type": FORM },
      body: `emailOrUserName=bob&password=&junk=${"JUNKVALUE".repeat(1000)}&other[0]=x`,
    });
    const answer = (await signInPage.action({ request, params: {}, context } as never)) as {
      data: { result: { initialValue?: Record<string, unknown> } };
    };
    const echoed = answer.data.result.initialValue ?? {};
    expect(Object.keys(echoed).sort()).toEqual(["emailOrUserName"]);
    expect(JSON.stringify(answer.data)).not.toContain("JUNKVALUE");
    // A known field's text comes back cut: nothing attacker-sized reaches the encoder.
    const long = new Request("http://localhost/sign-in", {
      method: "POST",
      headers: { "Content-Type": FORM },
      body: `password=x&emailOrUserName=${"b".repeat(2_500_000)}`,
    });
    const cutAnswer = (await signInPage.action({ request: long, params: {}, context } as never)) as {
      data: unknown;
      init?: ResponseInit | null;
    };
    expect(cutAnswer.init?.status).toBe(422);
    expect(JSON.stringify(cutAnswer.data).length).toBeLessThan(MAX_FIELD_CHARS + 1_000);
  });
});

describe(`a JSON flood (${testDatabaseEngine()})`, () => {
  const post = {
    postType: "Post",
    title: "Flood",
    categoryId: 1,
    modalityIds: [] as unknown[],
    body: [{ type: "paragraph", children: [{ text: "x" }] }],
  };

  it("past the count of members and items, is refused before any schema: the loop never stalls past 100 ms", async () => {
    const wideObject = Object.fromEntries(Array.from({ length: 70_000 }, (_, i) => [`k${i}`, 0]));
    const { answers, health, delay } = await duringFlood(
      jsonSends([
        [postsRoute, { ...post, modalityIds: Array(400_000).fill(0) }, expert],
        [signUpRoute, { user: wideObject }],
        [resultsRoute, Array(150_000).fill({}), admin],
      ]),
    );
    expect(delay.maxMs, "the event loop's longest wait, in ms").toBeLessThan(100);
    expect(health).toBeLessThan(200);
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413]);
    expect(JSON.parse(answers[0].text)).toEqual({ error: "The request is too large.", statusCode: 413 });
  });

  it("just under the count, stops at each list's bound with one small answer", async () => {
    const under = MAX_JSON_VALUES - 100;
    const { answers, health, delay } = await duringFlood(
      jsonSends([
        [postsRoute, { ...post, modalityIds: Array(under).fill(0) }, expert],
        [postsRoute, { ...post, body: Array(under).fill({}) }, expert],
        [resultsRoute, Array(Math.floor(under / 10)).fill({ eventId: 1, status: "Final" }), admin],
      ]),
    );
    expect(delay.maxMs, "the event loop's longest wait, in ms").toBeLessThan(100);
    expect(health).toBeLessThan(200);
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422]);
    expect(JSON.parse(answers[0].text).errors).toEqual({ modalityIds: ["Invalid input"] });
    expect(JSON.parse(answers[1].text).errors).toEqual({ body: ["Required"] });
    expect(JSON.parse(answers[2].text).errors).toEqual({ "": [`At most ${MAX_RESULTS_AT_ONCE} results at once`] });
    for (const answer of answers) expect(answer.text.length).toBeLessThan(500);
  });

  it("names at most the first 100 fields in an error answer, however many are wrong", async () => {
    const answer = await postJson(
      resultsRoute,
      JSON.stringify(Array(MAX_RESULTS_AT_ONCE).fill({ eventId: "x", status: "Nope" })),
      admin,
    );
    expect(answer.status).toBe(422);
    expect(Object.keys(JSON.parse(answer.text).errors)).toHaveLength(MAX_FIELD_ERRORS);
    const unstorable = await postJson(
      signUpRoute,
      JSON.stringify({ user: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, "a\u0000b"])) }),
    );
    expect(unstorable.status).toBe(422);
    expect(Object.keys(JSON.parse(unstorable.text).errors)).toHaveLength(MAX_FIELD_ERRORS);
  });
});
