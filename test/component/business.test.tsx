import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import { subscriptionPriceFormSchema } from "~/modules/payments/price-schema";
import Business, { DISCONNECTED, PAYMENTS_OFF, PRICE_SAVED } from "~/routes/business";
import { WELCOME_SAVED } from "~/modules/subscriptions/subscriber-welcome";

afterEach(() => vi.unstubAllGlobals());

const overview = {
  paymentAccount: "NotConnected" as string,
  subscriptionPrice: { price: 2999, description: "Every NBA side" },
  subscribersCount: 2,
  revenue: { thisMonth: { grossCents: 2499, netCents: 2249 }, allTime: { grossCents: 4498, netCents: 4048 } },
  monthLabel: "November 2026",
  recentSubscribers: [
    {
      id: "u1",
      userName: "taylor88",
      firstName: "Taylor",
      lastName: "Nguyen",
      avatar: "/avatars/taylor88.svg",
      since: "2026-11-20T10:00:00.000Z",
    },
  ],
  cheers: { items: [], totalPages: 0 },
  welcomeMessage: null as string | null,
  trialDays: 7,
  promoCodes: [
    {
      id: "c1",
      code: "NBA20",
      percentOff: 20,
      amountOff: null,
      duration: "once" as const,
      expiresAt: null,
      maxRedemptions: 50,
      timesRedeemed: 3,
      active: true,
      createdAt: "2026-11-20T12:00:00.000Z",
    },
  ],
  summary: {
    range: 30 as const,
    daily: [
      { date: "2026-11-28", subscribers: 10, mrrCents: 20000 },
      { date: "2026-11-29", subscribers: 11, mrrCents: 22999 },
      { date: "2026-11-30", subscribers: 12, mrrCents: 25998 },
    ],
    weekly: [{ weekStart: "2026-11-23", started: 3, cancelled: 1 }],
    churnRate: 0.125,
    cancelledLast30Days: 1,
    startedLast30Days: 3,
    monthlyRevenue: [
      { month: "2026-10", grossCents: 10000, netCents: 9000 },
      { month: "2026-11", grossCents: 30000, netCents: 27000 },
    ],
    posts: [
      {
        id: "p1",
        title: "Bucks at Celtics",
        postType: "Post" as const,
        publishDate: "2026-11-29T12:00:00.000Z",
        readerViews: 1234,
        visitorViews: 56,
        subscriptionsStarted: 2,
        likes: 7,
        comments: 3,
      },
    ],
    trials: { ended: 4, converted: 3 },
  },
  userName: "LeBronPicks",
  paymentsEnabled: true,
  platformFeePercent: 10,
};

type Answer = Record<string, unknown> | ((form: FormData) => Record<string, unknown>);

/**
 * The page's route action, stubbed: each post's fields are kept, and the answer is the one for
 * its intent (`{ok: true}` when none is given), as the real action answers a fetcher.
 */
function stubAction(answers: Record<string, Answer> = {}) {
  const calls: Record<string, string>[] = [];
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const form = await request.formData();
    const fields = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
    calls.push(fields);
    const answer = answers[fields.intent] ?? { ok: true };
    return typeof answer === "function" ? answer(form) : answer;
  });
  return { calls, action };
}

function renderBusiness(data: Partial<typeof overview> = {}, answers: Record<string, Answer> = {}) {
  const loader = vi.fn(() => ({ ...overview, ...data }));
  const { calls, action } = stubAction(answers);
  const Stub = createRemixStub([
    {
      path: "/business",
      Component: () => (
        <ConfirmDialogProvider>
          <Business />
          <Toaster />
        </ConfirmDialogProvider>
      ),
      loader,
      action,
    },
  ]);
  render(<Stub initialEntries={["/business"]} />);
  return { loader, calls };
}

describe("/business: figures and payment account", () => {
  it("shows subscribers, earnings after the fee, latest subscribers, and says when payments are off", async () => {
    renderBusiness({ paymentsEnabled: false });
    expect(await screen.findByText(PAYMENTS_OFF)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Connect" })).toBeNull();
    expect(screen.getByText("Earnings in November 2026")).toBeTruthy();
    expect(screen.getByText("$22.49")).toBeTruthy();
    expect(screen.getByText("$40.48")).toBeTruthy();
    expect(screen.getByText("Taylor Nguyen")).toBeTruthy();
    expect(screen.getByText("$29.99/month")).toBeTruthy();
  });

  it("connects: posts to the page's action and goes to the URL it answers", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { calls } = renderBusiness({}, { connect: { ok: true, url: "https://connect.stripe.test/setup" } });
    await userEvent.click(await screen.findByRole("button", { name: "Connect" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://connect.stripe.test/setup"));
    expect(calls).toEqual([{ intent: "connect" }]);
  });

  it("continues setup with the account URL and shows a refusal as a toast", async () => {
    renderBusiness(
      { paymentAccount: "OnboardingIncomplete" },
      { url: { ok: false, error: "Payments are not available yet.", statusCode: 422 } },
    );
    await userEvent.click(await screen.findByRole("button", { name: "Continue setup" }));
    expect(await screen.findByText("Payments are not available yet.")).toBeTruthy();
  });

  it("disconnects after the confirmation and reloads the page's data", async () => {
    const { loader, calls } = renderBusiness(
      { paymentAccount: "Ready" },
      { disconnect: { ok: true, disconnected: true, deletedAtProvider: false } },
    );
    expect(await screen.findByRole("button", { name: "Open dashboard" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Disconnect" }));
    const dialog = await screen.findByRole("alertdialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Disconnect" }));
    expect(await screen.findByText(DISCONNECTED)).toBeTruthy();
    expect(calls).toEqual([{ intent: "disconnect" }]);
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(1));
  });
});

describe("/business: the subscription price form (product.md 'Validation')", () => {
  it("validates on blur with the product's messages", async () => {
    const { calls } = renderBusiness();
    const price = await screen.findByLabelText(/Monthly price/);
    await userEvent.clear(price);
    await userEvent.type(price, "0.5");
    await userEvent.tab();
    expect(await screen.findByText("Price should be at least $1")).toBeTruthy();
    const description = screen.getByLabelText("What subscribers get");
    await userEvent.click(description);
    await userEvent.paste("x".repeat(121));
    await userEvent.tab();
    expect(await screen.findByText("Maximum 120 characters allowed")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Save price" }));
    expect(calls).toHaveLength(0);
  });

  it("posts the price, toasts, reloads the data and resets the form to the new price", async () => {
    const { loader, calls } = renderBusiness(
      { subscriptionPrice: null as never },
      { price: { intent: "price", ok: true, result: { status: "success" } } },
    );
    const price = (await screen.findByLabelText(/Monthly price/)) as HTMLInputElement;
    expect(price.value).toBe("");
    await userEvent.type(price, "24.99");
    // Sent trimmed: the form then shows the saved text, not what was typed.
    await userEvent.type(screen.getByLabelText("What subscribers get"), "Daily ");
    // The reloaded data carries the saved price.
    loader.mockImplementation(() => ({ ...overview, subscriptionPrice: { price: 2499, description: "Daily" } }));
    const save = screen.getByRole("button", { name: "Save price" });
    await userEvent.click(save);
    expect(await screen.findByText(PRICE_SAVED)).toBeTruthy();
    expect(calls[0]).toEqual({ intent: "price", price: "24.99", description: "Daily " });
    await waitFor(() => expect(loader.mock.calls.length).toBeGreaterThan(1));
    expect(await screen.findByText("$24.99/month")).toBeTruthy();
    expect((screen.getByLabelText(/Monthly price/) as HTMLInputElement).value).toBe("24.99");
    expect((screen.getByLabelText("What subscribers get") as HTMLInputElement).value).toBe("Daily");
    // The keyboard stays where it was.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Save price" })));
  });

  it("starts from the saved price and description, so changing the description keeps the price", async () => {
    const { calls } = renderBusiness({}, { price: { intent: "price", ok: true, result: { status: "success" } } });
    const price = (await screen.findByLabelText(/Monthly price/)) as HTMLInputElement;
    expect(price.value).toBe("29.99");
    const description = screen.getByLabelText("What subscribers get") as HTMLInputElement;
    expect(description.value).toBe("Every NBA side");
    await userEvent.type(description, " and prop");
    await userEvent.click(screen.getByRole("button", { name: "Save price" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ intent: "price", price: "29.99", description: "Every NBA side and prop" });
  });

  it("shows a whole-dollar price with its cents", async () => {
    renderBusiness({ subscriptionPrice: { price: 1500, description: null as never } });
    expect(((await screen.findByLabelText(/Monthly price/)) as HTMLInputElement).value).toBe("15.00");
    expect((screen.getByLabelText("What subscribers get") as HTMLInputElement).value).toBe("");
  });

  it("puts the server's field error on the field", async () => {
    renderBusiness(
      {},
      {
        // The page's reply: conform's, with the server's field error.
        price: (form) => ({
          intent: "price",
          ok: false,
          error: "Violation",
          result: parseWithZod(form, { schema: subscriptionPriceFormSchema }).reply({
            fieldErrors: { price: ["Price should be at most $100,000"] },
          }),
        }),
      },
    );
    const price = await screen.findByLabelText(/Monthly price/);
    await userEvent.clear(price);
    await userEvent.type(price, "50");
    await userEvent.click(screen.getByRole("button", { name: "Save price" }));
    expect(await screen.findByText("Price should be at most $100,000")).toBeTruthy();
    expect(await screen.findByText("Violation")).toBeTruthy();
  });
});

describe("/business: the business over time and the books", () => {
  it("draws each chart with its gist for screen readers and its numbers as a table", async () => {
    renderBusiness();
    expect(await screen.findByRole("heading", { name: "Your business over time" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "30 days" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("link", { name: "1 year" }).getAttribute("href")).toBe("/business?days=365");
    const headline = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent;
    expect(headline("New subscriptions, last 30 days")).toBe("3");
    expect(headline("Monthly recurring revenue")).toBe("$259.98");
    expect(headline("Churn, last 30 days")).toBe("13%");
    expect(
      screen.getByRole("img", { name: /^Active subscribers: 10 on Nov 28, 12 on Nov 30, highest 12$/ }),
    ).toBeTruthy();
    expect(
      screen.getByRole("img", { name: /^New and cancelled subscriptions per week: 3 new and 1 cancelled/ }),
    ).toBeTruthy();
    expect(
      screen.getByRole("img", { name: /^Revenue per month, after the platform fee: \$360 in 2 months/ }),
    ).toBeTruthy();
    const revenue = screen.getByRole("img", { name: /^Revenue per month/ }).closest("figure")!;
    await userEvent.click(within(revenue).getByText("Show as a table"));
    expect(within(revenue).getByRole("row", { name: "Nov 2026 $270" })).toBeTruthy();
    const post = screen.getByRole("row", { name: /Bucks at Celtics/ });
    expect(within(post).getByText("1,234 / 56")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Subscribers (CSV)" }).getAttribute("href")).toBe(
      "/api/business/export/subscribers",
    );
    expect(screen.getByRole("link", { name: "Payments (CSV)" }).hasAttribute("download")).toBe(true);
  });
});

describe("/business: the welcome message", () => {
  it("starts from the saved message, refuses one too long, and posts the new one", async () => {
    const { calls } = renderBusiness(
      { welcomeMessage: "Hello there" },
      { welcome: { intent: "welcome", ok: true, result: { status: "success" } } },
    );
    const field = (await screen.findByLabelText("Welcome message")) as HTMLTextAreaElement;
    expect(field.value).toBe("Hello there");
    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste("x".repeat(2001));
    await userEvent.tab();
    expect(await screen.findByText("Maximum 2000 characters allowed")).toBeTruthy();
    await userEvent.clear(field);
    await userEvent.type(field, "Picks by 5 pm ET.");
    await userEvent.click(screen.getByRole("button", { name: "Save welcome message" }));
    expect(await screen.findByText(WELCOME_SAVED)).toBeTruthy();
    expect(calls).toEqual([{ intent: "welcome", message: "Picks by 5 pm ET." }]);
  });
});
