import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiViewer } from "~/modules/accounts/gates.server";
import { apiPayload, handleApi, methodNotAllowed } from "~/web/api.server";
import { newPostCounters } from "~/modules/subscriptions/new-posts.server";

/** `GET /api/subscriptions/counters/new-posts` → `{payload: {items: [{expertId, count}], total}}`. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const viewer = await requireApiViewer(request, context);
    return apiPayload(await newPostCounters(context.db, viewer.user.id));
  }, context.log);
}

export const action = () => methodNotAllowed(["GET"]);
