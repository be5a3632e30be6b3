import type { ActionFunctionArgs } from "@remix-run/node";
import { requireRoles } from "~/modules/accounts/gates.server";
import { cheerBodySchema } from "~/modules/cheers/cheer-schema";
import { sendCheer } from "~/modules/cheers/cheers.server";
import { actionResult } from "~/web/action-result.server";
import { AppError, fieldErrorsFromZod } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { readForm } from "~/web/form-input.server";
import { INVALID_TEXT, isStorableText } from "~/modules/http/storable";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";

/** A whole number of cents as the form sends it; anything else is no number (the schema's message). */
const centsOf = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : value === null ? undefined : NaN;

/**
 * The Send Cheers form (`amount` in cents, `message`) → `{ok, cheer, clientSecret}`, what
 * `POST /api/experts/{id}/cheers` does: clientSecret feeds the card form when payments are on.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireRoles(request, context, []);
  const form = await readForm(request);
  return actionResult(async () => {
    const message = form.get("message");
    if (message !== null && (typeof message !== "string" || !isStorableText(message)))
      throw new AppError(422, defaultErrorMessage(422), { message: [INVALID_TEXT] });
    const parsed = cheerBodySchema.safeParse({
      amount: centsOf(form.get("amount")),
      message: message ?? undefined,
    });
    if (!parsed.success) throw new AppError(422, defaultErrorMessage(422), fieldErrorsFromZod(parsed.error));
    await enforceRateLimit(context.db, { name: "cheer", ...context.env.RATE_LIMIT_CHEER }, viewer.user.id);
    return sendCheer(context, viewer.user, params.expertId ?? "", parsed.data);
  });
}

export function loader() {
  throw new Response("Not found", { status: 404 });
}
