/**
 * Cheers, a tip to an expert (app/modules/command.server.ts): the Send Cheers dialog and
 * `/api/experts/{id}/cheers` both run this.
 */
import { defineCommand } from "~/modules/command.server";
import { cheerBodySchema } from "./cheer-schema";
import { sendCheer } from "./cheers.server";

/**
 * `amount` in cents and an optional `message` to the route's expert → `{cheer, clientSecret}`:
 * clientSecret is null when payments are off (the tip is recorded at once) and feeds the card form otherwise.
 */
export const sendCheerCommand = defineCommand({
  who: "confirmed",
  input: cheerBodySchema,
  rateLimit: (env) => ({ name: "cheer", ...env.RATE_LIMIT_CHEER }),
  run: ({ context, viewer, params, input }) => sendCheer(context, viewer.user, params.expertId ?? "", input),
});
