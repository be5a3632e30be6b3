import { describe, expect, it } from "vitest";
import {
  canReadBody,
  isLive,
  subscriptionIsActive,
  type PostType,
  type SubscriptionStatus,
} from "~/modules/posts/paywall";

const NOW = new Date("2026-11-23T12:00:00Z");
const FUTURE = new Date("2026-12-23T12:00:00Z");
const PAST = new Date("2026-10-23T12:00:00Z");
const AUTHOR = "author-1";

type Sub = { status: SubscriptionStatus; currentPeriodEnd: Date | null } | null;
const viewers: { kind: string; viewerId: string | null; subscription: Sub; readsPick: boolean }[] = [
  { kind: "visitor", viewerId: null, subscription: null, readsPick: false },
  { kind: "plain user", viewerId: "user-1", subscription: null, readsPick: false },
  {
    kind: "subscriber (Activated)",
    viewerId: "user-2",
    subscription: { status: "Activated", currentPeriodEnd: FUTURE },
    readsPick: true,
  },
  {
    kind: "subscriber (PastDue)",
    viewerId: "user-3",
    subscription: { status: "PastDue", currentPeriodEnd: PAST },
    readsPick: true,
  },
  {
    kind: "subscriber canceled, period paid",
    viewerId: "user-4",
    subscription: { status: "Canceled", currentPeriodEnd: FUTURE },
    readsPick: true,
  },
  {
    kind: "subscriber canceled, period over",
    viewerId: "user-5",
    subscription: { status: "Canceled", currentPeriodEnd: PAST },
    readsPick: false,
  },
  {
    kind: "subscriber canceled, no period",
    viewerId: "user-6",
    subscription: { status: "Canceled", currentPeriodEnd: null },
    readsPick: false,
  },
  {
    kind: "subscriber expired",
    viewerId: "user-7",
    subscription: { status: "Expired", currentPeriodEnd: PAST },
    readsPick: false,
  },
  {
    kind: "subscriber pending",
    viewerId: "user-8",
    subscription: { status: "Pending", currentPeriodEnd: null },
    readsPick: false,
  },
  { kind: "author", viewerId: AUTHOR, subscription: null, readsPick: true },
  { kind: "other expert", viewerId: "expert-2", subscription: null, readsPick: false },
];
const postTypes: PostType[] = ["Post", "Pick"];

const states = [
  { state: "live", status: "Published" as const, publishDate: PAST },
  { state: "scheduled", status: "Published" as const, publishDate: FUTURE },
  { state: "draft", status: "Draft" as const, publishDate: null },
];

describe("canReadBody: viewer kind × post type × subscription state × post state", () => {
  for (const viewer of viewers) {
    for (const postType of postTypes) {
      for (const { state, status, publishDate } of states) {
        // Before it goes live only the author reads it; then Posts are free and Picks need an active subscription.
        const expected = viewer.viewerId === AUTHOR || (state === "live" && (postType === "Post" || viewer.readsPick));
        it(`${viewer.kind} ${expected ? "reads" : "does not read"} a ${state} ${postType}`, () => {
          const subscriptionActive = subscriptionIsActive(viewer.subscription, NOW);
          expect(
            canReadBody({
              viewerId: viewer.viewerId,
              post: { authorId: AUTHOR, postType, status, publishDate },
              subscriptionActive,
              now: NOW,
            }),
          ).toBe(expected);
        });
      }
    }
  }

  it("a visitor never reads a Pick, whatever is claimed about a subscription", () => {
    expect(
      canReadBody({
        viewerId: null,
        post: { authorId: AUTHOR, postType: "Pick", status: "Published", publishDate: PAST },
        subscriptionActive: true,
        now: NOW,
      }),
    ).toBe(false);
  });

  it("a post is live once published and its date has come", () => {
    expect(isLive({ status: "Published", publishDate: NOW }, NOW)).toBe(true);
    expect(isLive({ status: "Published", publishDate: FUTURE }, NOW)).toBe(false);
    expect(isLive({ status: "Draft", publishDate: null }, NOW)).toBe(false);
  });
});
