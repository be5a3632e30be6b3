import type { Env } from "~/config/env.server";
import { POLICY_TITLES, policyDocument, type PolicyDocument, type PolicyKind } from "./policies";

export interface PolicyPageData {
  title: string;
  /** A third-party policy host's page; when set it replaces our own text (product.md "What it is"). */
  embedUrl: string | null;
  document: PolicyDocument | null;
}

const EMBED_SETTING = {
  privacy: "PRIVACY_EMBED_URL",
  terms: "TERMS_EMBED_URL",
  "payments-terms": "PAYMENTS_TERMS_EMBED_URL",
} as const satisfies Record<PolicyKind, keyof Env>;

/** What the three policy routes show: the configured embed, otherwise our own text. */
export function policyPageData(kind: PolicyKind, env: Env): PolicyPageData {
  const embedUrl = env[EMBED_SETTING[kind]] ?? null;
  return {
    title: POLICY_TITLES[kind],
    embedUrl,
    // Our own text is only sent when it is shown.
    document: embedUrl
      ? null
      : policyDocument(kind, {
          appName: env.APP_NAME,
          supportEmail: env.SUPPORT_EMAIL,
          helpline: env.HELPLINE,
          platformFeePercent: env.PLATFORM_FEE_PERCENT,
          membershipPriceCents: env.MEMBERSHIP_PRICE_CENTS,
        }),
  };
}
