/**
 * The Stripe client (product.md "Subscriptions and money", decision 013). Built from the
 * configuration, once per env object, so a test that passes its own env (pointing
 * STRIPE_API_* at a local stand-in) gets its own client. Without STRIPE_SECRET_KEY payments are
 * off: every caller asks `paymentsEnabled` first, and the calls that cannot work without a
 * provider answer 422 through `requirePayments`.
 */
import Stripe from "stripe";
import type { Env } from "~/config/env.server";
import { AppError } from "~/modules/http/app-error";

export const PAYMENT_PROVIDER = "stripe";
/** The provider name of subscriptions made while payments are off. */
export const FREE_PROVIDER = "free";
export const PAYMENTS_UNAVAILABLE_MESSAGE = "Payments are not available yet.";

type StripeEnv = Pick<
  Env,
  "PAYMENTS_ENABLED" | "STRIPE_SECRET_KEY" | "STRIPE_API_HOST" | "STRIPE_API_PORT" | "STRIPE_API_PROTOCOL"
>;

const clients = new WeakMap<StripeEnv, Stripe>();

export function paymentsEnabled(env: Pick<Env, "PAYMENTS_ENABLED">): boolean {
  return env.PAYMENTS_ENABLED;
}

/** The client, or a 422 saying payments are off (never a pretend success). */
export function requirePayments(env: StripeEnv): Stripe {
  if (!env.PAYMENTS_ENABLED || !env.STRIPE_SECRET_KEY) throw new AppError(422, PAYMENTS_UNAVAILABLE_MESSAGE);
  return getStripe(env);
}

export function getStripe(env: StripeEnv): Stripe {
  let client = clients.get(env);
  if (!client) {
    if (!env.STRIPE_SECRET_KEY) throw new Error("Stripe is not configured (STRIPE_SECRET_KEY is unset)");
    client = new Stripe(env.STRIPE_SECRET_KEY, {
      apiVersion: "2026-10-28.endive",
      // A request the user waits on fails fast; our own callers decide about retrying.
      maxNetworkRetries: 0,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: "Sharpside" },
      ...(env.STRIPE_API_HOST
        ? { host: env.STRIPE_API_HOST, port: env.STRIPE_API_PORT, protocol: env.STRIPE_API_PROTOCOL }
        : {}),
    });
    clients.set(env, client);
  }
  return client;
}

/**
 * Runs a Stripe call; its failures become an answer in the API's shape instead of a 500: a
 * request Stripe refuses (e.g. an account deleted on its side) is a 422, Stripe being down or
 * unreachable a 503 the user may retry.
 */
export async function callStripe<T>(
  run: () => Promise<T>,
  log?: { warn: (obj: object, msg: string) => void },
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    log?.warn(
      { err: { type: error.type, code: error.code, message: error.message, statusCode: error.statusCode } },
      "Stripe call failed",
    );
    const refused = error.type === "StripeInvalidRequestError" || error.type === "StripeCardError";
    const answer = refused
      ? new AppError(422, "The payment provider could not complete this request. Please try again or contact support.")
      : new AppError(503, "The payment provider is not answering. Please try again in a moment.");
    (answer as { cause?: unknown }).cause = error;
    throw answer;
  }
}
