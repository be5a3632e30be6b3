import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FULL_SCREEN_LIST, SelectBox, type SelectOption } from "~/components/ui/select-box";

const TIMES: SelectOption[] = [
  { value: "", label: "Any time" },
  { value: "Morning", label: "Morning" },
  { value: "Afternoon", label: "Afternoon" },
  { value: "Evening", label: "Evening" },
];

/** A form with the box under its label, and what the form would send. */
function renderForm(props: Partial<Parameters<typeof SelectBox>[0]> = {}) {
  const onInput = vi.fn();
  render(
    <form aria-label="Call" onInput={onInput}>
      <label htmlFor="time">Preferred time</label>
      <SelectBox id="time" name="preferredTime" label="Preferred time" options={TIMES} {...props} />
    </form>,
  );
  const sent = () => new FormData(screen.getByRole("form", { name: "Call" }) as HTMLFormElement).get("preferredTime");
  return { box: screen.getByRole("combobox", { name: "Preferred time" }), sent, onInput };
}

/** The page as a phone (below 640 px) or a large screen reports itself. */
function screenIs(kind: "phone" | "large") {
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: kind === "phone" && query === FULL_SCREEN_LIST,
        media: query,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
      }) as unknown as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("the select box", () => {
  it("is a native select with the same name, options and choice in the server's HTML", () => {
    const html = renderToString(
      <SelectBox id="time" name="preferredTime" label="Preferred time" options={TIMES} defaultValue="Evening" />,
    );
    const page = document.createElement("div");
    page.innerHTML = html;
    const native = page.querySelector("select")!;
    expect(native.name).toBe("preferredTime");
    expect([...native.options].map((option) => option.text)).toEqual(["Any time", "Morning", "Afternoon", "Evening"]);
    expect(native.value).toBe("Evening");
  });

  it("on a phone opens a full-screen list: Cancel changes nothing, a tap chooses and the form sends it", async () => {
    screenIs("phone");
    const user = userEvent.setup();
    const { box, sent, onInput } = renderForm({ defaultValue: "Morning" });
    expect(box.textContent).toBe("Morning");
    expect(sent()).toBe("Morning");

    await user.click(box);
    const list = await screen.findByRole("dialog", { name: "Preferred time" });
    // The reader starts on the current choice.
    expect(within(list).getByRole("button", { name: "Morning" })).toHaveProperty("ariaCurrent", "true");
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Morning" }));
    await user.click(within(list).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent()).toBe("Morning");
    expect(onInput).not.toHaveBeenCalled();

    await user.click(box);
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Evening" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(box.textContent).toBe("Evening");
    expect(sent()).toBe("Evening");
    // The form hears the change, as from a native control.
    expect(onInput).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it("on a phone Escape leaves the list unchanged, and the keyboard opens it", async () => {
    screenIs("phone");
    const user = userEvent.setup();
    const { box, sent } = renderForm();
    box.focus();
    await user.keyboard("{Enter}");
    const list = await screen.findByRole("dialog", { name: "Preferred time" });
    expect(document.activeElement).toBe(within(list).getByRole("button", { name: "Any time" }));
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent()).toBe("");
  });

  it("on a large screen opens the list under the box and the keyboard chooses an option, an empty value included", async () => {
    screenIs("large");
    const user = userEvent.setup();
    const { box, sent } = renderForm({ defaultValue: "Afternoon" });
    box.focus();
    await user.keyboard("{ArrowDown}");
    const listbox = await screen.findByRole("listbox");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Any time", "Morning", "Afternoon", "Evening"]);
    await user.click(within(listbox).getByRole("option", { name: "Any time" }));
    await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
    expect(box.textContent).toBe("Any time");
    expect(sent()).toBe("");
  });

  it("carries the field's state: invalid, described by its error, secondary look", () => {
    screenIs("large");
    const { box } = renderForm({ "aria-invalid": true, "aria-describedby": "time-error", variant: "secondary" });
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(box.getAttribute("aria-describedby")).toBe("time-error");
    expect(box.className).toContain("bg-slate-100");
  });
});
