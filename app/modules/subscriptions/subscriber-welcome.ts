/** The welcome message's limits, for the server and the business page's form. */
import { z } from "zod";

export const WELCOME_MESSAGE_MAX = 2000;
export const WELCOME_TOO_LONG = `Maximum ${WELCOME_MESSAGE_MAX} characters allowed`;
export const WELCOME_SAVED = "Welcome message saved.";

/** The business page's form: conform leaves an emptied field out, which clears the message. */
export const welcomeFormSchema = z.object({
  message: z.string().max(WELCOME_MESSAGE_MAX, WELCOME_TOO_LONG).optional(),
});
