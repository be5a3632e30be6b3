/**
 * Send Cheers on the expert page (decision 024): who sees what, the presets and the typed amount,
 * the dialog's validation (the shared schema's messages), the post to the Cheers action with
 * cents, the toast and the dialog closing; the server's refusal on the form. Also the Cheer
 * notification's line and link, and the Cheers list on /business. The route actions and loaders
 * are stubbed; Stripe.js never loads in jsdom.
 */
import { createRemixStub } from "../support/remix-stub";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { Toaster } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CheersReceived, NO_CHEERS } from "~/components/cheers/cheers-received";
import { CARD_UNAVAILABLE, cheersSent, PAYMENTS_OFF_NOTE } from "~/components/cheers/cheers-texts";
import { SendCheers } from "~/components/cheers/send-cheers";
import { notificationHref, notificationText } from "~/components/notifications/notification-content";
import type { NotificationDTO } from "~/components/notifications/notification-types";
import { CHEER_MESSAGES } from "~/modules/cheers/cheer-schema";
import { paymentAmount } from "~/components/payments/payment-history";

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

const expert = { id: "00000000-0000-4000-8000-0000000000e1", userName: "LeBronPicks" };
const ENDPOINT = `/experts/${expert.id}/cheers`;

type Answer = Record<string, unknown>;
type Call = { url: string; method: string; body: Record<string, string> };
type Handler = (method: string, path: string) => Answer | undefined;

const sent = (amount: number, message: string | null = null, clientSecret: string | null = null): Answer => ({
  ok: true,
  cheer: {
    id: "tip-1",
    expertId: expert.id,
    amount,
    platformFee: Math.round(amount / 10),
    message,
    status: "Succeeded",
    isFree: true,
  },
  clientSecret,
});

/**
 * The page around the element, with the route actions and loaders it calls stubbed (the Cheers
 * action, the lists' loader): `answer` gives each call's answer; what was sent is kept.
 */
function renderPage(element: ReactNode, answer: Handler = () => undefined) {
  const calls: Call[] = [];
  const handle = async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const body =
      request.method === "GET"
        ? Object.fromEntries(url.searchParams)
        : Object.fromEntries([...(await request.formData()).entries()].map(([k, v]) => [k, String(v)]));
    calls.push({ url: url.pathname, method: request.method, body });
    return answer(request.method, url.pathname) ?? { ok: true };
  };
  const Stub = createRemixStub([
    { path: "/experts/:userName", Component: () => <>{element}</> },
    { path: "/experts/:expertId/cheers", action: handle },
    { path: "/lists/:list", loader: handle },
  ]);
  render(
    <>
      <Stub initialEntries={[`/experts/${expert.userName}`]} />
      <Toaster />
    </>,
  );
  return calls;
}

const renderCheers = (props: Partial<Parameters<typeof SendCheers>[0]> = {}, answer?: Handler) =>
  renderPage(
    <SendCheers expert={expert} signedIn canCheer paymentsEnabled={false} publishableKey={null} {...props} />,
    answer,
  );

async function openDialog() {
  await userEvent.click(await screen.findByRole("button", { name: "Send Cheers" }));
  return screen.findByRole("dialog", { name: `Send Cheers to ${expert.userName}` });
}

describe("Send Cheers", () => {
  it("sends a visitor to sign in and back to the expert's page", async () => {
    renderCheers({ signedIn: false });
    const link = await screen.findByRole("link", { name: "Send Cheers" });
    expect(link.getAttribute("href")).toBe(`/sign-in?callbackUrl=${encodeURIComponent(`/experts/${expert.userName}`)}`);
  });

  it("tells a reader who neither follows nor subscribes to do so first, with no form", async () => {
    const calls = renderCheers({ canCheer: false });
    const dialog = await openDialog();
    expect(within(dialog).getByRole("alert").textContent).toBe("Follow or subscribe to send Cheers.");
    expect(within(dialog).queryByRole("radio")).toBeNull();
    expect(calls).toEqual([]);
  });

  it("offers $2, $5, $10 and $20 ($5 chosen), a typed amount instead, and sends cents with the message; then a toast and the dialog closes", async () => {
    const calls = renderCheers({}, (method, path) =>
      method === "POST" && path === ENDPOINT ? sent(750, "Great call!") : undefined,
    );
    const dialog = await openDialog();
    const presets = within(dialog).getAllByRole("radio");
    expect(presets.map((radio) => radio.closest("label")?.textContent)).toEqual(["$2", "$5", "$10", "$20"]);
    expect((within(dialog).getByRole("radio", { name: "$5" }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole("button", { name: "Send $5.00" })).toBeTruthy();
    expect(within(dialog).getByText(PAYMENTS_OFF_NOTE)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole("radio", { name: "$20" }));
    expect(within(dialog).getByRole("button", { name: "Send $20.00" })).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(/another amount/), "7.5");
    expect(presets.some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    await userEvent.type(within(dialog).getByLabelText("Message (optional)"), "Great call!");
    expect(within(dialog).getByText("11/280")).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send $7.50" }));

    expect(await screen.findByText(cheersSent(expert.userName, 750))).toBeTruthy();
    expect(cheersSent(expert.userName, 750)).toBe("Cheers sent to LeBronPicks: $7.50.");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls).toEqual([{ url: ENDPOINT, method: "POST", body: { amount: "750", message: "Great call!" } }]);
  });

  it("a preset sends its amount with no message; choosing a preset clears a typed amount", async () => {
    const calls = renderCheers({}, (method, path) => (method === "POST" && path === ENDPOINT ? sent(1000) : undefined));
    const dialog = await openDialog();
    const custom = within(dialog).getByLabelText(/another amount/) as HTMLInputElement;
    await userEvent.type(custom, "42");
    await userEvent.click(within(dialog).getByRole("radio", { name: "$10" }));
    expect(custom.value).toBe("");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send $10.00" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls[0].body).toEqual({ amount: "1000", message: "" });
  });

  it("checks the amount ($1 to $500, cents) and the message (280 characters) before posting", async () => {
    const calls = renderCheers();
    const dialog = await openDialog();
    const custom = within(dialog).getByLabelText(/another amount/);
    const amountError = () => dialog.querySelector("#cheer-amount-error")?.textContent;
    const submit = () => userEvent.click(within(dialog).getByRole("button", { name: /^Send/ }));

    await userEvent.type(custom, "0.5");
    await submit();
    expect(amountError()).toBe(CHEER_MESSAGES.amountMin);
    expect(custom.getAttribute("aria-invalid")).toBe("true");

    await userEvent.clear(custom);
    await userEvent.type(custom, "500.01");
    await submit();
    expect(amountError()).toBe("Cheers should be at most $500");

    await userEvent.clear(custom);
    await userEvent.type(custom, "2.555");
    await submit();
    expect(amountError()).toBe(CHEER_MESSAGES.amountDecimals);

    await userEvent.clear(custom);
    await submit();
    expect(amountError()).toBe(CHEER_MESSAGES.amountRequired);

    await userEvent.click(within(dialog).getByRole("radio", { name: "$2" }));
    expect(amountError()).toBe("");
    const message = within(dialog).getByLabelText("Message (optional)");
    await userEvent.click(message);
    await userEvent.paste("x".repeat(281));
    await submit();
    expect(dialog.querySelector("#cheer-message-error")?.textContent).toBe("Maximum 280 characters allowed");
    expect(within(dialog).getByText("281/280")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal on the form and in a toast, and keeps the dialog open", async () => {
    renderCheers({}, () => ({ ok: false, error: "Follow or subscribe to send Cheers.", statusCode: 403 }));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send $5.00" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe("Follow or subscribe to send Cheers."),
    );
    expect(await screen.findAllByText("Follow or subscribe to send Cheers.")).toHaveLength(2);
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("puts the server's field errors on their fields", async () => {
    renderCheers({}, () => ({
      ok: false,
      error: "Violation of business rules/data integrity took place.",
      errors: { amount: ["Cheers should be at most $500"] },
      statusCode: 422,
    }));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send $5.00" }));
    await waitFor(() =>
      expect(dialog.querySelector("#cheer-amount-error")?.textContent).toBe("Cheers should be at most $500"),
    );
  });

  it("with Stripe, goes on to the card step with the answer's clientSecret (here without a key: says card payments are unavailable)", async () => {
    const calls = renderCheers({ paymentsEnabled: true, publishableKey: null }, (method, path) =>
      method === "POST" && path === ENDPOINT ? sent(500, null, "pi_1_secret_2") : undefined,
    );
    const dialog = await openDialog();
    expect(within(dialog).queryByText(PAYMENTS_OFF_NOTE)).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Send $5.00" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(CARD_UNAVAILABLE);
    expect(calls).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole("button", { name: "Try again" }));
    expect(within(dialog).getByRole("radio", { name: "$5" })).toBeTruthy();
  });
});

describe("Cheer notifications", () => {
  const cheerNotification = (cheerInfo: NotificationDTO["data"]["cheerInfo"]): NotificationDTO => ({
    id: "n1",
    dataType: "Cheer",
    isRead: false,
    createdOn: "2026-11-20T10:00:00.000Z",
    data: {
      postInfo: null,
      commentInfo: null,
      expertInfo: { id: "u1", userName: "sam_fan", firstName: "Sam", avatar: null, roles: ["User"] },
      eventInfo: null,
      cheerInfo,
    },
  });

  it("reads '{name} sent you Cheers: $5.00 — “message”' and leads to the business page's Cheers", () => {
    expect(notificationText(cheerNotification({ amount: 500, message: "Great call!" }))).toBe(
      "Sam sent you Cheers: $5.00 — “Great call!”",
    );
    expect(notificationText(cheerNotification({ amount: 1250, message: null }))).toBe("Sam sent you Cheers: $12.50");
    expect(notificationText(cheerNotification(null))).toBe("Sam sent you Cheers");
    expect(notificationText({ ...cheerNotification({ amount: 200, message: null }), dataType: "cheer" })).toBe(
      "Sam sent you Cheers: $2.00",
    );
    expect(notificationHref(cheerNotification(null))).toBe("/business#cheers");
  });
});

describe("Cheers on /business", () => {
  const from = {
    id: "u1",
    userName: "taylor88",
    firstName: "Taylor",
    lastName: "Nguyen",
    avatar: "/avatars/taylor88.svg",
  };
  const item = (id: string, amount: number, message: string | null) => ({
    id,
    expertId: expert.id,
    amount,
    platformFee: amount / 10,
    currency: "usd",
    message,
    status: "Succeeded" as const,
    isFree: false,
    createdAt: "2026-11-20T10:00:00.000Z",
    from,
  });

  it("lists who, how much, the message and the date, and loads more pages", async () => {
    const calls = renderPage(
      <CheersReceived initialItems={[item("c1", 500, "Great call!"), item("c2", 2000, null)]} totalPages={2} />,
      (_method, path) =>
        path === "/lists/cheers" ? { ok: true, items: [item("c3", 200, null)], page: 2, totalPages: 2 } : undefined,
    );
    const list = await screen.findByRole("list", { name: "Cheers received" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getAllByText("Taylor Nguyen")).toHaveLength(2);
    expect(within(list).getByText("$5.00")).toBeTruthy();
    expect(within(list).getByText("“Great call!”")).toBeTruthy();
    expect(within(list).getAllByText("Nov 20, 2026")[0].tagName).toBe("TIME");

    await userEvent.click(screen.getByRole("button", { name: "Show more Cheers" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(3));
    expect(calls[0]).toMatchObject({ url: "/lists/cheers", method: "GET" });
    expect(screen.queryByRole("button", { name: "Show more Cheers" })).toBeNull();
  });

  it("says when there are none", async () => {
    renderPage(<CheersReceived initialItems={[]} totalPages={0} />);
    expect(await screen.findByText(NO_CHEERS)).toBeTruthy();
  });

  it("the payer's /payments shows a tip recorded while payments were off as not charged", () => {
    expect(paymentAmount(500, true)).toBe("$5.00 (not charged)");
    expect(paymentAmount(500)).toBe("$5.00");
    expect(paymentAmount(0, true)).toBe("$0.00 (free)");
  });
});
