import type { ActionFunctionArgs } from "@remix-run/node";
import { signUpAction } from "~/web/account-api.server";
import { methodNotAllowed } from "~/web/api.server";

/** `POST /api/users/expert_flow {user}`: sign up through the Expert flow; 201 and signed in. */
export const action = (args: ActionFunctionArgs) => signUpAction(args, "Expert");
export const loader = () => methodNotAllowed(["POST"]);
