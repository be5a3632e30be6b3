import type { ActionFunctionArgs } from "@remix-run/node";
import { requireRoles } from "~/modules/accounts/gates.server";
import { actionResult } from "~/web/action-result.server";
import { AppError } from "~/modules/http/app-error";
import { readForm } from "~/web/form-input.server";
import { follow, unfollow } from "~/modules/follows/follows.server";

/**
 * The Follow button of every page (an expert's card, page and column): `intent=follow` or
 * `unfollow` → `{ok, isFollowed}`, what `/api/experts/{id}/follow` does for the JSON API.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const viewer = await requireRoles(request, context, []);
  const intent = (await readForm(request)).get("intent");
  const expertId = params.expertId ?? "";
  return actionResult<{ isFollowed: boolean }>(() => {
    if (intent === "follow") return follow(context.db, viewer.user.id, expertId);
    if (intent === "unfollow") return unfollow(context.db, viewer.user.id, expertId);
    throw new AppError(400);
  });
}

export function loader() {
  throw new Response("Not found", { status: 404 });
}
