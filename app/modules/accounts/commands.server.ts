/**
 * A signed-in user's own account (app/modules/command.server.ts): the settings page's password
 * form and `/api/reset_password` both run this.
 */
import { defineCommand } from "~/modules/command.server";
import { changePasswordSchema } from "./account-schemas";
import { changePassword } from "./auth.server";

/** The current password, then the new one twice; the user's other sessions end → `{changed: true}`. */
export const changePasswordCommand = defineCommand({
  who: "signed-in",
  input: changePasswordSchema,
  run: async ({ context, viewer, input }) => {
    await changePassword(context, viewer, input);
    return { changed: true as const };
  },
});
