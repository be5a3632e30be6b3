import type { ActionFunctionArgs } from "@remix-run/node";
import { sendCheerCommand } from "~/modules/cheers/commands.server";
import { parseInput } from "~/modules/command.server";
import { pageCommand } from "~/web/commands.server";

/** A whole number of cents as the form sends it; anything else is no number (the schema's message). */
const centsOf = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value === null ? undefined : NaN;

/** The Send Cheers form (`amount` in cents, `message`) → `{ok, cheer, clientSecret}`. */
export const action = (args: ActionFunctionArgs) =>
  pageCommand(args, sendCheerCommand, {
    input: (form, schema) =>
      parseInput(schema, { amount: centsOf(form.get("amount")), message: form.get("message") ?? undefined }),
  });

export function loader() {
  throw new Response("Not found", { status: 404 });
}
