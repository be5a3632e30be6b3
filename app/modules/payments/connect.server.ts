/**
 * The expert's payment account: a Stripe Connect Express account (product.md "Subscriptions and
 * money", decision 013). Subscribers' money goes to it, less the platform fee. Stripe hosts the
 * onboarding and the expert's dashboard; we keep the account id and whether it can take charges
 * (`account.updated` webhook).
 */
import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "~/db/client.server";
import { experts } from "~/db/schema";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { AppError } from "~/modules/http/app-error";
import type { PaymentsContext } from "./membership.server";
import { callStripe, PAYMENT_PROVIDER, requirePayments } from "./stripe.server";

export const NO_PAYMENT_ACCOUNT_MESSAGE = "Connect a payment account first.";

/** Where Stripe sends the expert back after onboarding (and when a link has expired). */
const businessUrl = (appUrl: string) => `${appUrl}/business`;

async function expertRow(db: Database, userId: string) {
  const [row] = await db
    .select({ paymentAccountId: experts.paymentAccountId, paymentAccountReady: experts.paymentAccountReady })
    .from(experts)
    .where(eq(experts.userId, userId));
  // The roles gate let an expert in: an expert without a row (made by hand) gets one.
  if (row) return row;
  await db
    .insert(experts)
    .values({ userId, membershipStatus: "Active" })
    .onConflictDoNothing({ target: experts.userId });
  return { paymentAccountId: null, paymentAccountReady: false };
}

function onboardingLink(stripe: Stripe, accountId: string, appUrl: string) {
  return stripe.accountLinks.create({
    account: accountId,
    type: "account_onboarding",
    refresh_url: businessUrl(appUrl),
    return_url: businessUrl(appUrl),
  });
}

/** An onboarding link while the account is not ready, else a login link to its Express dashboard. */
async function accountUrlFor(
  context: PaymentsContext,
  stripe: Stripe,
  accountId: string,
  ready: boolean,
): Promise<string> {
  if (ready) {
    const login = await callStripe(() => stripe.accounts.createLoginLink(accountId), context.log);
    return login.url;
  }
  const link = await callStripe(() => onboardingLink(stripe, accountId, context.env.APP_URL), context.log);
  return link.url;
}

/**
 * `POST /api/paymentsystems/stripe/account/connect`: creates the expert's Express account when
 * there is none, and answers the URL to continue at Stripe.
 */
export async function connectPaymentAccount(context: PaymentsContext, viewer: CurrentUser): Promise<{ url: string }> {
  const stripe = requirePayments(context.env);
  const row = await expertRow(context.db, viewer.id);
  if (row.paymentAccountId)
    return { url: await accountUrlFor(context, stripe, row.paymentAccountId, row.paymentAccountReady) };

  const account = await callStripe(
    () =>
      stripe.accounts.create({
        type: "express",
        email: viewer.email,
        business_profile: { product_description: `Sports-betting analysis sold on ${context.env.APP_NAME}` },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
        metadata: { userId: viewer.id },
      }),
    context.log,
  );
  const [stored] = await context.db
    .update(experts)
    .set({ paymentProvider: PAYMENT_PROVIDER, paymentAccountId: account.id, paymentAccountReady: false })
    .where(and(eq(experts.userId, viewer.id), isNull(experts.paymentAccountId)))
    .returning({ id: experts.paymentAccountId });
  if (!stored) {
    // Two clicks at once: the other request stored its account first. Drop ours, use theirs.
    await callStripe(() => stripe.accounts.del(account.id), context.log).catch(() => undefined);
    const winner = await expertRow(context.db, viewer.id);
    if (!winner.paymentAccountId) throw new AppError(409, "Please try again.");
    return { url: await accountUrlFor(context, stripe, winner.paymentAccountId, winner.paymentAccountReady) };
  }
  return { url: await accountUrlFor(context, stripe, account.id, false) };
}

/** `POST /api/paymentsystems/stripe/account/url`: where to manage the connected account. */
export async function paymentAccountUrl(context: PaymentsContext, viewer: CurrentUser): Promise<string> {
  const stripe = requirePayments(context.env);
  const row = await expertRow(context.db, viewer.id);
  if (!row.paymentAccountId) throw new AppError(422, NO_PAYMENT_ACCOUNT_MESSAGE);
  return accountUrlFor(context, stripe, row.paymentAccountId, row.paymentAccountReady);
}

/**
 * `POST /api/paymentsystems/stripe/account/disconnect`: unlinks the account. An account that
 * never finished onboarding holds nothing and is deleted at Stripe; a ready account is only
 * unlinked, since it may hold the expert's balance and payouts (it stays reachable from Stripe's
 * Express dashboard by e-mail login, and Stripe refuses to delete an account with a balance).
 */
export async function disconnectPaymentAccount(
  context: PaymentsContext,
  viewer: CurrentUser,
): Promise<{ disconnected: boolean; deletedAtProvider: boolean }> {
  const stripe = requirePayments(context.env);
  const row = await expertRow(context.db, viewer.id);
  if (!row.paymentAccountId) return { disconnected: false, deletedAtProvider: false };
  await context.db
    .update(experts)
    .set({ paymentProvider: null, paymentAccountId: null, paymentAccountReady: false })
    .where(and(eq(experts.userId, viewer.id), eq(experts.paymentAccountId, row.paymentAccountId)));
  let deletedAtProvider = false;
  if (!row.paymentAccountReady) {
    try {
      await stripe.accounts.del(row.paymentAccountId);
      deletedAtProvider = true;
    } catch (error) {
      // Unlinked on our side all the same; the orphan is harmless and visible in Stripe's dashboard.
      context.log?.warn(
        { err: error, accountId: row.paymentAccountId },
        "could not delete a disconnected Stripe account",
      );
    }
  }
  return { disconnected: true, deletedAtProvider };
}

/** `account.updated`: the account can take charges once Stripe has the details it needs. */
export async function applyAccountUpdate(
  db: Database,
  account: Pick<Stripe.Account, "id" | "charges_enabled" | "details_submitted">,
): Promise<void> {
  await db
    .update(experts)
    .set({ paymentAccountReady: Boolean(account.charges_enabled && account.details_submitted) })
    .where(eq(experts.paymentAccountId, account.id));
}
