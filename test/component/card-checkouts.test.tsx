/**
 * The two Stripe card forms around their shared pieces (stripe-card-form.tsx): what each asks the
 * API on load, where each goes when there is nothing to pay or once the webhook has been heard,
 * and the failure panels with the server's text. The route actions and loaders they call are
 * stubbed; Stripe.js itself never loads in jsdom, so the card step is exercised in the browser tests.
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

type Answer = Record<string, unknown>;
type Handler = (method: string, path: string) => Answer | undefined;
type StubArgs = { request: Request };

const expert = { id: "00000000-0000-4000-8000-000000000001", userName: "Sharp1" };
const PATH = `/subscription-payment/${expert.userName}`;
const EXPERT_PAGE = `/experts/${expert.userName}`;

/**
 * The route actions and loaders the card forms call (app/routes/experts.$expertId.subscription.ts,
 * app/routes/membership-checkout.ts), stubbed: `answer` gives each call's answer (`{ok: true}`
 * when it gives none); what was asked is kept, "METHOD /path?query".
 */
function renderIn(path: string, element: ReactNode, answer: Handler = () => undefined) {
  const calls: string[] = [];
  const handle = ({ request }: StubArgs) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    return answer(request.method, url.pathname) ?? { ok: true };
  };
  // Stripe's return parameters are read from the browser's address, as after a bank's page.
  window.history.replaceState(null, "", path);
  const Stub = createRemixStub([
    {
      path: "/subscription-payment/:userName",
      Component: () => <>{element}</>,
    },
    { path: "/experts/:userName", Component: () => <p>Expert page</p> },
    { path: "/posts/:postId", Component: () => <p>The pick subscribed from</p> },
    { path: "/experts/:expertId/subscription", action: handle, loader: handle },
    { path: "/membership-checkout", action: handle, loader: handle },
  ]);
  // The toasts live in the layout, outside the page: they outlast a navigation.
  render(
    <>
      <Stub initialEntries={[path]} />
      <Toaster />
    </>,
  );
  return calls;
}

const SUBSCRIPTION = `/experts/${expert.id}/subscription`;
const active = { ok: true, active: true };

describe("SubscriptionCheckout", () => {
  it("subscribes on load, and with nothing to pay waits for the subscription, then opens the page subscribed from", async () => {
    const calls = renderIn(
      PATH,
      <SubscriptionCheckout
        publishableKey="pk_test"
        expert={expert}
        firstCharge="$29"
        trial={false}
        code={null}
        next="/posts/p1"
      />,
      (method) =>
        method === "POST" ? { ok: true, subscription: { status: "Activated" }, clientSecret: null } : active,
    );
    expect(await screen.findByText("The pick subscribed from")).toBeTruthy();
    expect(await screen.findByText(subscribedToast("Sharp1"))).toBeTruthy();
    expect(calls.slice(0, 2)).toEqual([`POST ${SUBSCRIPTION}`, `GET ${SUBSCRIPTION}`]);
  });

  it("shows the server's text and a retry when subscribing is refused", async () => {
    renderIn(
      PATH,
      <SubscriptionCheckout
        publishableKey="pk_test"
        expert={expert}
        firstCharge="$29"
        trial={false}
        code={null}
        next={EXPERT_PAGE}
      />,
      () => ({
        ok: false,
        error: "This expert cannot take subscriptions yet.",
        statusCode: 422,
      }),
    );
    expect((await screen.findByRole("alert")).textContent).toBe("This expert cannot take subscriptions yet.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("says so when there is a secret but no publishable key", async () => {
    renderIn(
      PATH,
      <SubscriptionCheckout
        publishableKey={null}
        expert={expert}
        firstCharge="$29"
        trial={false}
        code={null}
        next={EXPERT_PAGE}
      />,
      () => ({
        ok: true,
        subscription: { status: "Pending" },
        clientSecret: "pi_1_secret_2",
      }),
    );
    expect((await screen.findByRole("alert")).textContent).toBe(PAYMENTS_UNAVAILABLE);
  });

  it("back from the bank's page, only waits for the webhook (no second subscribe)", async () => {
    const calls = renderIn(
      `${PATH}?payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_2&redirect_status=succeeded`,
      <SubscriptionCheckout
        publishableKey="pk_test"
        expert={expert}
        firstCharge="$29"
        trial={false}
        code={null}
        next={EXPERT_PAGE}
      />,
      () => active,
    );
    expect(await screen.findByText("Expert page")).toBeTruthy();
    expect(calls).toEqual([`GET ${SUBSCRIPTION}`]);
  });

  it("back from the bank's page with a refusal, says so", async () => {
    const calls = renderIn(
      `${PATH}?payment_intent=pi_1&redirect_status=failed`,
      <SubscriptionCheckout
        publishableKey="pk_test"
        expert={expert}
        firstCharge="$29"
        trial={false}
        code={null}
        next={EXPERT_PAGE}
      />,
    );
    expect((await screen.findByRole("alert")).textContent).toBe(PAYMENT_FAILED);
    expect(calls).toEqual([]);
  });
});

describe("MembershipCheckout (unchanged behaviour)", () => {
  it("requests a checkout and goes to /congratulations when the payment is skipped", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, search: "" });
    const calls = renderIn(PATH, <MembershipCheckout publishableKey="pk_test" price="$49" />, () => ({
      ok: true,
      skipExpertPayment: true,
      clientSecret: null,
    }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/congratulations"));
    expect(calls).toEqual(["POST /membership-checkout"]);
  });

  it("shows the server's text and a retry when the checkout fails", async () => {
    renderIn(PATH, <MembershipCheckout publishableKey="pk_test" price="$49" />, () => ({
      ok: false,
      error: "You are already an expert.",
      statusCode: 409,
    }));
    expect((await screen.findByRole("alert")).textContent).toBe("You are already an expert.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
