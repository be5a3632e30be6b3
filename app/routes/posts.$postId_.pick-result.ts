import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { gradePickCommand } from "~/modules/posts/commands.server";
import { pageCommand } from "~/web/commands.server";

/** The author grades their pick from any view of it (`pickResult=Win|Loss|Push|Void`) → `{ok, pickResult}`. */
export const action = (args: ActionFunctionArgs) =>
  pageCommand(args, gradePickCommand, {
    reply: (post, input) => ({ pickResult: post.pickResult ?? input.pickResult }),
  });

/** Back from signing in (the gate's callback): the post itself. */
export const loader = ({ params }: LoaderFunctionArgs) => redirect(`/posts/${encodeURIComponent(params.postId ?? "")}`);
