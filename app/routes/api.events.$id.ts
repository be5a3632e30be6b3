import type { LoaderFunctionArgs } from "@remix-run/node";
import { AppError } from "~/modules/http/app-error";
import { apiPayload, handleApi, methodNotAllowed } from "~/modules/http/api.server";
import { getEvent } from "~/modules/reference/reference.server";

/** `GET /api/events/{id}` → `{payload: Event}`; 404 for an unknown or malformed id. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const id = /^\d{1,9}$/.test(params.id ?? "") ? Number(params.id) : null;
    const event = id === null ? null : await getEvent(context.db, id);
    if (!event) throw new AppError(404);
    return apiPayload(event);
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
