import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { ConfirmDialogProvider } from "~/components/ui/confirm-dialog";
import { subscriptionPriceFormSchema } from "~/modules/payments/price-schema";
import Business, { DISCONNECTED, PAYMENTS_OFF, PRICE_SAVED } from "~/routes/business";

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
