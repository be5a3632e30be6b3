import type { ActionFunctionArgs } from "@remix-run/node";
import { followCommand, unfollowCommand } from "~/modules/follows/commands.server";
import { byIntent, pageCommand } from "~/web/commands.server";

/** The Follow button of every page (an expert's card, page and column): `intent=follow` or `unfollow` → `{ok, isFollowed}`. */
export const action = (args: ActionFunctionArgs) =>
  byIntent(args.request, {
    follow: (form) => pageCommand(args, followCommand, { form }),
    unfollow: (form) => pageCommand(args, unfollowCommand, { form }),
  });

export function loader() {
  throw new Response("Not found", { status: 404 });
}
