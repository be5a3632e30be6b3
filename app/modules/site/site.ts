/**
 * Site-wide content that is not configuration: navigation, footer links, the FAQ.
 * Client-safe (no secrets); configurable values come from the root loader.
 */
export interface NavItem {
  label: string;
  to: string;
  /** product.md "Roles and permissions": roles that see the item; empty means everyone. */
  roles: string[];
}

export const NAV_ITEMS: NavItem[] = [
  { label: "Feed", to: "/feed", roles: [] },
  { label: "Likes", to: "/posts/liked", roles: [] },
  { label: "Watchlist", to: "/watchlist", roles: [] },
  { label: "Discover experts", to: "/discover-experts", roles: [] },
  { label: "Leaderboard", to: "/leaderboard", roles: [] },
  { label: "Results", to: "/admin/events", roles: ["Admin"] },
  { label: "Support", to: "/admin/support", roles: ["Admin"] },
];

/** Signed-out visitors see only items with no roles; a signed-in user those matching a role. */
export function visibleNavItems(items: NavItem[], roles: string[] | null): NavItem[] {
  return items.filter(
    (item) => item.roles.length === 0 || (roles !== null && item.roles.some((r) => roles.includes(r))),
  );
}

export const FOOTER_LINKS = [
  { label: "Privacy", to: "/privacy" },
  { label: "Terms", to: "/terms" },
  { label: "Contacts", to: "/contacts" },
  { label: "Partners", to: "/partners" },
] as const;

export const SOCIAL_LINKS = [
  { label: "X", href: "https://x.com/sharpsideapp" },
  { label: "Instagram", href: "https://www.instagram.com/sharpsideapp" },
  { label: "Facebook", href: "https://www.facebook.com/sharpsideapp" },
  { label: "YouTube", href: "https://www.youtube.com/@sharpsideapp" },
  { label: "TikTok", href: "https://www.tiktok.com/@sharpsideapp" },
] as const;

/** product.md "What it is": every FAQ point. */
export const TOP_FAQS = [
  {
    question: "Is there a mobile app?",
    answer:
      "Sharpside works in any phone browser today: the mobile web version has everything the desktop site has. A native mobile app is in development.",
  },
  {
    question: "What do the first 300 experts get?",
    answer:
      "The first 300 experts who partner with Sharpside get special perks: a founding-partner badge, a lower platform fee for their first year and priority placement in Discover experts.",
  },
  {
    question: "How do payments work?",
    answer:
      "All payments go through our card payment provider. We never see or store your card number; subscriptions renew monthly and can be cancelled at any time from Payments & subscriptions.",
  },
  {
    question: "What is coming next?",
    answer:
      "Tipping your favourite experts (Cheers), win/loss and unit tracking on every pick, a public leaderboard, an AI assistant, a Sharpside swag bag and charity events.",
  },
  {
    question: "Can an expert fake their record?",
    answer:
      "No. Every moneyline, spread and total is checked against the betting market when it is posted: its line must be within 1.5 points of what bookmakers offered and its price no better than the best of them, and an expert cannot hold both sides of a game. A pick can be withdrawn only within minutes of posting, for a mistake, and withdrawals are counted beside the record. A pick locks when its game starts and can never be edited or deleted. Results come from the final scores of our sports-data provider, and only an admin can correct one, with a public reason. Props, which no score can grade, are graded by the expert and shown apart as self-reported: they never count in the verified record or the leaderboard.",
  },
  {
    question: "Is Sharpside a sportsbook?",
    answer:
      "No. Sharpside is not a gambling site: we do not take bets. Experts publish analysis and picks; where and whether to bet is up to you.",
  },
] as const;
