/** Membership facts the browser may know too (product.md "Limits"). */

/** The first 300 experts who partner get the founding-partner perks. */
export const FOUNDING_PARTNER_SPOTS = 300;
