import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";

/** Chooses `option` in a select box as a keyboard user on a large screen does. */
export async function chooseInSelectBox(box: HTMLElement, option: string): Promise<void> {
  box.focus();
  await userEvent.keyboard("{ArrowDown}");
  await userEvent.click(within(await screen.findByRole("listbox")).getByRole("option", { name: option }));
}

/** The value the form around `control` sends under `name`. */
export function sentValue(control: HTMLElement, name: string): FormDataEntryValue | null {
  return new FormData(control.closest("form")!).get(name);
}

/** The labels of a select box's options, read from its open list (closed again after). */
export async function optionsOf(box: HTMLElement): Promise<string[]> {
  box.focus();
  await userEvent.keyboard("{ArrowDown}");
  const labels = within(await screen.findByRole("listbox"))
    .getAllByRole("option")
    .map((option) => option.textContent ?? "");
  await userEvent.keyboard("{Escape}");
  return labels;
}
