import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { notifyCommand } from "~/modules/posts/commands.server";
import { pageCommand } from "~/web/commands.server";

/** Notify-me on every view of a scheduled post (`notify=true|false`) → `{ok, isNotifyRequested}`. */
export const action = (args: ActionFunctionArgs) => pageCommand(args, notifyCommand);

/** Back from signing in (the gate's callback): the post itself. */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/posts/${encodeURIComponent(params.postId ?? "")}`);
