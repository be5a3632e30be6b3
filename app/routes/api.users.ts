import type { ActionFunctionArgs } from "@remix-run/node";
import { signUpAction } from "~/modules/accounts/api-handlers.server";
import { methodNotAllowed } from "~/modules/http/api.server";

/** `POST /api/users {user}`: sign up through the User flow; 201 and signed in. */
export const action = (args: ActionFunctionArgs) => signUpAction(args, "User");
export const loader = () => methodNotAllowed(["POST"]);
