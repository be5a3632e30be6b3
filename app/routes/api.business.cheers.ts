import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiRoles } from "~/modules/accounts/gates.server";
import { cheersQuerySchema } from "~/modules/cheers/cheer-schema";
import { listCheers } from "~/modules/cheers/cheers.server";
import { apiList, handleApi, methodNotAllowed, pageMeta, readQuery } from "~/web/api.server";

/** `GET /api/business/cheers?page&size` (experts): the Cheers they received, newest first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiRoles(request, context, ["Expert"]);
    const query = readQuery(request, cheersQuerySchema);
    const { items, totalItems } = await listCheers(context.db, viewer.user.id, query);
    return apiList(items, pageMeta(query.page, query.size, totalItems));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
