import type { ActionFunctionArgs } from "@remix-run/node";
import { markReadCommand } from "~/modules/notifications/commands.server";
import { methodNotAllowed } from "~/web/api.server";
import { apiCommand, byMethod } from "~/web/commands.server";

/** `PUT /api/notifications/see-notifications/mark-read?tillDate=`: read up to that date; answers the unread count left. */
export const action = (args: ActionFunctionArgs) =>
  byMethod(args.request, { PUT: () => apiCommand(args, markReadCommand, { input: "query" }) });

export const loader = () => methodNotAllowed(["PUT"]);
