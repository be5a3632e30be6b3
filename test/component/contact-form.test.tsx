import { createRemixStub } from "@remix-run/testing";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import Contacts from "~/routes/contacts";

vi.mock("sonner", async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  toast: { success: vi.fn() },
}));

type StubAction = (args: { request: Request }) => Promise<unknown>;

/** The contacts page in a Remix router whose action stands in for the server's answer. */
function renderContacts(
  action: StubAction,
  loaderData = { supportEmail: "support@sharpside.app", messengerUrl: null as string | null },
) {
  const Stub = createRemixStub([{ path: "/contacts", Component: Contacts, loader: () => loaderData, action }]);
  return render(<Stub initialEntries={["/contacts"]} />);
}

const fieldError = (label: string) => {
  const input = screen.getByLabelText(label, { exact: false });
  const ids = (input.getAttribute("aria-describedby") ?? "").split(" ");
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .find((text) => text && !text.includes("digits") && !text.startsWith("Optional"));
};

beforeEach(() => vi.mocked(toast.success).mockClear());

describe("Request a call form", () => {
  it("validates in the browser: required fields, then fixes as the user types, without calling the server", async () => {
    const action = vi.fn<StubAction>();
    renderContacts(action);
    await userEvent.click(await screen.findByRole("button", { name: "Request a call" }));

    const name = screen.getByLabelText("Name", { exact: false });
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(fieldError("Name")).toBe("Required");
    expect(fieldError("Phone")).toBe("Required");
    expect(screen.getByLabelText("E-mail", { exact: false }).getAttribute("aria-invalid")).toBeNull();
    expect(action).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText("Phone", { exact: false }), "12ab");
    expect(fieldError("Phone")).toBe("Enter a valid phone number");
    await userEvent.type(name, "Dana");
    expect(name.getAttribute("aria-invalid")).toBeNull();
  });

  it("is a real form with native validation off", async () => {
    renderContacts(vi.fn<StubAction>());
    const form = (await screen.findByRole("button", { name: "Request a call" })).closest("form")!;
    expect(form.noValidate).toBe(true);
    expect(form.method).toBe("post");
  });

  it("shows a single server error centred on the form root", async () => {
    renderContacts(async () => ({
      result: {
        status: "error",
        initialValue: { name: "Dana", phone: "5550102030" },
        error: { "": ["Too many requests. Try again later."] },
      },
      confirmation: null,
    }));
    await userEvent.type(await screen.findByLabelText("Name", { exact: false }), "Dana");
    await userEvent.type(screen.getByLabelText("Phone", { exact: false }), "5550102030");
    await userEvent.click(screen.getByRole("button", { name: "Request a call" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Too many requests. Try again later.");
    expect(alert.className).toContain("text-center");
    expect(alert.className).toContain("text-danger");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("on success sends the fields, clears the form, confirms inline and with a toast", async () => {
    let sent: Record<string, FormDataEntryValue> = {};
    renderContacts(async ({ request }) => {
      sent = Object.fromEntries(await request.formData());
      return {
        result: { status: "success", initialValue: null },
        confirmation: { name: "Dana Reyes", preferredTime: "Evening" },
      };
    });
    await userEvent.type(await screen.findByLabelText("Name", { exact: false }), "Dana Reyes");
    await userEvent.type(screen.getByLabelText("Phone", { exact: false }), "+1 (555) 010-2030");
    screen.getByRole("combobox", { name: "Preferred time" }).focus();
    await userEvent.keyboard("{ArrowDown}");
    await userEvent.click(await screen.findByRole("option", { name: "Evening" }));
    await userEvent.click(screen.getByRole("button", { name: "Request a call" }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(sent).toMatchObject({
      name: "Dana Reyes",
      phone: "+1 (555) 010-2030",
      preferredTime: "Evening",
      email: "",
      message: "",
    });
    expect(screen.getByRole("status").textContent).toContain("Thanks, Dana Reyes");
    await waitFor(() => expect((screen.getByLabelText("Name", { exact: false }) as HTMLInputElement).value).toBe(""));
  });

  it("opens the configured messenger in a new tab, otherwise falls back to e-mail", async () => {
    const { unmount } = renderContacts(vi.fn<StubAction>(), {
      supportEmail: "help@example.com",
      messengerUrl: "https://m.me/example",
    });
    const chat = await screen.findByRole("link", { name: /Start live chat/ });
    expect(chat.getAttribute("href")).toBe("https://m.me/example");
    expect(chat.getAttribute("target")).toBe("_blank");
    unmount();
    renderContacts(vi.fn<StubAction>(), { supportEmail: "help@example.com", messengerUrl: null });
    const fallback = await screen.findByRole("link", { name: "Live chat by e-mail" });
    expect(fallback.getAttribute("href")).toMatch(/^mailto:help@example\.com\?subject=/);
  });
});
