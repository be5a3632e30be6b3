/**
 * The two Stripe card forms around their shared pieces (stripe-card-form.tsx): what each asks the
 * API on load, where each goes when there is nothing to pay or once the webhook has been heard,
 * and the failure panels with the server's text. The network is stubbed at `fetch`; Stripe.js
 * itself never loads in jsdom, so the card step is exercised in the browser tests.
 */
import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MembershipCheckout } from "~/components/payments/membership-checkout";
import {
  PAYMENTS_UNAVAILABLE,
  SubscriptionCheckout,
  subscribedToast,
} from "~/components/payments/subscription-checkout";
import { PAYMENT_FAILED } from "~/components/payments/stripe-card-form";

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

type Answer = { status: number; body: unknown };

function stubApi(answer: (method: string, path: string) => Answer | undefined) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? "GET";
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = answer(method, url.split("?")[0]) ?? { status: 200, body: {} };
      return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    }),
  );
  return calls;
}

const expert = { id: "00000000-0000-4000-8000-000000000001", userName: "Sharp1" };
const PATH = `/subscription-payment/${expert.userName}`;

function renderIn(path: string, element: ReactNode) {
  // Stripe's return parameters are read from the browser's address, as after a bank's page.
  window.history.replaceState(null, "", path);
  const Stub = createRemixStub([
    {
      path: "/subscription-payment/:userName",
      Component: () => <>{element}</>,
    },
    { path: "/experts/:userName", Component: () => <p>Expert page</p> },
  ]);
  // The toasts live in the layout, outside the page: they outlast a navigation.
  render(
    <>
      <Stub initialEntries={[path]} />
      <Toaster />
    </>,
  );
}

const activeList = {
  status: 200,
  body: {
    items: [{ id: "sub-1", status: "Activated", isActive: true, expert }],
    meta: { page: 1, size: 100, totalItems: 1, totalPages: 1 },
  },
};

describe("SubscriptionCheckout", () => {
  it("subscribes on load, and with nothing to pay waits for the subscription, then opens the expert's page", async () => {
    const calls = stubApi((method, path) => {
      if (method === "POST" && path === "/api/subscriptions")
        return { status: 200, body: { payload: { subscription: { status: "Activated" }, clientSecret: null } } };
      if (path === "/api/user/subscriptions") return activeList;
    });
    renderIn(PATH, <SubscriptionCheckout publishableKey="pk_test" expert={expert} price="$29" />);
    expect(await screen.findByText("Expert page")).toBeTruthy();
    expect(await screen.findByText(subscribedToast("Sharp1"))).toBeTruthy();
    expect(calls[0]).toEqual({ url: "/api/subscriptions", method: "POST", body: { expertId: expert.id } });
    expect(calls[1]).toMatchObject({ url: "/api/user/subscriptions?status=Activated&size=100", method: "GET" });
  });

  it("shows the server's text and a retry when subscribing is refused", async () => {
    stubApi(() => ({ status: 422, body: { error: "This expert cannot take subscriptions yet.", statusCode: 422 } }));
    renderIn(PATH, <SubscriptionCheckout publishableKey="pk_test" expert={expert} price="$29" />);
    expect((await screen.findByRole("alert")).textContent).toBe("This expert cannot take subscriptions yet.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("says so when there is a secret but no publishable key", async () => {
    stubApi(() => ({
      status: 200,
      body: { payload: { subscription: { status: "Pending" }, clientSecret: "pi_1_secret_2" } },
    }));
    renderIn(PATH, <SubscriptionCheckout publishableKey={null} expert={expert} price="$29" />);
    expect((await screen.findByRole("alert")).textContent).toBe(PAYMENTS_UNAVAILABLE);
  });

  it("back from the bank's page, only waits for the webhook (no second subscribe)", async () => {
    const calls = stubApi((_method, path) => (path === "/api/user/subscriptions" ? activeList : undefined));
    renderIn(
      `${PATH}?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded`,
      <SubscriptionCheckout publishableKey="pk_test" expert={expert} price="$29" />,
    );
    expect(await screen.findByText("Expert page")).toBeTruthy();
    expect(calls.map((call) => `${call.method} ${call.url.split("?")[0]}`)).toEqual(["GET /api/user/subscriptions"]);
  });

  it("back from the bank's page with a refusal, says so", async () => {
    const calls = stubApi(() => undefined);
    renderIn(
      `${PATH}?payment_intent=pi_1&redirect_status=failed`,
      <SubscriptionCheckout publishableKey="pk_test" expert={expert} price="$29" />,
    );
    expect((await screen.findByRole("alert")).textContent).toBe(PAYMENT_FAILED);
    expect(calls).toEqual([]);
  });
});

describe("MembershipCheckout (unchanged behaviour)", () => {
  it("requests a checkout and goes to /congratulations when the payment is skipped", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, search: "" });
    const calls = stubApi(() => ({ status: 200, body: { payload: { skipExpertPayment: true, clientSecret: null } } }));
    renderIn(PATH, <MembershipCheckout publishableKey="pk_test" price="$49" />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/congratulations"));
    expect(calls).toEqual([{ url: "/api/paymentsystems/stripe/checkout", method: "POST", body: undefined }]);
  });

  it("shows the server's text and a retry when the checkout fails", async () => {
    stubApi(() => ({ status: 409, body: { error: "You are already an expert.", statusCode: 409 } }));
    renderIn(PATH, <MembershipCheckout publishableKey="pk_test" price="$49" />);
    expect((await screen.findByRole("alert")).textContent).toBe("You are already an expert.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
