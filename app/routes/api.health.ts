import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiError, apiPayload } from "~/web/api.server";
import { API_MESSAGES } from "~/modules/http/error-messages";
import { checkDatabase } from "~/web/health.server";

/** `GET /api/health`: 200 when the database answers, 503 when it does not. */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    await checkDatabase(context.db);
    return apiPayload({ status: "ok", database: "ok" });
  } catch (err) {
    context.log.warn({ err }, "health check: database unavailable");
    return apiError(503, { error: API_MESSAGES[503], headers: { "Retry-After": "5" } });
  }
}
