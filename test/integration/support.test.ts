import type { SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, supportRequests } from "~/db/schema";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { createMailTransport } from "~/modules/mail/mail.server";
import { supportViewer } from "~/modules/support/support-viewer";
import * as adminSupportPage from "~/routes/admin.support";
import { startMailCatcher } from "../support/mail-catcher";
import { personMaker, type Person } from "../support/people";
import { runPage } from "../support/record";
import { countActiveExperts } from "~/modules/experts/experts.server";
import { AppError } from "~/modules/http/app-error";
import { createSupportRequest } from "~/modules/support/support.server";
import { action as apiAction, loader as apiLoader } from "~/routes/api.support.requests";
import { loader as becomePartnerLoader } from "~/routes/become-partner";
import { action as contactsAction, loader as contactsLoader } from "~/routes/contacts";
import { loader as privacyLoader } from "~/routes/privacy";
import { makeLoadContext } from "../support/context";
import { createTestDatabase, testDatabaseEngine, type TestDatabase } from "../support/database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const UUID_ZERO = "00000000-0000-4000-8000-000000000000";
/** A test person as the gates hand them over. */
const toCurrent = ({ user }: Person): CurrentUser => ({
  id: user.id,
  email: user.email,
  emailConfirmed: user.emailConfirmedAt !== null,
  roles: user.roles,
  timezone: "UTC",
  signUpFlow: user.signUpFlow,
  userName: user.userName,
  firstName: user.firstName,
  lastName: user.lastName ?? "",
  avatar: "",
});
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const valid = { name: "Dana Reyes", phone: "+1 (555) 010-2030" };

// Counters are kept per client address, so each test gets its own to stay independent.
let nextIp = 1;
function context(env: Record<string, string> = {}): AppLoadContext {
  return { ...makeLoadContext(database.db, env), clientIp: `10.0.0.${nextIp++}` };
}

/** The module's context: the test database, the default configuration, mail to the outbox. */
const supportContext = () => makeLoadContext(database.db);

const rowById = async (id: string) =>
  (await database.db.select().from(supportRequests).where(eq(supportRequests.id, id)))[0];

async function caught(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe(`createSupportRequest (${testDatabaseEngine()})`, () => {
  const rule = { limit: 5, windowSeconds: 3600 };

  it("stores a call request with the optional fields it was given", async () => {
    const { id } = await createSupportRequest(
      supportContext(),
      { ...valid, email: "dana@example.com", preferredTime: "Evening", message: "About my subscription" },
      { ip: "192.0.2.1", rule },
    );
    expect(id).toMatch(UUID);
    expect(await rowById(id)).toMatchObject({
      kind: "Call",
      userId: null,
      name: "Dana Reyes",
      phone: "+1 (555) 010-2030",
      email: "dana@example.com",
      preferredTime: "Evening",
      message: "About my subscription",
      handledAt: null,
    });
  });

  it("stores missing optional fields as null", async () => {
    const { id } = await createSupportRequest(supportContext(), valid, { ip: "192.0.2.2", rule });
    expect(await rowById(id)).toMatchObject({ email: null, preferredTime: null, message: null });
  });

  it("refuses invalid input with 422 and errors by field, storing nothing", async () => {
    const before = await database.db.$count(supportRequests);
    const error = await caught(
      createSupportRequest(
        supportContext(),
        // Callers are typed, but the module must not trust them.
        { name: " ", phone: "call me", email: "nope", preferredTime: "Night" as "Evening", message: "x".repeat(1001) },
        { ip: "192.0.2.3", rule },
      ),
    );
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({
      name: ["Required"],
      phone: ["Enter a valid phone number"],
      email: ["Enter a valid e-mail address"],
      preferredTime: ["Invalid input"],
      message: ["Maximum 1000 characters allowed"],
    });
    expect(await database.db.$count(supportRequests)).toBe(before);
  });

  it("accepts plausible phone numbers and refuses implausible ones", async () => {
    for (const phone of ["5550102", "+44 20 7946 0958", "(555) 010-2030", "+1-555-010-2030"]) {
      await expect(
        createSupportRequest(
          supportContext(),
          { ...valid, phone },
          { ip: "192.0.2.4", rule: { limit: 100, windowSeconds: 60 } },
        ),
      ).resolves.toBeTruthy();
    }
    for (const phone of ["555010", "1".repeat(21), "555-CALL-NOW", "++1 555 010 2030", "555 010 2030 ext 4"]) {
      const error = await caught(
        createSupportRequest(supportContext(), { ...valid, phone }, { ip: "192.0.2.4", rule }),
      );
      expect(error.fieldErrors?.phone).toEqual(["Enter a valid phone number"]);
    }
  });

  it("answers 429 with Retry-After once the caller passes the limit, and stores nothing more", async () => {
    const tight = { limit: 2, windowSeconds: 60 };
    await createSupportRequest(supportContext(), valid, { ip: "192.0.2.5", rule: tight });
    await createSupportRequest(supportContext(), valid, { ip: "192.0.2.5", rule: tight });
    const before = await database.db.$count(supportRequests);
    const error = await caught(createSupportRequest(supportContext(), valid, { ip: "192.0.2.5", rule: tight }));
    expect(error.status).toBe(429);
    expect(error.message).toBe("Too many requests. Try again later.");
    const retryAfter = Number(new Headers(error.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await database.db.$count(supportRequests)).toBe(before);
    // Another caller is not held back by the first one.
    await expect(createSupportRequest(supportContext(), valid, { ip: "192.0.2.6", rule: tight })).resolves.toBeTruthy();
  });

  it("does not count invalid attempts against the limit", async () => {
    const tight = { limit: 1, windowSeconds: 60 };
    await caught(createSupportRequest(supportContext(), { ...valid, phone: "x" }, { ip: "192.0.2.7", rule: tight }));
    await expect(createSupportRequest(supportContext(), valid, { ip: "192.0.2.7", rule: tight })).resolves.toBeTruthy();
  });
});

describe(`POST /api/support/requests (${testDatabaseEngine()})`, () => {
  const post = (body: string, ctx = context()) =>
    apiAction({
      request: new Request("http://localhost/api/support/requests", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      }),
      context: ctx,
      params: {},
    });

  it("answers 201 with the new request's id, trimmed and with blank optional fields left out", async () => {
    const response = await post(
      JSON.stringify({ name: "  Lee Park ", phone: " 555 010 2030 ", email: "", preferredTime: "", message: "  " }),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ payload: { id: expect.stringMatching(UUID) } });
    expect(await rowById(body.payload.id)).toMatchObject({
      name: "Lee Park",
      phone: "555 010 2030",
      email: null,
      preferredTime: null,
      message: null,
    });
  });

  it("answers 422 with errors by field", async () => {
    const response = await post(JSON.stringify({ phone: 5550102, email: "x@", preferredTime: "Noon" }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: "Violation of business rules/data integrity took place.",
      statusCode: 422,
      errors: {
        name: ["Required"],
        phone: ["Invalid input"],
        email: ["Enter a valid e-mail address"],
        preferredTime: ["Invalid input"],
      },
    });
  });

  it("answers 400 for malformed JSON", async () => {
    const response = await post('{"name": "Lee"');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, error: expect.any(String) });
  });

  it("answers 429 with Retry-After past the configured limit", async () => {
    const ctx = context({ RATE_LIMIT_SUPPORT_REQUEST: "1/120" });
    expect((await post(JSON.stringify(valid), ctx)).status).toBe(201);
    const response = await post(JSON.stringify(valid), ctx);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ error: "Too many requests. Try again later.", statusCode: 429 });
  });

  it("answers other methods in JSON, not HTML", async () => {
    const get = await apiLoader();
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    expect(await get.json()).toEqual({ error: "Method not allowed.", statusCode: 405 });
    const put = await apiAction({
      request: new Request("http://localhost/api/support/requests", { method: "PUT", body: "{}" }),
      context: context(),
      params: {},
    });
    expect(put.status).toBe(405);
  });
});

/** A page action answers either plain data (200) or data() with a status and headers. */
interface ContactsActionData {
  result: SubmissionResult<string[]>;
  confirmation: { name: string; preferredTime: string | null } | null;
}
function unwrap(result: unknown): { status: number; headers: Headers; body: ContactsActionData } {
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: ContactsActionData; init: ResponseInit | null };
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
  }
  return { status: 200, headers: new Headers(), body: result as ContactsActionData };
}

describe(`the /contacts page (${testDatabaseEngine()})`, () => {
  const submit = (fields: Record<string, string>, ctx = context()) => {
    const form = new FormData();
    form.set("intent", "request-call");
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return contactsAction({
      request: new Request("http://localhost/contacts", { method: "POST", body: form }),
      context: ctx,
      params: {},
    }).then(unwrap);
  };

  it("loads the support e-mail and the messenger when one is configured", () => {
    expect(
      contactsLoader({ request: new Request("http://localhost/contacts"), context: context(), params: {} }),
    ).toEqual({
      supportEmail: "support@sharpside.app",
      messengerUrl: null,
    });
    const configured = context({ SUPPORT_EMAIL: "help@example.com", MESSENGER_URL: "https://m.me/example" });
    expect(
      contactsLoader({ request: new Request("http://localhost/contacts"), context: configured, params: {} }),
    ).toEqual({
      supportEmail: "help@example.com",
      messengerUrl: "https://m.me/example",
    });
  });

  it("saves a valid request, resets the form and confirms it", async () => {
    const before = await database.db.$count(supportRequests);
    const { status, body } = await submit({
      name: "Sam Ortiz",
      phone: "555-010-2030",
      email: "",
      preferredTime: "Morning",
      message: "",
    });
    expect(status).toBe(200);
    expect(body.confirmation).toEqual({ name: "Sam Ortiz", preferredTime: "Morning" });
    // No initial value: conform clears the fields.
    expect(body.result).toMatchObject({ initialValue: null });
    expect(body.result.error).toBeUndefined();
    expect(await database.db.$count(supportRequests)).toBe(before + 1);
  });

  it("returns field errors for invalid input and keeps what was typed", async () => {
    const { status, body } = await submit({ name: "", phone: "abc", email: "bad" });
    expect(status).toBe(422);
    expect(body.confirmation).toBeNull();
    expect(body.result).toMatchObject({
      status: "error",
      error: { name: ["Required"], phone: ["Enter a valid phone number"], email: ["Enter a valid e-mail address"] },
      initialValue: { phone: "abc", email: "bad" },
    });
  });

  it("puts the rate-limit message on the form root instead of failing", async () => {
    const ctx = context({ RATE_LIMIT_SUPPORT_REQUEST: "1/120" });
    expect((await submit(valid, ctx)).status).toBe(200);
    const { status, headers, body } = await submit(valid, ctx);
    expect(status).toBe(429);
    expect(Number(headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(body.result).toMatchObject({ status: "error", error: { "": ["Too many requests. Try again later."] } });
    expect(body.confirmation).toBeNull();
  });
});

describe(`content pages (${testDatabaseEngine()})`, () => {
  it("/become-partner counts the founding spots left from active experts", async () => {
    const active = await countActiveExperts(database.db);
    const data = await becomePartnerLoader({
      request: new Request("http://localhost/become-partner"),
      context: context(),
      params: {},
    });
    expect(data.foundingSpotsLeft).toBe(Math.max(0, 300 - active));
    expect(data.membershipPrice).toBeNull();
  });

  it("policy pages show our own text, or only the embed when one is configured", () => {
    const own = privacyLoader({ request: new Request("http://localhost/privacy"), context: context(), params: {} });
    expect(own.embedUrl).toBeNull();
    expect(own.document?.title).toBe("Privacy Policy");
    expect(own.document?.sections.map((s) => s.heading)).toContain("Cookies");
    const embedded = privacyLoader({
      request: new Request("http://localhost/privacy"),
      context: context({ PRIVACY_EMBED_URL: "https://policies.example.com/privacy" }),
      params: {},
    });
    expect(embedded).toEqual({
      title: "Privacy Policy",
      embedUrl: "https://policies.example.com/privacy",
      document: null,
    });
  });
});

describe(`support requests reach the support team (${testDatabaseEngine()})`, () => {
  const rule = { limit: 100, windowSeconds: 60 };
  const outboxTo = (to: string) =>
    database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt));

  it("e-mails SUPPORT_EMAIL the request (escaped) and the requester a receipt, through the outbox", async () => {
    const ctx = makeLoadContext(database.db, { SUPPORT_EMAIL: "desk@sharpside.test" });
    const email = `asker.${Date.now()}@example.com`;
    const { id } = await createSupportRequest(
      ctx,
      { ...valid, name: "Dana\r\nBcc: x@evil.test", email, preferredTime: "Evening", message: "<b>Refund</b> please" },
      { ip: "192.0.2.40", rule },
    );
    const [toSupport] = await outboxTo("desk@sharpside.test");
    // One line of subject whatever the name holds; the HTML shows the message as text.
    expect(toSupport.subject).toBe("Call request: Dana Bcc: x@evil.test, +1 (555) 010-2030");
    expect(toSupport.text).toContain("Message: <b>Refund</b> please");
    expect(toSupport.text).toContain(`E-mail: ${email}`);
    expect(toSupport.text).toContain("Best time: Evening");
    expect(toSupport.text).toContain(`Request ${id}.`);
    expect(toSupport.html).toContain("&lt;b&gt;Refund&lt;/b&gt;");
    expect(toSupport.html).not.toContain("<b>Refund");
    const [receipt] = await outboxTo(email);
    expect(receipt.subject).toBe("We received your call request");
    expect(receipt.text).toContain("We will call you at +1 (555) 010-2030 in the evening");
  });

  it("sends the receipt to a signed-in caller's confirmed address, and none without an address", async () => {
    const ctx = makeLoadContext(database.db, { SUPPORT_EMAIL: "desk2@sharpside.test" });
    const makePerson = personMaker(database.db, ctx.env);
    const confirmed = await makePerson();
    await createSupportRequest(ctx, valid, {
      ip: "192.0.2.41",
      rule,
      viewer: supportViewer({ user: toCurrent(confirmed) }),
    });
    expect((await outboxTo("desk2@sharpside.test"))[0].text).toContain(`Account: @${confirmed.user.userName}`);
    expect(await outboxTo(confirmed.user.email)).toHaveLength(1);
    const unconfirmed = await makePerson({ confirmed: false });
    await createSupportRequest(ctx, valid, {
      ip: "192.0.2.41",
      rule,
      viewer: supportViewer({ user: toCurrent(unconfirmed) }),
    });
    expect(await outboxTo(unconfirmed.user.email)).toHaveLength(0);
    expect(await outboxTo("desk2@sharpside.test")).toHaveLength(2);
  });

  it("the support mail reaches a real SMTP server", async () => {
    const catcher = await startMailCatcher();
    try {
      const ctx = makeLoadContext(database.db, { SUPPORT_EMAIL: "smtp-desk@sharpside.test" });
      const mail = createMailTransport({ ...ctx.env, SMTP_URL: `smtp://127.0.0.1:${catcher.smtpPort}` }, ctx.log);
      await createSupportRequest(
        { ...ctx, mail },
        { ...valid, message: "Call me about Cheers" },
        { ip: "192.0.2.42", rule },
      );
      await expect
        .poll(() => catcher.messages.find((message) => message.to.includes("smtp-desk@sharpside.test")))
        .toMatchObject({ subject: "Call request: Dana Reyes, +1 (555) 010-2030" });
      expect(catcher.messages.find((message) => message.to.includes("smtp-desk@sharpside.test"))!.text).toContain(
        "Message: Call me about Cheers",
      );
      await mail.close();
    } finally {
      await catcher.close();
    }
  });
});

describe(`/admin/support (${testDatabaseEngine()})`, () => {
  it("admins only: lists the open requests with who and what, marks one handled by whom, and opens it again", async () => {
    const ctx = makeLoadContext(database.db);
    const makePerson = personMaker(database.db, ctx.env);
    const [user, admin] = [await makePerson(), await makePerson({ admin: true })];
    expect((await runPage(adminSupportPage, ctx, "/admin/support")).status).toBe(302);
    expect((await runPage(adminSupportPage, ctx, "/admin/support", user.jar)).status).toBe(403);
    expect(
      (await runPage(adminSupportPage, ctx, "/admin/support", user.jar, { id: UUID_ZERO, intent: "handled" })).status,
    ).toBe(403);
    const { id } = await createSupportRequest(
      ctx,
      { ...valid, name: "Robin Vega", message: "About a refund" },
      { ip: "192.0.2.50", rule: { limit: 10, windowSeconds: 60 }, viewer: supportViewer({ user: toCurrent(user) }) },
    );
    const open = await runPage(adminSupportPage, ctx, "/admin/support", admin.jar);
    expect(open.status).toBe(200);
    const listed = (open.body!.items as { id: string }[]).find((item) => item.id === id);
    expect(listed).toMatchObject({
      name: "Robin Vega",
      message: "About a refund",
      account: user.user.userName,
      handledAt: null,
    });
    const openBefore = open.body!.openCount as number;

    expect(await runPage(adminSupportPage, ctx, "/admin/support", admin.jar, { id, intent: "handled" })).toMatchObject({
      status: 200,
      body: { ok: true, message: "Marked handled." },
    });
    const handled = await runPage(adminSupportPage, ctx, "/admin/support?state=handled", admin.jar);
    expect((handled.body!.items as { id: string }[]).find((item) => item.id === id)).toMatchObject({
      handledBy: admin.user.userName,
      handledAt: expect.any(String),
    });
    expect((await runPage(adminSupportPage, ctx, "/admin/support", admin.jar)).body!.openCount).toBe(openBefore - 1);
    // Marked twice (two admins at once): still handled, by the first.
    expect((await runPage(adminSupportPage, ctx, "/admin/support", admin.jar, { id, intent: "handled" })).status).toBe(
      200,
    );
    expect(
      (await runPage(adminSupportPage, ctx, "/admin/support", admin.jar, { id, intent: "reopen" })).body,
    ).toMatchObject({
      ok: true,
      message: "Open again.",
    });
    expect((await rowById(id)).handledBy).toBeNull();
    // Unknown or malformed ids and intents: 404 in words.
    for (const fields of [
      { id: UUID_ZERO, intent: "handled" },
      { id: "nope", intent: "handled" },
      { id, intent: "delete" },
    ])
      expect(await runPage(adminSupportPage, ctx, "/admin/support", admin.jar, fields)).toMatchObject({
        status: 404,
        body: { ok: false, message: "This support request does not exist." },
      });
  });
});
