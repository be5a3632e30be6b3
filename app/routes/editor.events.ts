import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoles } from "~/modules/accounts/gates.server";
import { jsonResult } from "~/web/action-result.server";
import { AppError } from "~/modules/http/app-error";
import { pathId } from "~/modules/http/search-params";
import { getEvent, listEvents } from "~/modules/reference/reference.server";

/** A sport's games in the editor's list, at most this many (`GET /api/events?size=100`). */
const EVENTS_SIZE = 100;

/**
 * The post editor's games (experts): `?categoryId=` → `{ok, items}`, the sport's games a pick can
 * be on, as `GET /api/events` lists them; `?id=` → `{ok, event}`, one game (a parlay's later leg).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRoles(request, context, ["Expert"]);
  const search = new URL(request.url).searchParams;
  return jsonResult(async () => {
    if (search.has("id")) {
      const id = pathId(search.get("id") ?? undefined);
      const event = id === null ? null : await getEvent(context.db, id);
      if (!event) throw new AppError(404);
      return { event };
    }
    const categoryId = pathId(search.get("categoryId") ?? undefined);
    if (categoryId === null) throw new AppError(400);
    const { items } = await listEvents(context.db, { categoryId, page: 1, size: EVENTS_SIZE });
    return { items };
  });
}
