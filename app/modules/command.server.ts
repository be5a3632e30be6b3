/**
 * A command is one change of data, written once in its domain's module: who may run it, the input
 * it takes (a zod schema, usually an object: the fields a page form and a JSON body both name), the rate limit that
 * holds it, and what it does and answers. The page action and the /api route only adapt it to
 * their transport (app/web/commands.server.ts): where the input arrives, how answers and errors
 * go back. docs/architecture.md lists the commands.
 */
import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import type { Env } from "~/config/env.server";
import type { Viewer } from "./accounts/sessions.server";
import { AppError, fieldErrorsFromZod } from "./http/app-error";
import { defaultErrorMessage } from "./http/error-messages";
import { INVALID_TEXT, isStorableText } from "./http/storable";
import { enforceRateLimit, type RateLimitRule } from "./rate-limit/rate-limit.server";

/** Who may run it: anyone signed in, one whose e-mail is confirmed, an expert or an admin (confirmed too). */
export type CommandWho = "signed-in" | "confirmed" | "expert" | "admin";

/** What a command runs with: the viewer's gate has passed. */
export interface CommandTarget {
  context: AppLoadContext;
  viewer: Viewer;
  /** The route's parameters: the post, comment or expert the command acts on. */
  params: Partial<Record<string, string>>;
}

export interface Command<Input extends z.ZodTypeAny, Answer> {
  who: CommandWho;
  input: Input;
  /**
   * Checks the target before any input is read, so a post the viewer may not touch answers its
   * 404 or 403 whatever was sent (nothing about it leaks through field errors).
   */
  allows?: (target: CommandTarget) => Promise<unknown>;
  /** Counted per user, after the input passed its checks (a mistake costs no attempt). */
  rateLimit?: (env: Env) => RateLimitRule;
  run: (target: CommandTarget & { input: z.output<Input> }) => Promise<Answer>;
}

/** Declares a command (the identity: it only gives the types their names). */
export const defineCommand = <Input extends z.ZodTypeAny, Answer>(command: Command<Input, Answer>) => command;

/** A yes or no: a form sends "true" or "false", the JSON API a boolean (or its method says which). */
export const flagField = z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]);

/** The input of a command that takes none besides its route's parameters. */
export const noInput = z.object({});

/**
 * Runs a command whose gate has passed: its target check, its input (read by `readInput`, which
 * validates it), its rate limit, then the command itself.
 */
export async function runCommand<Input extends z.ZodTypeAny, Answer>(
  command: Command<Input, Answer>,
  target: CommandTarget,
  readInput: (schema: Input) => Promise<z.output<Input>> | z.output<Input>,
): Promise<Answer> {
  if (command.allows) await command.allows(target);
  const input = await readInput(command.input);
  if (command.rateLimit)
    await enforceRateLimit(target.context.db, command.rateLimit(target.context.env), target.viewer.user.id);
  return command.run({ ...target, input });
}

/**
 * Checks values the adapter assembled itself (a method's flag, a route parameter, a form's fields
 * renamed) against a command's input: 422 with field errors, as a body's or form's would answer.
 */
export function parseInput<Input extends z.ZodTypeAny>(
  schema: Input,
  values: Record<string, unknown>,
): z.output<Input> {
  const unstorable = Object.entries(values)
    .filter(([, value]) => typeof value === "string" && !isStorableText(value))
    .map(([name]) => [name, [INVALID_TEXT]]);
  if (unstorable.length > 0) throw new AppError(422, defaultErrorMessage(422), Object.fromEntries(unstorable));
  const parsed = schema.safeParse(values);
  if (!parsed.success) throw new AppError(422, defaultErrorMessage(422), fieldErrorsFromZod(parsed.error));
  return parsed.data;
}
