import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi } from "~/web/api.server";

/** `GET /api/user/me` → `{payload: {user}}`; 401 when signed out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    return apiPayload({ user: viewer.user });
  }, context.log);
}
