import type { ActionFunctionArgs } from "@remix-run/node";
import { signUpAction } from "~/web/account-api.server";
import { methodNotAllowed } from "~/web/api.server";

/** `POST /api/users {user}`: sign up through the User flow; 201 and signed in. */
export const action = (args: ActionFunctionArgs) => signUpAction(args, "User");
export const loader = () => methodNotAllowed(["POST"]);
