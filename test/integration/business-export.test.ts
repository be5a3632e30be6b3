/**
 * The expert's books as CSV (`GET /api/business/export/subscribers|payments`): every row once, in
 * order, across the stream's pages; quoting; a name a spreadsheet would run as a formula written as
 * text; another expert's rows never included.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payments, subscriptions, users } from "~/db/schema";
import { csvCell } from "~/modules/experts/business-export.server";
import * as paymentsRoute from "~/routes/api.business.export.payments";
import * as subscribersRoute from "~/routes/api.business.export.subscribers";
import type { CookieJar } from "../support/api-caller";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { postFixtures, type MadeUser } from "../support/post-fixtures";

let database: TestDatabase;
let context: ReturnType<typeof makeLoadContext>;
let fx: ReturnType<typeof postFixtures>;

beforeAll(async () => {
  database = await createTestDatabase();
  context = makeLoadContext(database.db, { APP_URL: "https://sharpside.example" });
  fx = postFixtures(database.db, context);
});
afterAll(() => database?.close());

/** The download as the browser gets it: status, headers and the whole text. */
async function download(route: typeof paymentsRoute, path: string, jar?: CookieJar) {
  const headers = new Headers(jar ? { Cookie: jar.header() } : {});
  const response = (await route.loader({
    request: new Request(`http://localhost${path}`, { headers }),
    params: {},
    context,
  } as never)) as Response;
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Splits RFC 4180 text into rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe("the CSV downloads", () => {
  let expert: MadeUser;
  let other: MadeUser;

  beforeAll(async () => {
    expert = await fx.makeUser({ expert: true });
    other = await fx.makeUser({ expert: true });
    const sly = await fx.makeUser();
    await database.db
      .update(users)
      .set({ firstName: '=HYPERLINK("http://evil.example","x")', lastName: 'O"Brien, Jr.' })
      .where(sql`${users.id} = ${sly.user.id}`);
    await database.db.insert(subscriptions).values([
      {
        subscriberId: sly.user.id,
        expertId: expert.user.id,
        status: "Activated",
        priceCents: 2999,
        provider: "stripe",
        currentPeriodEnd: new Date("2026-12-20T00:00:00Z"),
        createdAt: new Date("2026-11-20T00:00:00Z"),
      },
      { subscriberId: sly.user.id, expertId: other.user.id, status: "Activated", priceCents: 500, provider: "stripe" },
    ]);
    // 2,345 payments: more than two of the stream's pages of 1,000.
    await database.db.execute(sql`
      INSERT INTO ${payments} (payer_id, expert_id, kind, status, amount_cents, platform_fee_cents, provider, created_at)
      SELECT ${sly.user.id}, ${expert.user.id}, 'Subscription', 'Succeeded', 2999, 300, 'stripe',
             '2026-01-01T00:00:00Z'::timestamptz + (g || ' minutes')::interval
      FROM generate_series(1, 2345) g`);
    await database.db.insert(payments).values([
      {
        payerId: sly.user.id,
        expertId: expert.user.id,
        kind: "Tip",
        status: "Refunded",
        amountCents: 500,
        platformFeeCents: 50,
        provider: "stripe",
        message: "+1 great call,\nthanks",
        createdAt: new Date("2026-11-29T00:00:00Z"),
      },
      { payerId: sly.user.id, expertId: other.user.id, kind: "Tip", status: "Succeeded", amountCents: 100 },
    ]);
  });

  it("lists the expert's subscribers, quoted, with a formula written as text", async () => {
    const answer = await download(subscribersRoute, "/api/business/export/subscribers", expert.jar);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="sharpside-subscribers-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const rows = parseCsv(answer.text);
    expect(rows[0]).toEqual([
      "Username",
      "First name",
      "Last name",
      "Status",
      "Price (USD)",
      "Charged",
      "Since",
      "Paid until",
      "Cancelled",
    ]);
    expect(rows.slice(1)).toEqual([
      [
        expect.stringMatching(/^Person/),
        '\'=HYPERLINK("http://evil.example","x")',
        'O"Brien, Jr.',
        "Activated",
        "29.99",
        "true",
        "2026-11-20T00:00:00.000Z",
        "2026-12-20T00:00:00.000Z",
        "false",
      ],
    ]);
  });

  it("lists every payment to the expert once, oldest first, across the stream's pages", async () => {
    const answer = await download(paymentsRoute, "/api/business/export/payments", expert.jar);
    expect(answer.status).toBe(200);
    const rows = parseCsv(answer.text);
    expect(rows[0]).toEqual([
      "Date",
      "Payment",
      "Kind",
      "Status",
      "From",
      "Amount (USD)",
      "Platform fee (USD)",
      "Net (USD)",
      "Charged",
      "Message",
    ]);
    expect(rows).toHaveLength(1 + 2345 + 1);
    expect(new Set(rows.slice(1).map((row) => row[1])).size).toBe(2346);
    const dates = rows.slice(1).map((row) => row[0]);
    expect(dates).toEqual([...dates].sort());
    expect(rows[1].slice(2, 9)).toEqual([
      "Subscription",
      "Succeeded",
      expect.stringMatching(/^Person/),
      "29.99",
      "3.00",
      "26.99",
      "true",
    ]);
    expect(rows.at(-1)!.slice(2)).toEqual([
      "Cheers",
      "Refunded",
      expect.stringMatching(/^Person/),
      "5.00",
      "0.50",
      "4.50",
      "true",
      "'+1 great call,\nthanks",
    ]);
  });

  it("is the expert's own: a visitor is asked to sign in, a reader is refused", async () => {
    expect((await download(paymentsRoute, "/api/business/export/payments")).status).toBe(401);
    const reader = await fx.makeUser();
    expect((await download(subscribersRoute, "/api/business/export/subscribers", reader.jar)).status).toBe(403);
    const theirs = parseCsv((await download(paymentsRoute, "/api/business/export/payments", other.jar)).text);
    expect(theirs).toHaveLength(2);
  });

  it("writes cells as RFC 4180 says and defuses formulas", () => {
    expect(csvCell(null)).toBe("");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("plain")).toBe("plain");
  });
});
