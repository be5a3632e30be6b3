// Built once: an Intl formatter is costly to create and these run for every price on a page.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 0 });

/** product.md "Limits": amounts are cents, shown as USD with no minimum fraction digits… */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** …or with 2 decimals in plain form. */
export function formatUsdPlain(cents: number): string {
  return (cents / 100).toFixed(2);
}
