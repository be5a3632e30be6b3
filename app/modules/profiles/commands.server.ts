/**
 * A user's own profile (app/modules/command.server.ts): the settings page's forms and
 * `/api/user/profile`, `/api/user/profile/username` both run these.
 */
import { defineCommand } from "~/modules/command.server";
import { profileInputSchema, userNameBodySchema } from "./profile-schema";
import { changeUserName, updateProfile } from "./profiles.server";

/** Name, photos, location, birthday, time zone and (experts) the about text → the profile. */
export const updateProfileCommand = defineCommand({
  who: "confirmed",
  input: profileInputSchema,
  run: ({ context, viewer, input }) => updateProfile(context.db, viewer.user, input),
});

/** A new user name, if no one else holds it → `{userName}`. */
export const changeUserNameCommand = defineCommand({
  who: "confirmed",
  input: userNameBodySchema,
  run: async ({ context, viewer, input }) => ({
    userName: await changeUserName(context.db, viewer.user.id, input.userName),
  }),
});
