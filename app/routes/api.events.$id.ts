import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { AppError } from "~/modules/http/app-error";
import { pathId } from "~/modules/http/search-params";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody } from "~/web/api.server";
import { rescheduleEvent } from "~/modules/record/results.server";
import { rescheduleSchema } from "~/modules/record/results-schema";
import { getEvent } from "~/modules/reference/reference.server";

/** `GET /api/events/{id}` → `{payload: Event}`; 404 for an unknown or malformed id. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const id = pathId(params.id);
    const event = id === null ? null : await getEvent(context.db, id);
    if (!event) throw new AppError(404);
    return apiPayload(event);
  }, context.log);
}

/**
 * `PATCH /api/events/{id} {startsAt}` (admins): the game's new start, while its start is still
 * ahead (a game moved, or one that began early); the record's guard refuses moving a start that
 * has passed. Picks lock at the new start.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  return handleApi(async () => {
    if (request.method !== "PATCH") return methodNotAllowed(["GET", "PATCH"]);
    await requireApiRoles(request, context, ["Admin"]);
    const id = pathId(params.id);
    if (id === null) throw new AppError(404);
    const { startsAt } = await readJsonBody(request, rescheduleSchema);
    return apiPayload(await rescheduleEvent(context.db, id, startsAt));
  }, context.log);
}
