import { describe, expect, it } from "vitest";
import {
  centsToDollars,
  dollarsToCents,
  subscriptionPriceFormSchema,
  subscriptionPriceSchema,
} from "~/modules/payments/price-schema";

const messages = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("subscription price schemas (product.md 'Validation')", () => {
  it("takes cents in the API: at least 100, whole", () => {
    expect(subscriptionPriceSchema.parse({ price: 100 })).toEqual({ price: 100, description: undefined });
    expect(messages(subscriptionPriceSchema.safeParse({ price: 99 }))).toEqual({
      price: "Price should be at least $1",
    });
    expect(messages(subscriptionPriceSchema.safeParse({}))).toEqual({ price: "Price should be at least $1" });
    expect(messages(subscriptionPriceSchema.safeParse({ price: "500" }))).toEqual({
      price: "Price should be at least $1",
    });
    expect(subscriptionPriceSchema.safeParse({ price: 100.5 }).success).toBe(false);
  });

  it("takes dollars in the form: at least 1, two decimals at most", () => {
    expect(subscriptionPriceFormSchema.parse({ price: 9.99, description: "Picks" })).toEqual({
      price: 9.99,
      description: "Picks",
    });
    expect(messages(subscriptionPriceFormSchema.safeParse({ price: 0.99 }))).toEqual({
      price: "Price should be at least $1",
    });
    expect(messages(subscriptionPriceFormSchema.safeParse({ price: undefined }))).toEqual({
      price: "Price should be at least $1",
    });
    expect(subscriptionPriceFormSchema.safeParse({ price: 9.999 }).success).toBe(false);
  });

  it("limits the description to 120 characters; blank means none", () => {
    expect(messages(subscriptionPriceSchema.safeParse({ price: 500, description: "x".repeat(121) }))).toEqual({
      description: "Maximum 120 characters allowed",
    });
    expect(subscriptionPriceFormSchema.parse({ price: 5, description: "   " }).description).toBeUndefined();
    expect(subscriptionPriceSchema.parse({ price: 500, description: null }).description).toBeUndefined();
  });

  it("converts between the form's dollars and the API's cents", () => {
    expect(dollarsToCents(9.99)).toBe(999);
    expect(dollarsToCents(19.9)).toBe(1990);
    expect(centsToDollars(2500)).toBe(25);
  });
});
