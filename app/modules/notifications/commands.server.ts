/**
 * The reader's own notifications (app/modules/command.server.ts): the bell's panel and
 * `/api/notifications/see-notifications/mark-read` both run this.
 */
import { defineCommand } from "~/modules/command.server";
import { markReadQuerySchema } from "./notification-search-params";
import { markRead } from "./notifications.server";

/** Everything that came until `tillDate` marked read → `{newNotificationsCount}` (what is still unread). */
export const markReadCommand = defineCommand({
  who: "signed-in",
  input: markReadQuerySchema,
  run: async ({ context, viewer, input }) => ({
    newNotificationsCount: await markRead(context.db, viewer.user.id, input.tillDate),
  }),
});
