/**
 * A form flood stalls nothing (issue 25): 40,000 repeats of one field (what held the event loop
 * for 9 s in conform's parse) and 400,000 distinct fields are refused from a byte count before any
 * parser runs, while the event loop never waits more than 100 ms and a health check made at the
 * same moment answers within 200 ms. Measured in this process, where the page actions run.
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FIELD_CHARS, MAX_FIELD_REPEATS, MAX_FORM_FIELDS } from "~/modules/http/form-input.server";
import * as healthRoute from "~/routes/api.health";
import * as signInPage from "~/routes/sign-in";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db);
});
afterAll(() => database?.close());

const FORM = "application/x-www-form-urlencoded";

/** The sign-in action on a raw body: its answer's status, a thrown Response's included. */
async function signInStatus(body: string, type = FORM): Promise<number> {
  const request = new Request("http://localhost/sign-in", { method: "POST", headers: { "Content-Type": type }, body });
  try {
    const answer = (await signInPage.action({ request, params: {}, context } as never)) as { init?: ResponseInit | null; status?: number } | Response;
    return answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

async function healthTime(): Promise<number> {
  const started = performance.now();
  const response = (await healthRoute.loader({ request: new Request("http://localhost/api/health"), params: {}, context } as never)) as Response;
  expect(response.status).toBe(200);
  return performance.now() - started;
}

describe(`a form flood (${testDatabaseEngine()})`, () => {
  it("is refused before it is parsed: the loop never stalls past 100 ms, a concurrent health check answers within 200 ms", async () => {
    const repeated = "emailOrUserName=a&".repeat(40_000) + "password=x";
    const distinct = Array.from({ length: 400_000 }, (_, i) => `${i.toString(36)}=`).join("&");
    const multipart = ["--b", ...Array.from({ length: 5_000 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n--b`)].join("\r\n") + "--\r\n";
    expect(distinct.length).toBeLessThan(3_000_000); // under the page body cap: the count refuses it, not the size
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const [statuses, health] = await Promise.all([
      Promise.all([signInStatus(repeated), signInStatus(distinct), signInStatus(multipart, "multipart/form-data; boundary=b")]),
      healthTime(),
    ]);
    // A timer that came due during a stall fires after it and records how late it was: let it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    delay.disable();
    expect(statuses).toEqual([413, 413, 413]);
    expect(health).toBeLessThan(200);
    expect(delay.max / 1e6, "the event loop's longest wait, in ms").toBeLessThan(100);
  });

  it("takes what a form of ours sends: up to the caps, a name repeated no more than allowed", async () => {
    const fields = (count: number, name = (i: number) => `field${i}`) => Array.from({ length: count }, (_, i) => `${name(i)}=x`).join("&");
    // Within the caps the form reaches its schema (422: no such account fields), past them it does not.
    expect(await signInStatus(`emailOrUserName=&password=&${fields(MAX_FORM_FIELDS - 2)}`)).toBe(422);
    expect(await signInStatus(`emailOrUserName=&password=&${fields(MAX_FORM_FIELDS - 1)}`)).toBe(413);
    expect(await signInStatus(`password=&${fields(MAX_FIELD_REPEATS, () => "emailOrUserName")}`)).toBe(422);
    expect(await signInStatus(`password=&${fields(MAX_FIELD_REPEATS + 1, () => "emailOrUserName")}`)).toBe(400);
  });

  it("echoes back only the fields its schema knows", async () => {
    const request = new Request("http://localhost/sign-in", { method: "POST", headers: { "Content-Type": FORM }, body: `emailOrUserName=bob&password=&junk=${"JUNKVALUE".repeat(1000)}&other[0]=x` });
    const answer = (await signInPage.action({ request, params: {}, context } as never)) as { data: { result: { initialValue?: Record<string, unknown> } } };
    const echoed = answer.data.result.initialValue ?? {};
    expect(Object.keys(echoed).sort()).toEqual(["emailOrUserName"]);
    expect(JSON.stringify(answer.data)).not.toContain("JUNKVALUE");
    // A known field's text comes back cut: nothing attacker-sized reaches the encoder.
    const long = new Request("http://localhost/sign-in", { method: "POST", headers: { "Content-Type": FORM }, body: `password=x&emailOrUserName=${"b".repeat(2_500_000)}` });
    const cutAnswer = (await signInPage.action({ request: long, params: {}, context } as never)) as { data: unknown; init?: ResponseInit | null };
    expect(cutAnswer.init?.status).toBe(422);
    expect(JSON.stringify(cutAnswer.data).length).toBeLessThan(MAX_FIELD_CHARS + 1_000);
  });
});
