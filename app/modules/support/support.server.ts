/**
 * Support requests ("Request a call" on /contacts, `POST /api/support/requests`): validated,
 * rate-limited per caller and stored for the support team to work through.
 */
import type { Database } from "~/db/client.server";
import { supportRequests } from "~/db/schema";
import { AppError, fieldErrorsFromZod } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { supportRequestSchema, type SupportRequestInput } from "./support-schema";

export const SUPPORT_REQUEST_RATE_LIMIT = "support-request";

export interface SupportRequestOptions {
  /** The caller's address: the rate-limit subject, since visitors need no account to ask. */
  ip: string;
  userId?: string | null;
  rule: { limit: number; windowSeconds: number };
}

export async function createSupportRequest(
  db: Database,
  input: SupportRequestInput,
  { ip, userId, rule }: SupportRequestOptions,
): Promise<{ id: string }> {
  // Callers normally validated already; checked again so no path can store unchecked input.
  const parsed = supportRequestSchema.safeParse(input);
  if (!parsed.success) throw new AppError(422, defaultErrorMessage(422), fieldErrorsFromZod(parsed.error));
  // Counted only for valid requests: an invalid one stores nothing, and a typo should not use up a try.
  await enforceRateLimit(db, { name: SUPPORT_REQUEST_RATE_LIMIT, ...rule }, ip);
  const { name, phone, email, preferredTime, message } = parsed.data;
  const [row] = await db
    .insert(supportRequests)
    .values({
      kind: "Call",
      userId: userId ?? null,
      name,
      phone,
      email: email ?? null,
      preferredTime: preferredTime ?? null,
      message: message ?? null,
    })
    .returning({ id: supportRequests.id });
  return { id: row.id };
}
