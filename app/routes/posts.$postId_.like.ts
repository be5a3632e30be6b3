import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { likeCommand } from "~/modules/posts/commands.server";
import { pageCommand } from "~/web/commands.server";

/** The Like button on every view of a post (`liked=true|false`) → `{ok, liked, likesCount}`. */
export const action = (args: ActionFunctionArgs) => pageCommand(args, likeCommand);

/** Back from signing in (the gate's callback): the post itself. */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/posts/${encodeURIComponent(params.postId ?? "")}`);
