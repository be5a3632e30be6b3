/**
 * `/payments` and `/watchlist` in the browser: each button calls the right API (the network is
 * stubbed at `fetch`, nothing of ours is), shows the server's text when it fails, and reloads the
 * page's data afterwards.
 */
import { createRemixStub } from "../support/remix-stub";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TimeZoneProvider } from "~/components/time/time-zone";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import type { PaymentDTO } from "~/modules/payments/payment-history.server";
import type { SubscriptionDTO } from "~/modules/subscriptions/subscriptions.server";
import Payments from "~/routes/payments";
import Watchlist from "~/routes/watchlist";

afterEach(() => vi.unstubAllGlobals());

type Answer = { status: number; body: unknown };
type Call = { url: string; path: string; method: string; body: unknown };

/** The browser's fetch: `answers` keyed "METHOD /path" (or "/path" for any method); what was sent is kept. */
function stubApi(answers: Record<string, Answer> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      const path = url.split("?")[0];
      calls.push({ url, path, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[`${method} ${path}`] ?? answers[path] ?? { status: 200, body: {} };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "Content-Type": "application/json" },
      });
    }),
  );
  return calls;
}

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.UTC(2030, 0, 15) + days * DAY).toISOString();

const expert = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  userName: `Sharp${n}`,
  firstName: "Jordan",
  lastName: `Lee${n}`,
  avatar: `/avatars/Sharp${n}.svg`,
});

function subscription(
  n: number,
  status: SubscriptionDTO["status"],
  extra: Partial<SubscriptionDTO> = {},
): SubscriptionDTO {
  return {
    id: `sub-${n}`,
    status,
    isActive: status === "Activated" || status === "PastDue" || status === "Canceled",
    price: 2900,
    isFree: false,
    currentPeriodEnd: inDays(0),
    cancelAtPeriodEnd: status === "Canceled",
    trialEndsAt: null,
    createdAt: inDays(-30),
    expert: expert(n),
    ...extra,
  };
}

const payment = (n: number, amount: number, extra: Partial<PaymentDTO> = {}): PaymentDTO => ({
  id: `pay-${n}`,
  kind: "Subscription",
  status: "Succeeded",
  amount,
  currency: "usd",
  isFree: false,
  createdAt: inDays(-n),
  expert: expert(1),
  ...extra,
});

/** A stub of one of the routes the page's components load from or submit to. */
type StubRoute = {
  path: string;
  loader?: (args: { request: Request; params: Record<string, string | undefined> }) => unknown;
  action?: (args: { request: Request; params: Record<string, string | undefined> }) => unknown;
};

function renderRoute(path: string, Page: ComponentType, data: Record<string, unknown>, routes: StubRoute[] = []) {
  const loader = vi.fn(() => data);
  const Stub = createRemixStub([
    {
      path,
      Component: () => (
        <TimeZoneProvider timeZone="UTC">
          <ConfirmDialogProvider>
            <Page />
            <Toaster />
          </ConfirmDialogProvider>
        </TimeZoneProvider>
      ),
      loader,
    },
    { path: "/subscription-payment/:userName", Component: () => <p>Card form page</p> },
    // Stub answers are whatever the real route answers: typed loosely here.
    ...(routes as unknown as Parameters<typeof createRemixStub>[0]),
  ]);
  render(<Stub initialEntries={[path]} />);
  return { loader };
}

/**
 * The subscription buttons' action route (app/routes/experts.$expertId.subscription.ts): what it
 * was sent ("<expertId> intent=…"), and its answer.
 */
function subscriptionRoute(answer: object) {
  const calls: string[] = [];
  const route: StubRoute = {
    path: "/experts/:expertId/subscription",
    action: async ({ request, params }) => {
      const form = new URLSearchParams((await request.formData()) as unknown as Record<string, string>);
      calls.push(`${params.expertId} ${form}`);
      return answer;
    },
  };
  return { calls, route };
}

const paymentsData = (extra: Record<string, unknown> = {}) => ({
  current: [subscription(1, "Activated")],
  past: [],
  payments: [payment(1, 0)],
  paymentsTotalPages: 1,
  paymentsEnabled: false,
  ...extra,
});

describe("/payments: active subscriptions", () => {
  it("shows each status's line and price per month", async () => {
    stubApi();
    renderRoute(
      "/payments",
      Payments,
      paymentsData({
        current: [
          subscription(1, "Activated"),
          subscription(2, "Canceled", { currentPeriodEnd: inDays(3) }),
          subscription(3, "PastDue"),
          subscription(4, "Pending", { isActive: false, currentPeriodEnd: null }),
        ],
        paymentsEnabled: true,
      }),
    );
    expect(await screen.findByText("Renews on Jan 15, 2030")).toBeTruthy();
    expect(screen.getByText("Ends on Jan 18, 2030")).toBeTruthy();
    expect(screen.getByText("Payment overdue")).toBeTruthy();
    expect(screen.getByText("Awaiting payment")).toBeTruthy();
    expect(screen.getAllByText("$29/month")).toHaveLength(4);
    expect(screen.getByRole("link", { name: "Complete payment for Jordan Lee4" }).getAttribute("href")).toBe(
      "/subscription-payment/Sharp4",
    );
    expect(screen.getByRole("button", { name: "Resume your subscription to Jordan Lee2" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Cancel your subscription/ })).toHaveLength(2);
    expect(screen.getByRole("link", { name: "payments terms" }).getAttribute("href")).toBe("/payments-terms");
  });

  it("cancels after the confirmation through the subscription action, a toast, fresh data", async () => {
    const action = subscriptionRoute({
      ok: true,
      subscription: subscription(1, "Canceled", { currentPeriodEnd: inDays(0) }),
    });
    const { loader } = renderRoute("/payments", Payments, paymentsData(), [action.route]);
    await userEvent.click(await screen.findByRole("button", { name: "Cancel your subscription to Jordan Lee1" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(
      within(dialog).getByText("You keep reading Jordan Lee1's picks until Jan 15, 2030.", { exact: false }),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel subscription" }));
    const cancelled = await screen.findByText(
      "Your subscription to Jordan Lee1 is cancelled. It ends on Jan 15, 2030.",
    );
    // A warning toast: the access ends.
    expect(cancelled.closest("[data-sonner-toast]")?.getAttribute("data-type")).toBe("warning");
    expect(action.calls).toEqual([`${expert(1).id} intent=cancel`]);
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(1));
  });

  it("does nothing when the confirmation is dismissed", async () => {
    const action = subscriptionRoute({ ok: true });
    renderRoute("/payments", Payments, paymentsData(), [action.route]);
    await userEvent.click(await screen.findByRole("button", { name: "Cancel your subscription to Jordan Lee1" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Keep it" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(action.calls).toEqual([]);
  });

  it("resumes a cancelled one through the subscription action (intent=subscribe)", async () => {
    const action = subscriptionRoute({
      ok: true,
      subscription: subscription(2, "Activated", { currentPeriodEnd: inDays(3) }),
      clientSecret: null,
    });
    const { loader } = renderRoute(
      "/payments",
      Payments,
      paymentsData({ current: [subscription(2, "Canceled", { currentPeriodEnd: inDays(3) })] }),
      [action.route],
    );
    await userEvent.click(await screen.findByRole("button", { name: "Resume your subscription to Jordan Lee2" }));
    expect(
      await screen.findByText("Your subscription to Jordan Lee2 is back on. It renews on Jan 18, 2030."),
    ).toBeTruthy();
    expect(action.calls).toEqual([`${expert(2).id} intent=subscribe`]);
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(1));
  });

  it("shows the server's text when a call is refused", async () => {
    const action = subscriptionRoute({
      ok: false,
      error: "This expert cannot take subscriptions yet.",
      statusCode: 422,
    });
    const { loader } = renderRoute("/payments", Payments, paymentsData({ current: [subscription(2, "Canceled")] }), [
      action.route,
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Resume your subscription to Jordan Lee2" }));
    expect(await screen.findByText("This expert cannot take subscriptions yet.")).toBeTruthy();
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(1));
  });
});

describe("/payments: past subscriptions", () => {
  it("subscribes again for free: the subscription action, a toast, fresh data", async () => {
    const action = subscriptionRoute({ ok: true, subscription: subscription(5, "Activated"), clientSecret: null });
    const { loader } = renderRoute(
      "/payments",
      Payments,
      paymentsData({ current: [], past: [subscription(5, "Expired", { isActive: false })] }),
      [action.route],
    );
    expect(await screen.findByText("Ended on Jan 15, 2030")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Subscribe again to Jordan Lee5" }));
    expect(await screen.findByText("You are subscribed to Jordan Lee5 again.")).toBeTruthy();
    expect(action.calls).toEqual([`${expert(5).id} intent=subscribe`]);
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(1));
  });

  it("goes to the card form when the answer carries a clientSecret", async () => {
    const action = subscriptionRoute({
      ok: true,
      subscription: subscription(5, "Pending"),
      clientSecret: "pi_1_secret_2",
    });
    renderRoute(
      "/payments",
      Payments,
      paymentsData({ current: [], past: [subscription(5, "Expired", { isActive: false })], paymentsEnabled: true }),
      [action.route],
    );
    await userEvent.click(await screen.findByRole("button", { name: "Subscribe again to Jordan Lee5" }));
    expect(await screen.findByText("Card form page")).toBeTruthy();
  });
});

describe("/payments: payment history", () => {
  it("shows amounts in USD, a free one as $0.00 (free), and pages with Show more", async () => {
    stubApi();
    const urls: string[] = [];
    // The list loader (app/routes/lists.$list.ts) serves the next page.
    const lists: StubRoute = {
      path: "/lists/:list",
      loader: ({ request }) => {
        const url = new URL(request.url);
        urls.push(`${url.pathname}${url.search}`);
        return { ok: true, items: [payment(3, 1500, { status: "Refunded" })], page: 2, totalPages: 2 };
      },
    };
    renderRoute(
      "/payments",
      Payments,
      paymentsData({
        payments: [payment(1, 0), payment(2, 2999, { kind: "Membership", expert: null })],
        paymentsTotalPages: 2,
      }),
      [lists],
    );
    const table = await screen.findByRole("table", { name: "Payment history, newest first" });
    expect(within(table).getByText("$0.00 (free)")).toBeTruthy();
    expect(within(table).getByText("$29.99")).toBeTruthy();
    expect(within(table).getAllByText("Expert membership").length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await within(table).findByText("$15.00")).toBeTruthy();
    expect(within(table).getAllByText("Refunded").length).toBeGreaterThan(0);
    expect(urls).toEqual(["/lists/payments?page=2&size=10"]);
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
  });
});

describe("/watchlist", () => {
  const watchlistData = () => ({
    experts: [expert(1), expert(2)],
    expertsTotalPages: 1,
    posts: [],
    page: 1,
    totalPages: 0,
  });

  /** The Follow button's action route (app/routes/experts.$expertId.follow.ts): what it was sent, and its answer. */
  function followRoute(answer: unknown) {
    const calls: string[] = [];
    const route: StubRoute = {
      path: "/experts/:expertId/follow",
      action: async ({ request, params }) => {
        const form = new URLSearchParams((await request.formData()) as unknown as Record<string, string>);
        calls.push(`${params.expertId} ${form}`);
        return answer;
      },
    };
    return { calls, route };
  }

  it("unfollows through the follow action, then reloads the data", async () => {
    stubApi();
    const follow = followRoute({ ok: true, isFollowed: false });
    const { loader } = renderRoute("/watchlist", Watchlist, watchlistData(), [follow.route]);
    expect((await screen.findByRole("link", { name: "Sharp1" })).getAttribute("href")).toBe("/experts/Sharp1");
    await userEvent.click(screen.getByRole("button", { name: "Unfollow Sharp1" }));
    expect(await screen.findByText("You no longer follow Sharp1.")).toBeTruthy();
    expect(follow.calls).toEqual([`${expert(1).id} intent=unfollow`]);
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(1));
    // The loader here still answers the old list; the row is gone all the same.
    expect(screen.queryByRole("button", { name: "Unfollow Sharp1" })).toBeNull();
    expect(screen.getByRole("button", { name: "Unfollow Sharp2" })).toBeTruthy();
  });

  it("shows the server's text when unfollowing fails", async () => {
    stubApi();
    const follow = followRoute({ ok: false, error: "Please confirm your e-mail address first.", statusCode: 403 });
    renderRoute("/watchlist", Watchlist, watchlistData(), [follow.route]);
    await userEvent.click(await screen.findByRole("button", { name: "Unfollow Sharp2" }));
    expect(await screen.findByText("Please confirm your e-mail address first.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unfollow Sharp2" })).toBeTruthy();
  });

  it("points to /discover-experts when nothing is on it", async () => {
    stubApi();
    renderRoute("/watchlist", Watchlist, { experts: [], expertsTotalPages: 0, posts: [], page: 1, totalPages: 0 });
    expect(await screen.findByText("You are not following anyone yet")).toBeTruthy();
    expect(screen.getByText("No posts on your watchlist yet")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Discover experts" }).map((link) => link.getAttribute("href"))).toEqual([
      "/discover-experts",
      "/discover-experts",
    ]);
  });
});
