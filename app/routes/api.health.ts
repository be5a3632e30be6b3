import type { LoaderFunctionArgs } from "@remix-run/node";
import { pingDatabase } from "~/db/client.server";
import { apiError, apiPayload } from "~/modules/http/api.server";
import { API_MESSAGES } from "~/modules/http/error-messages";

const DATABASE_TIMEOUT_MS = 2_000;

/** `GET /api/health`: 200 when the database answers, 503 when it does not. */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    await Promise.race([
      pingDatabase(context.db),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("database did not answer in time")), DATABASE_TIMEOUT_MS).unref(),
      ),
    ]);
    return apiPayload({ status: "ok", database: "ok" });
  } catch (err) {
    context.log.warn({ err }, "health check: database unavailable");
    return apiError(503, { error: API_MESSAGES[503], headers: { "Retry-After": "5" } });
  }
}
