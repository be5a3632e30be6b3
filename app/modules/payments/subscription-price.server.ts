/**
 * The expert's monthly subscription price (product.md "Subscriptions and money"): integer
 * cents, at least 100, with a description of at most 120 characters. With Stripe it is also a
 * Product with a recurring monthly Price; Stripe prices cannot change their amount, so a new
 * amount makes a new Price and retires the old one (existing subscribers keep theirs).
 */
import { eq } from "drizzle-orm";
import { experts, users } from "~/db/schema";
import type { CurrentUser } from "~/modules/accounts/current-user";
import type { PaymentsContext } from "./membership.server";
import type { SubscriptionPriceInput } from "./price-schema";
import { callStripe, getStripe, paymentsEnabled } from "./stripe.server";

export interface SubscriptionPrice {
  price: number;
  description: string | null;
}

export async function setSubscriptionPrice(
  context: PaymentsContext,
  viewer: CurrentUser,
  input: SubscriptionPriceInput,
): Promise<SubscriptionPrice> {
  const description = input.description ?? null;
  const [current] = await context.db
    .select({
      priceCents: experts.subscriptionPriceCents,
      description: experts.subscriptionDescription,
      productId: experts.providerProductId,
      priceId: experts.providerPriceId,
      userName: users.userName,
    })
    .from(experts)
    .innerJoin(users, eq(users.id, experts.userId))
    .where(eq(experts.userId, viewer.id));

  let productId = current?.productId ?? null;
  let priceId = current?.priceId ?? null;
  if (paymentsEnabled(context.env)) {
    const stripe = getStripe(context.env);
    const name = `${context.env.APP_NAME} subscription to ${current?.userName ?? viewer.userName}`;
    if (!productId) {
      const product = await callStripe(
        () =>
          stripe.products.create({
            name,
            ...(description ? { description } : {}),
            metadata: { expertId: viewer.id },
          }),
        context.log,
      );
      productId = product.id;
    } else if (description !== (current?.description ?? null)) {
      const id = productId;
      // An empty string clears a Stripe field.
      await callStripe(() => stripe.products.update(id, { description: description ?? "" }), context.log);
    }
    if (!priceId || current?.priceCents !== input.price) {
      const product = productId;
      const created = await callStripe(
        () =>
          stripe.prices.create({
            product,
            unit_amount: input.price,
            currency: "usd",
            recurring: { interval: "month" },
            metadata: { expertId: viewer.id },
          }),
        context.log,
      );
      if (priceId) {
        const old = priceId;
        // New subscribers get the new price; the old one only keeps serving existing subscriptions.
        await callStripe(() => stripe.prices.update(old, { active: false }), context.log).catch((error) =>
          context.log?.warn({ err: error, priceId: old }, "could not retire an old Stripe price"),
        );
      }
      priceId = created.id;
    }
  }

  const values = {
    subscriptionPriceCents: input.price,
    subscriptionDescription: description,
    providerProductId: productId,
    providerPriceId: priceId,
  };
  await context.db
    .insert(experts)
    .values({ userId: viewer.id, membershipStatus: "Active", ...values })
    .onConflictDoUpdate({ target: experts.userId, set: values });
  return { price: input.price, description };
}

/** The saved price, or null before the expert has set one. */
export async function getSubscriptionPrice(
  context: Pick<PaymentsContext, "db">,
  expertId: string,
): Promise<SubscriptionPrice | null> {
  const [row] = await context.db
    .select({ price: experts.subscriptionPriceCents, description: experts.subscriptionDescription })
    .from(experts)
    .where(eq(experts.userId, expertId));
  return row?.price ? { price: row.price, description: row.description } : null;
}
