import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";
import { idParam, pageQuery } from "~/modules/http/search-params";
import { isStorableTime } from "~/modules/http/storable";
import { listEvents } from "~/modules/reference/reference.server";

const isoDate = z
  .string()
  // Years 1 to 9999: "0000-01-01" parses in JavaScript, PostgreSQL refuses it (a 500 otherwise).
  .refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && isStorableTime(Date.parse(value)), "Must be an ISO-8601 date")
  .transform((value) => new Date(value));

export const eventListQuerySchema = z.object({
  ...pageQuery,
  categoryId: idParam.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});

/**
 * `GET /api/events?categoryId=&from=&to=&page=&size=` → `{items: Event[], meta}`, soonest first.
 * Without from/to: the games that started at most 6 hours ago and later (what a pick can be on).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = readQuery(request, eventListQuerySchema);
    const { items, totalItems } = await listEvents(context.db, query);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
