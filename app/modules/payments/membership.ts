/** Membership facts the browser may know too (product.md "Limits"). */

/** The first 300 experts who partner get the founding-partner perks. */
export const FOUNDING_PARTNER_SPOTS = 300;

/** What the two congratulations pages show (welcome.server.ts loads it). */
export interface MembershipWelcomeData {
  isExpert: boolean;
  firstName: string;
  userName: string;
  paymentsEnabled: boolean;
  partnerRank: number | null;
}
