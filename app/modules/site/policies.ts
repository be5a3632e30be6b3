/**
 * Our own policy documents for /privacy, /terms and /payments-terms, used when no third-party
 * policy host is configured (PRIVACY_EMBED_URL and friends). Values that depend on the
 * deployment (name, support address, fees) are filled in, so the text never contradicts the app.
 */
import { formatUsd } from "~/modules/money/money";

export type PolicyBlock = string | { list: string[] };

export interface PolicySection {
  id: string;
  heading: string;
  blocks: PolicyBlock[];
}

export interface PolicyDocument {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: PolicySection[];
  /** Written as a mailto: link wherever the text mentions it. */
  contactEmail: string;
}

export interface PolicyValues {
  appName: string;
  supportEmail: string;
  helpline: string;
  platformFeePercent: number;
  membershipPriceCents: number;
}

export type PolicyKind = "privacy" | "terms" | "payments-terms";

export const POLICY_TITLES: Record<PolicyKind, string> = {
  privacy: "Privacy Policy",
  terms: "Terms of Use",
  "payments-terms": "Payments Terms",
};

/** Changed by hand whenever the wording of a document changes. */
const LAST_UPDATED = "2026-11-01";

const section = (heading: string, ...blocks: PolicyBlock[]): PolicySection => ({
  id: heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, ""),
  heading,
  blocks,
});

export function policyDocument(kind: PolicyKind, values: PolicyValues): PolicyDocument {
  const build = { privacy: privacyPolicy, terms: termsOfUse, "payments-terms": paymentsTerms }[kind];
  return { title: POLICY_TITLES[kind], lastUpdated: LAST_UPDATED, contactEmail: values.supportEmail, ...build(values) };
}

function privacyPolicy({ appName, supportEmail }: PolicyValues): Pick<PolicyDocument, "intro" | "sections"> {
  return {
    intro: `${appName} is a marketplace where independent sports handicappers publish analysis and picks and fans subscribe to them. This policy explains what we collect about you, why, who we share it with and the choices you have. ${appName} is not a gambling site: we never take bets, so we never hold betting funds or betting history.`,
    sections: [
      section("What we collect", "We only keep what we need to run the service:", {
        list: [
          "Account: your e-mail address, first and last name, username, a one-way hash of your password (never the password itself), your time zone, whether you signed up as a user or an expert, whether your e-mail is confirmed and your newsletter choice.",
          "Profile: the photo, cover image, location, date of birth and about text you choose to add.",
          "Posts and activity: the posts, picks, comments and likes you publish, the experts you follow or subscribe to, and the posts you ask to be notified about.",
          "Payment records: your subscriptions, their price, status and renewal dates, membership and tip payments, and the reference numbers our payment provider gives us. Card numbers go straight to the provider; we never see or store them.",
          "Support requests: the name, phone number, e-mail and message you send us when you ask for help or a call.",
          "Technical data: your IP address, browser type and the pages you request, kept in short-lived server logs and used for security and rate limiting.",
        ],
      }),
      section(
        "How we use it",
        {
          list: [
            "To create and secure your account, sign you in and keep you signed in.",
            "To show your public profile, posts and picks, and to deliver subscriber-only content only to active subscribers.",
            "To take payments, pay experts and keep the records the law requires.",
            "To send the e-mails you need (codes, receipts, notifications you turned on) and, only if you opted in, our newsletter.",
            "To answer support requests and call you back when you ask us to.",
            "To prevent fraud, abuse and spam, and to keep an expert's record of picks honest.",
          ],
        },
        "We do not sell your personal information and we do not share it for cross-context behavioural advertising.",
      ),
      section(
        "Cookies",
        "We use a small number of first-party cookies:",
        {
          list: [
            "Sign-in cookies keep your session; they are HttpOnly, so scripts on the page cannot read them.",
            "cookieConsent remembers whether you pressed Accept or Reject on the cookie banner, so we do not ask again.",
            "sidebar remembers whether you collapsed the sidebar.",
          ],
        },
        "Only if you accept cookies do we use cookies to understand how the site is used. Rejecting keeps only the cookies the site needs to work. We do not use third-party advertising cookies. You can delete cookies in your browser at any time; you will then be signed out and asked again.",
      ),
      section("Who we share it with", {
        list: [
          "Our card payment provider, Stripe, which processes payments and holds the connected accounts experts are paid through. Stripe's own privacy policy applies to the data you give it.",
          "Service providers that host the site, store files and deliver e-mail for us, bound by contract to use the data only for us.",
          "Experts you follow or subscribe to see your public profile (username, name and photo), never your payment details.",
          "Authorities, when the law requires it or to protect the safety of our users.",
        ],
      }),
      section(
        "How long we keep it",
        "Account, profile and posts are kept while your account is open and deleted within 30 days after you close it, except where we must keep them longer. Payment records are kept for as long as tax and accounting law requires (usually seven years). Support requests are kept for two years. Server logs are kept for up to 30 days.",
      ),
      section(
        "Your choices and rights",
        `You can see and correct most of your data in Edit Profile & Settings, unsubscribe from the newsletter in any newsletter e-mail, and ask us at ${supportEmail} for a copy of your data or to delete your account. Residents of California and other states with privacy laws have the rights those laws give, including to know, correct and delete personal information and to not be discriminated against for using them. We answer every request within 45 days.`,
      ),
      section(
        "Age",
        `${appName} is not directed at children under 13. You must be at least 15 to create an account, and 18 (or the age of majority where you live) to pay for a subscription or become an expert. Whether you may bet at all depends on the law where you live.`,
      ),
      section(
        "Security",
        "Passwords are stored as salted one-way hashes, traffic is encrypted, sessions can be revoked, and sensitive actions are rate limited. No system is perfectly secure; if we learn of a breach that affects you, we will tell you as the law requires.",
      ),
      section(
        "Changes and contact",
        `When we change this policy we update the date above and, for important changes, tell you by e-mail or in the app before they take effect. Questions: ${supportEmail}.`,
      ),
    ],
  };
}

function termsOfUse({ appName, supportEmail, helpline }: PolicyValues): Pick<PolicyDocument, "intro" | "sections"> {
  return {
    intro: `These terms are the agreement between you and ${appName} for using our website and services. By creating an account or using ${appName} you accept them. Paid subscriptions and expert payouts are also covered by our Payments Terms.`,
    sections: [
      section(
        `What ${appName} is, and is not`,
        `${appName} lets independent experts (handicappers) publish sports analysis and picks, free or for their subscribers. We are not a sportsbook, bookmaker or gambling operator: we do not accept bets, hold stakes or pay winnings, and no sportsbook pays us to send you to it.`,
        `Picks are opinions for information and entertainment. No expert can guarantee a result, and a past record does not promise future results. If you bet, bet only where it is legal for you and only what you can afford to lose. If gambling stops being fun, call ${helpline}.`,
      ),
      section("Your account", {
        list: [
          "You must be at least 15 to create an account, and 18 (or the age of majority where you live) to pay for a subscription or become an expert.",
          "Give true information, keep your password to yourself and tell us at once if you think someone else has used your account.",
          "One person, one account. Accounts may not be sold or shared.",
        ],
      }),
      section("Experts", {
        list: [
          "You are responsible for what you publish. It must be your own work or used with permission.",
          "Your record must stay honest: a pick cannot be edited or deleted once its game has started or it has been graded, and graded results are public.",
          'Do not promise guaranteed wins, sell "locks", or steer subscribers to a particular sportsbook for a reward.',
          "Subscriber-only picks must be published for your subscribers here, not sold to them elsewhere around our payment flow.",
        ],
      }),
      section(
        "Subscribers and subscriber-only content",
        "A subscription gives you personal access to an expert's subscriber-only posts and picks while it is active. Do not copy, resell or republish them, in part or in full, in channels, groups or other sites.",
      ),
      section(
        "Acceptable use",
        "Do not harass or threaten anyone, post anything unlawful, hateful or sexually explicit, impersonate others, spam, scrape the site or its API, try to get around paywalls, rate limits or security, or use several accounts to dodge a suspension. We may remove content and suspend or close accounts that break these rules.",
      ),
      section(
        "Your content",
        `You keep the rights to what you post. You give ${appName} a worldwide, non-exclusive, royalty-free licence to host, show and distribute it on the service (to the audience you choose) and to show free posts when promoting ${appName}. The licence ends when you delete the content, except for copies kept in backups for a limited time or required by law.`,
      ),
      section(
        "Ending",
        `You may close your account at any time; active subscriptions stay cancelled at the end of their paid period as set out in the Payments Terms. We may suspend or close an account that breaks these terms, and will tell you why unless the law or safety prevents it.`,
      ),
      section(
        "Disclaimers and liability",
        `${appName} is provided "as is". To the extent the law allows, we are not liable for losses from betting decisions, from content published by experts or other users, or for indirect or consequential losses, and our total liability to you is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits rights you have under consumer law that cannot be waived.`,
      ),
      section(
        "Changes, law and contact",
        `We may update these terms; for important changes we tell you in advance by e-mail or in the app. These terms are governed by the laws of the State of Delaware, United States. Questions: ${supportEmail}.`,
      ),
    ],
  };
}

function paymentsTerms({
  appName,
  supportEmail,
  platformFeePercent,
  membershipPriceCents,
}: PolicyValues): Pick<PolicyDocument, "intro" | "sections"> {
  return {
    intro: `These terms cover every payment on ${appName}: subscriptions to experts, the expert membership and payouts to experts. Payments are processed by our card payment provider, Stripe. All amounts are in US dollars.`,
    sections: [
      section(
        "Card payments",
        `When you pay, your card details go directly to Stripe; ${appName} never sees or stores your full card number. You confirm you are allowed to use the card. Stripe may ask your bank to confirm a payment (for example with 3-D Secure).`,
      ),
      section("Subscriptions", {
        list: [
          "Each expert sets a monthly subscription price, shown before you pay.",
          "Your subscription starts when the first payment succeeds and renews automatically every month on the same day until you cancel.",
          "You can cancel at any time in Payments & subscriptions. You keep access until the end of the period you have paid for, and you are not charged again.",
          "If an expert changes the price, the new price applies from your next renewal after we tell you about it; you can cancel before it does.",
        ],
      }),
      section(
        "Failed payments",
        "If a renewal fails, Stripe retries it over the following days and the subscription shows as past due. If no retry succeeds, the subscription ends and subscriber-only content is locked again. You can subscribe again at any time.",
      ),
      section(
        "Refunds",
        `Subscription periods are not refunded once they have started, since subscriber-only content becomes available at once. We refund duplicate charges and charges you did not authorise. Write to ${supportEmail} within 30 days of the charge. Please contact us before disputing a charge with your bank.`,
      ),
      section(
        "Expert membership",
        `Opening an expert business page takes a one-off membership payment (${formatUsd(membershipPriceCents)} unless a different price is shown at checkout). Once your business page is live it is not refundable, except for duplicate or unauthorised charges.`,
      ),
      section("How experts are paid", {
        list: [
          "Experts connect a payment account with Stripe (a connected account) and must complete Stripe's identity and tax checks before they can be paid.",
          `Subscription and tip payments go to the expert's connected account, less the ${appName} platform fee of ${platformFeePercent}% and Stripe's processing fees.`,
          "Stripe pays out to the expert's bank account on the schedule set in their Stripe account. Refunds and chargebacks on an expert's sales are taken back from that account.",
          "Experts are responsible for their own taxes. Stripe may issue tax forms (such as a 1099-K) where US law requires.",
          "The first 300 experts who partner with us pay a lower platform fee during their first year, as shown on the partner programme page.",
        ],
      }),
      section("Taxes", "Where sales tax applies to a purchase, it is shown at checkout before you pay."),
      section(
        "Payments are never wagers",
        `Money paid on ${appName} buys access to content. It is never a stake or a bet, never returned as winnings, and ${appName} never holds money for betting.`,
      ),
      section("Contact", `Questions about a charge or a payout: ${supportEmail}.`),
    ],
  };
}
