/**
 * A small local stand-in for Stripe's API on node:http (stripe-mock is not installable here).
 * The real `stripe` SDK talks to it through STRIPE_API_HOST/PORT/PROTOCOL, so the requests our
 * code builds (form-encoded, Bearer key, API version header) are the real ones. It implements
 * just the endpoints the app calls, answers objects shaped like Stripe's, keeps state in memory
 * and records every request for the test to inspect:
 *
 * - POST   /v1/payment_intents, GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/cancel
 * - POST   /v1/accounts, GET /v1/accounts/:id, DELETE /v1/accounts/:id
 * - POST   /v1/account_links, POST /v1/accounts/:id/login_links
 * - POST   /v1/products, POST /v1/products/:id, POST /v1/prices, POST /v1/prices/:id
 * - POST   /v1/customers, GET /v1/customers/:id
 * - POST   /v1/subscriptions, GET /v1/subscriptions/:id, POST /v1/subscriptions/:id,
 *          DELETE /v1/subscriptions/:id (cancel); creating one opens its first invoice and that
 *          invoice's PaymentIntent (`expand` of `latest_invoice…` answers the invoice inline)
 * - GET    /v1/invoices/:id, GET /v1/invoice_payments?payment[payment_intent]=…
 * - POST   /v1/coupons, POST /v1/promotion_codes (named by Stripe unless `code` is given),
 *          POST /v1/promotion_codes/:id (`active`): `discounts[0][promotion_code]` on a new
 *          subscription takes its coupon off the first invoice (and keeps it, for "forever")
 * - `trial_period_days` on a new subscription: it is `trialing`, its first invoice is paid at $0,
 *   and its `pending_setup_intent` (expandable) is the SetupIntent the card form confirms
 *
 * `paySubscription(id)` plays the customer paying the open invoice in the card form, and
 * `confirmSetup(id)` saving the card of a trial (the test then delivers the webhooks Stripe
 * would send).
 *
 * Anything else answers Stripe's 404 error body. `failWith(status)` makes the next requests fail
 * the way Stripe does when it is down.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
  apiVersion: string | undefined;
  idempotencyKey: string | undefined;
}

export interface StripeStandIn {
  /** Env overrides that point the SDK here. */
  env: { STRIPE_API_HOST: string; STRIPE_API_PORT: string; STRIPE_API_PROTOCOL: string };
  requests: RecordedRequest[];
  /** Requests matching a method and a path prefix (e.g. "POST", "/v1/payment_intents"). */
  requestsTo(method: string, pathPrefix: string): RecordedRequest[];
  paymentIntents: Map<string, StripeObject>;
  accounts: Map<string, StripeObject>;
  products: Map<string, StripeObject>;
  prices: Map<string, StripeObject>;
  customers: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  invoices: Map<string, StripeObject>;
  charges: Map<string, StripeObject>;
  coupons: Map<string, StripeObject>;
  promotionCodes: Map<string, StripeObject>;
  setupIntents: Map<string, StripeObject>;
  /** The customer saves their card for a trial: the SetupIntent succeeds and the subscription's pending_setup_intent clears. */
  confirmSetup(id: string): { subscription: StripeObject; setupIntent: StripeObject };
  /** The customer pays the subscription's open invoice: invoice paid, intent succeeded, a charge, subscription active. */
  paySubscription(id: string): { subscription: StripeObject; invoice: StripeObject; charge: StripeObject };
  /** Changes a stored object (e.g. a PaymentIntent's status after the card form confirmed it). */
  update(id: string, changes: Record<string, unknown>): StripeObject;
  /** Every following request answers this HTTP status with Stripe's error body; null to stop. */
  failWith(status: number | null): void;
  reset(): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`metadata[userId]=…`, `expand[0]=…`) back into an object. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, "").split("[");
    let target = result as Record<string, unknown>;
    path.forEach((part, index) => {
      const name = part === "" ? String(Object.keys(target).length) : part;
      if (index === path.length - 1) target[name] = value;
      else target = (target[name] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    "Request-Id": newId("req"),
  });
  response.end(text);
}

function stripeError(response: ServerResponse, status: number, message: string, extra: Record<string, unknown> = {}) {
  const type = status >= 500 ? "api_error" : "invalid_request_error";
  send(response, status, { error: { type, message, ...extra } });
}

const asMetadata = (value: unknown) => (value && typeof value === "object" ? (value as Record<string, string>) : {});
const asBool = (value: unknown) => value === true || value === "true";
/** Form-encoded arrays arrive as objects keyed "0", "1"…; `expand[0]=a.b` → ["a.b"]. */
const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value && typeof value === "object" ? Object.values(value) : [];
const DAY_SECONDS = 86_400;
/** What a subscription answers: `latest_invoice` inline when expanded, its confirmation_secret only when asked for. */
function withExpansions(
  subscription: StripeObject,
  expand: unknown,
  invoices: Map<string, StripeObject>,
  setupIntents: Map<string, StripeObject>,
): StripeObject {
  const paths = asList(expand).map(String);
  const setup = paths.includes("pending_setup_intent")
    ? setupIntents.get(String(subscription.pending_setup_intent))
    : null;
  const expanded = setup ? { ...subscription, pending_setup_intent: setup } : subscription;
  if (!paths.some((path) => path.startsWith("latest_invoice"))) return expanded;
  const stored = invoices.get(String(subscription.latest_invoice));
  if (!stored) return expanded;
  const { confirmation_secret: secret, ...invoice } = stored;
  const confirmation = paths.includes("latest_invoice.confirmation_secret") ? { confirmation_secret: secret } : {};
  return { ...expanded, latest_invoice: { ...invoice, ...confirmation } };
}

let eventCounter = 0;

/**
 * An event as Stripe sends it to a webhook: a fresh id, `created` (Unix seconds, now by default:
 * a test orders events by it) and a copy of `object`, so later changes to the stand-in's object
 * do not reach an event already made.
 */
export function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_${++eventCounter}_${Date.now()}`,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object) },
  };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const paymentIntents = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  const products = new Map<string, StripeObject>();
  const prices = new Map<string, StripeObject>();
  const customers = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const charges = new Map<string, StripeObject>();
  const coupons = new Map<string, StripeObject>();
  const promotionCodes = new Map<string, StripeObject>();
  const setupIntents = new Map<string, StripeObject>();
  const stores = [
    paymentIntents,
    accounts,
    products,
    prices,
    customers,
    subscriptions,
    invoices,
    charges,
    coupons,
    promotionCodes,
    setupIntents,
  ];
  /** invoice id → the PaymentIntent that pays it (Stripe's InvoicePayment link). */
  const invoicePaymentIntents = new Map<string, string>();
  let failure: number | null = null;

  const missing = (response: ServerResponse, id: string, param = "id") =>
    stripeError(response, 404, `No such object: '${id}'`, { code: "resource_missing", param });

  async function route(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    const text = await readBody(request);
    const body = method === "GET" || method === "DELETE" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
    requests.push({
      method,
      path: url.pathname,
      body,
      authorization: request.headers.authorization,
      apiVersion: request.headers["stripe-version"] as string | undefined,
      idempotencyKey: request.headers["idempotency-key"] as string | undefined,
    });
    if (failure !== null) return stripeError(response, failure, "Stripe is having a bad day.");
    if (!request.headers.authorization?.startsWith("Bearer sk_")) {
      return send(response, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }

    const parts = url.pathname.split("/").filter(Boolean); // ["v1", resource, id?, action?]
    const [version, resource, id, action] = parts;
    if (version !== "v1") return stripeError(response, 404, `Unrecognized request URL (${method}: ${url.pathname}).`);

    // ---- PaymentIntents
    if (resource === "payment_intents") {
      if (method === "POST" && !id) {
        const amount = Number(body.amount);
        if (!Number.isInteger(amount) || amount < 50)
          return stripeError(response, 400, "Amount must be at least $0.50 usd", { param: "amount" });
        const intentId = newId("pi");
        const intent: StripeObject = {
          id: intentId,
          object: "payment_intent",
          amount,
          amount_received: 0,
          currency: String(body.currency ?? "usd"),
          status: "requires_payment_method",
          client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
          created: now(),
          description: body.description ?? null,
          receipt_email: body.receipt_email ?? null,
          metadata: asMetadata(body.metadata),
          automatic_payment_methods: body.automatic_payment_methods
            ? { enabled: true, allow_redirects: "always" }
            : null,
          livemode: false,
          last_payment_error: null,
        };
        paymentIntents.set(intentId, intent);
        return send(response, 200, intent);
      }
      const intent = id ? paymentIntents.get(id) : undefined;
      if (!intent) return missing(response, id ?? "", "intent");
      if (method === "GET" && !action) return send(response, 200, intent);
      if (method === "POST" && action === "cancel") {
        if (intent.status === "succeeded" || intent.status === "canceled") {
          return stripeError(
            response,
            400,
            `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
            {
              code: "payment_intent_unexpected_state",
            },
          );
        }
        Object.assign(intent, {
          status: "canceled",
          canceled_at: now(),
          cancellation_reason: body.cancellation_reason ?? null,
        });
        return send(response, 200, intent);
      }
    }

    // ---- Connect accounts and their links
    if (resource === "accounts") {
      if (method === "POST" && !id) {
        const account: StripeObject = {
          id: newId("acct"),
          object: "account",
          type: body.type ?? "standard",
          email: body.email ?? null,
          country: body.country ?? "US",
          default_currency: "usd",
          charges_enabled: false,
          payouts_enabled: false,
          details_submitted: false,
          capabilities: Object.fromEntries(
            Object.keys(asMetadata(body.capabilities)).map((name) => [name, "inactive"]),
          ),
          business_profile: body.business_profile ?? {},
          metadata: asMetadata(body.metadata),
          created: now(),
        };
        accounts.set(account.id, account);
        return send(response, 200, account);
      }
      const account = id ? accounts.get(id) : undefined;
      if (!account) return stripeError(response, 404, `No such account: '${id}'`, { code: "account_invalid" });
      if (method === "GET" && !action) return send(response, 200, account);
      if (method === "DELETE" && !action) {
        accounts.delete(account.id);
        return send(response, 200, { id: account.id, object: "account", deleted: true });
      }
      if (method === "POST" && action === "login_links") {
        if (!account.details_submitted) {
          return stripeError(
            response,
            400,
            "Cannot create a login link for an account that has not completed onboarding.",
          );
        }
        return send(response, 200, {
          object: "login_link",
          created: now(),
          url: `https://connect.stripe.com/express/${newId("login")}`,
        });
      }
    }
    if (resource === "account_links" && method === "POST" && !id) {
      const account = accounts.get(String(body.account));
      if (!account)
        return stripeError(response, 400, `No such account: '${String(body.account)}'`, { param: "account" });
      if (!body.return_url || !body.refresh_url || !body.type)
        return stripeError(response, 400, "Missing required param.", { param: "type" });
      return send(response, 200, {
        object: "account_link",
        created: now(),
        expires_at: now() + 300,
        url: `https://connect.stripe.com/setup/e/${account.id}/${randomBytes(8).toString("hex")}`,
      });
    }

    // ---- Products and prices
    if (resource === "products" && method === "POST") {
      if (!id) {
        if (!body.name) return stripeError(response, 400, "Missing required param: name.", { param: "name" });
        const product: StripeObject = {
          id: newId("prod"),
          object: "product",
          active: true,
          name: body.name,
          description: body.description ?? null,
          metadata: asMetadata(body.metadata),
          created: now(),
        };
        products.set(product.id, product);
        return send(response, 200, product);
      }
      const product = products.get(id);
      if (!product) return missing(response, id);
      for (const [key, value] of Object.entries(body))
        product[key] = key === "description" && value === "" ? null : value;
      return send(response, 200, product);
    }
    if (resource === "prices" && method === "POST") {
      if (!id) {
        if (!products.has(String(body.product))) return missing(response, String(body.product), "product");
        const recurring = asMetadata(body.recurring);
        const price: StripeObject = {
          id: newId("price"),
          object: "price",
          active: true,
          currency: body.currency,
          product: body.product,
          unit_amount: Number(body.unit_amount),
          recurring: recurring.interval
            ? { interval: recurring.interval, interval_count: 1, usage_type: "licensed" }
            : null,
          type: recurring.interval ? "recurring" : "one_time",
          metadata: asMetadata(body.metadata),
          created: now(),
        };
        prices.set(price.id, price);
        return send(response, 200, price);
      }
      const price = prices.get(id);
      if (!price) return missing(response, id);
      if ("unit_amount" in body)
        return stripeError(response, 400, "Received unknown parameter: unit_amount", { param: "unit_amount" });
      if ("active" in body) price.active = asBool(body.active);
      return send(response, 200, price);
    }

    // ---- Customers
    if (resource === "customers") {
      if (method === "POST" && !id) {
        const customer: StripeObject = {
          id: newId("cus"),
          object: "customer",
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: asMetadata(body.metadata),
          created: now(),
          livemode: false,
        };
        customers.set(customer.id, customer);
        return send(response, 200, customer);
      }
      const customer = id ? customers.get(id) : undefined;
      if (!customer) return missing(response, id ?? "", "customer");
      if (method === "GET" && !action) return send(response, 200, customer);
    }

    // ---- Coupons and their promotion codes (a subscription's discount)
    if (resource === "coupons" && method === "POST" && !id) {
      const percent = body.percent_off === undefined ? null : Number(body.percent_off);
      const amount = body.amount_off === undefined ? null : Number(body.amount_off);
      if ((percent === null) === (amount === null))
        return stripeError(response, 400, "You must pass either percent_off or amount_off.");
      if (amount !== null && !body.currency)
        return stripeError(response, 400, "You must pass currency when passing amount_off.", { param: "currency" });
      if (!["once", "forever", "repeating"].includes(String(body.duration)))
        return stripeError(response, 400, "Invalid duration.", { param: "duration" });
      const coupon: StripeObject = {
        id: newId("co"),
        object: "coupon",
        percent_off: percent,
        amount_off: amount,
        currency: body.currency ?? null,
        duration: body.duration,
        name: body.name ?? null,
        valid: true,
        metadata: asMetadata(body.metadata),
        created: now(),
      };
      coupons.set(coupon.id, coupon);
      return send(response, 200, coupon);
    }
    if (resource === "promotion_codes" && method === "POST") {
      if (id) {
        const existing = promotionCodes.get(id);
        if (!existing) return missing(response, id);
        if ("active" in body) existing.active = asBool(body.active);
        return send(response, 200, existing);
      }
      const promotion = asMetadata(body.promotion);
      const coupon = coupons.get(String(promotion.coupon));
      if (promotion.type !== "coupon" || !coupon)
        return missing(response, String(promotion.coupon), "promotion[coupon]");
      const code = String(body.code ?? randomBytes(5).toString("hex").toUpperCase());
      if ([...promotionCodes.values()].some((other) => other.code === code && other.active))
        return stripeError(response, 400, "An active promotion code with `code` already exists.", { param: "code" });
      const promotionCode: StripeObject = {
        id: newId("promo"),
        object: "promotion_code",
        active: true,
        code,
        promotion: { type: "coupon", coupon: coupon.id },
        expires_at: body.expires_at === undefined ? null : Number(body.expires_at),
        times_redeemed: 0,
        metadata: asMetadata(body.metadata),
        created: now(),
      };
      promotionCodes.set(promotionCode.id, promotionCode);
      return send(response, 200, promotionCode);
    }

    // ---- Subscriptions (each opens its first invoice, with the PaymentIntent the card form confirms)
    if (resource === "subscriptions") {
      if (method === "POST" && !id) {
        if (!customers.has(String(body.customer))) return missing(response, String(body.customer), "customer");
        const [item] = asList(body.items) as Record<string, unknown>[];
        const price = prices.get(String(item?.price));
        if (!price) return missing(response, String(item?.price), "items[0][price]");
        if (!price.active)
          return stripeError(response, 400, "The price specified is inactive. This field only accepts active prices.", {
            param: "items[0][price]",
          });
        const transfer = asMetadata(body.transfer_data);
        if (transfer.destination && !accounts.has(transfer.destination)) {
          return stripeError(response, 400, `No such destination: '${transfer.destination}'`, {
            param: "transfer_data[destination]",
          });
        }
        const created = now();
        const subscriptionId = newId("sub");
        const metadata = asMetadata(body.metadata);
        const [discount] = asList(body.discounts) as Record<string, string>[];
        const promotionCode = discount ? promotionCodes.get(discount.promotion_code) : undefined;
        if (discount && (!promotionCode || !promotionCode.active))
          return missing(response, String(discount.promotion_code), "discounts[0][promotion_code]");
        const coupon = promotionCode ? coupons.get((promotionCode.promotion as { coupon: string }).coupon) : undefined;
        if (promotionCode) promotionCode.times_redeemed = Number(promotionCode.times_redeemed) + 1;
        const fullAmount = Number(price.unit_amount);
        const discounted = !coupon
          ? fullAmount
          : coupon.percent_off !== null
            ? fullAmount - Math.round((fullAmount * Number(coupon.percent_off)) / 100)
            : Math.max(0, fullAmount - Number(coupon.amount_off));
        const trialDays = body.trial_period_days === undefined ? 0 : Number(body.trial_period_days);
        const trialEnd = trialDays ? created + trialDays * DAY_SECONDS : null;
        // The first invoice: $0 during a trial (a "once" coupon is spent on it, as Stripe does).
        const amount = trialEnd ? 0 : discounted;
        const periodEnd = trialEnd ?? created + 30 * DAY_SECONDS;
        const intentId = newId("pi");
        const clientSecret = `${intentId}_secret_${randomBytes(12).toString("hex")}`;
        const invoice: StripeObject = {
          id: newId("in"),
          object: "invoice",
          customer: body.customer,
          status: "open",
          currency: price.currency,
          amount_due: amount,
          amount_paid: 0,
          amount_remaining: amount,
          total_discount_amounts: coupon ? [{ amount: fullAmount - discounted, discount: newId("di") }] : [],
          billing_reason: "subscription_create",
          created,
          parent: {
            type: "subscription_details",
            quote_details: null,
            subscription_details: { subscription: subscriptionId, metadata },
          },
          lines: {
            object: "list",
            has_more: false,
            data: [
              {
                id: newId("il"),
                object: "line_item",
                amount,
                currency: price.currency,
                period: { start: created, end: periodEnd },
                pricing: { price_details: { price: price.id } },
              },
            ],
          },
          status_transitions: { finalized_at: created, paid_at: null },
          confirmation_secret: { type: "payment_intent", client_secret: clientSecret },
          livemode: false,
        };
        paymentIntents.set(intentId, {
          id: intentId,
          object: "payment_intent",
          amount,
          amount_received: 0,
          currency: price.currency,
          status: "requires_payment_method",
          client_secret: clientSecret,
          customer: body.customer,
          created,
          metadata: {},
          livemode: false,
          last_payment_error: null,
        });
        invoices.set(invoice.id, invoice);
        invoicePaymentIntents.set(invoice.id, intentId);
        // Nothing to pay now: the invoice is paid at once, and a SetupIntent saves the card instead.
        let pendingSetupIntent: string | null = null;
        if (amount === 0) {
          Object.assign(invoice, {
            status: "paid",
            confirmation_secret: null,
            status_transitions: { finalized_at: created, paid_at: created },
          });
          paymentIntents.delete(intentId);
          invoicePaymentIntents.delete(invoice.id);
          pendingSetupIntent = newId("seti");
          setupIntents.set(pendingSetupIntent, {
            id: pendingSetupIntent,
            object: "setup_intent",
            status: "requires_payment_method",
            client_secret: `${pendingSetupIntent}_secret_${randomBytes(12).toString("hex")}`,
            customer: body.customer,
            usage: "off_session",
            created,
            livemode: false,
          });
        }
        const subscription: StripeObject = {
          id: subscriptionId,
          object: "subscription",
          customer: body.customer,
          status: trialEnd ? "trialing" : amount === 0 ? "active" : "incomplete",
          trial_start: trialEnd ? created : null,
          trial_end: trialEnd,
          pending_setup_intent: pendingSetupIntent,
          discounts: coupon ? [newId("di")] : [],
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          created,
          start_date: created,
          currency: price.currency,
          metadata,
          application_fee_percent:
            body.application_fee_percent === undefined ? null : Number(body.application_fee_percent),
          transfer_data: transfer.destination ? { destination: transfer.destination, amount_percent: null } : null,
          payment_settings: body.payment_settings ?? null,
          items: {
            object: "list",
            has_more: false,
            data: [
              {
                id: newId("si"),
                object: "subscription_item",
                price,
                quantity: 1,
                current_period_start: created,
                current_period_end: periodEnd,
              },
            ],
          },
          latest_invoice: invoice.id,
          livemode: false,
        };
        subscriptions.set(subscriptionId, subscription);
        return send(response, 200, withExpansions(subscription, body.expand, invoices, setupIntents));
      }
      const subscription = id ? subscriptions.get(id) : undefined;
      if (!subscription) return missing(response, id ?? "", "subscription");
      if (method === "GET" && !action)
        return send(response, 200, withExpansions(subscription, body.expand, invoices, setupIntents));
      const ended = subscription.status === "canceled" || subscription.status === "incomplete_expired";
      if (method === "POST" && !action) {
        if (
          ended &&
          Object.keys(body).some((key) => key !== "metadata" && key !== "cancellation_details" && key !== "expand")
        ) {
          return stripeError(
            response,
            400,
            "A canceled subscription can only update its cancellation_details and metadata.",
          );
        }
        if ("cancel_at_period_end" in body) subscription.cancel_at_period_end = asBool(body.cancel_at_period_end);
        if (body.metadata)
          subscription.metadata = { ...asMetadata(subscription.metadata), ...asMetadata(body.metadata) };
        return send(response, 200, withExpansions(subscription, body.expand, invoices, setupIntents));
      }
      if (method === "DELETE" && !action) {
        if (ended)
          return stripeError(response, 400, `No such subscription: '${subscription.id}'`, { code: "resource_missing" });
        Object.assign(subscription, { status: "canceled", canceled_at: now(), ended_at: now() });
        return send(response, 200, subscription);
      }
    }

    // ---- Invoices and the payments that paid them
    if (resource === "invoices" && method === "GET" && id && !action) {
      const invoice = invoices.get(id);
      if (!invoice) return missing(response, id, "invoice");
      const { confirmation_secret: secret, ...rest } = invoice;
      return send(
        response,
        200,
        asList(body.expand).includes("confirmation_secret") ? { ...rest, confirmation_secret: secret } : rest,
      );
    }
    if (resource === "invoice_payments" && method === "GET" && !id) {
      const wanted = asMetadata(body.payment).payment_intent;
      const data = [...invoicePaymentIntents]
        .filter(([, intentId]) => !wanted || intentId === wanted)
        .map(([invoiceId, intentId]) => {
          const invoice = invoices.get(invoiceId)!;
          return {
            id: `inpay_${invoiceId.slice(3)}`,
            object: "invoice_payment",
            invoice: invoiceId,
            amount_paid: invoice.amount_paid,
            amount_requested: invoice.amount_due,
            currency: invoice.currency,
            is_default: true,
            status: invoice.status === "paid" ? "paid" : "open",
            payment: { type: "payment_intent", payment_intent: intentId },
            created: invoice.created,
            livemode: false,
          };
        });
      return send(response, 200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" });
    }

    return stripeError(response, 404, `Unrecognized request URL (${method}: ${url.pathname}).`);
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => stripeError(response, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    env: { STRIPE_API_HOST: "127.0.0.1", STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: "http" },
    requests,
    requestsTo: (method, pathPrefix) => requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)),
    paymentIntents,
    accounts,
    products,
    prices,
    customers,
    subscriptions,
    invoices,
    charges,
    coupons,
    promotionCodes,
    setupIntents,
    confirmSetup(id) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`stand-in has no subscription ${id}`);
      const setupIntent = setupIntents.get(String(subscription.pending_setup_intent));
      if (!setupIntent) throw new Error(`subscription ${id} has no pending SetupIntent`);
      const paymentMethod = newId("pm");
      Object.assign(setupIntent, { status: "succeeded", payment_method: paymentMethod });
      Object.assign(subscription, { pending_setup_intent: null, default_payment_method: paymentMethod });
      return { subscription, setupIntent };
    },
    paySubscription(id) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`stand-in has no subscription ${id}`);
      const invoice = invoices.get(String(subscription.latest_invoice))!;
      const intent = paymentIntents.get(invoicePaymentIntents.get(invoice.id)!)!;
      const paidAt = now();
      Object.assign(invoice, {
        status: "paid",
        amount_paid: invoice.amount_due,
        amount_remaining: 0,
        status_transitions: { ...(invoice.status_transitions as object), paid_at: paidAt },
      });
      Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
      const charge: StripeObject = {
        id: newId("ch"),
        object: "charge",
        amount: intent.amount,
        amount_captured: intent.amount,
        amount_refunded: 0,
        refunded: false,
        captured: true,
        paid: true,
        status: "succeeded",
        currency: intent.currency,
        customer: subscription.customer,
        payment_intent: intent.id,
        metadata: {},
        created: paidAt,
        livemode: false,
      };
      charges.set(charge.id, charge);
      subscription.status = "active";
      return { subscription, invoice, charge };
    },
    update(id, changes) {
      const store = stores.find((candidate) => candidate.has(id));
      if (!store) throw new Error(`stand-in has no object ${id}`);
      const object = store.get(id)!;
      Object.assign(object, changes);
      return object;
    },
    failWith(status) {
      failure = status;
    },
    reset() {
      requests.length = 0;
      for (const store of stores) store.clear();
      invoicePaymentIntents.clear();
      failure = null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The SDK keeps connections alive; they would hold close() open.
        server.closeAllConnections();
      }),
  };
}
