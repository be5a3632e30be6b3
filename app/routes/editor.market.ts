import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRoles } from "~/modules/accounts/gates.server";
import { jsonResult } from "~/web/action-result.server";
import { AppError } from "~/modules/http/app-error";
import { pathId } from "~/modules/http/search-params";
import { eventMarket } from "~/modules/record/event-market.server";

/** The post editor's market for a leg (experts): `?eventId=` → `{ok, market}`, as `GET /api/events/{id}/market`. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRoles(request, context, ["Expert"]);
  const id = pathId(new URL(request.url).searchParams.get("eventId") ?? undefined);
  return jsonResult(async () => {
    const market = id === null ? null : await eventMarket(context.db, id);
    if (!market) throw new AppError(404);
    return { market };
  });
}
