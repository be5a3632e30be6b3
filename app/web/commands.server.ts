/**
 * The two doors of a command (app/modules/command.server.ts). A page action (`pageCommand`):
 * the page's gate (a visitor is sent to sign in), the input from the posted form, the answer as
 * `{ok, ...answer}` or the failure a fetcher shows. An /api route (`apiCommand`): the API's gate
 * (401, 403), the input from the JSON body or the query, the answer as `{payload}`, failures in
 * the API's error shape. The command itself (checks, rate limit, work) runs the same behind both.
 */
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireApiRoles, requireApiViewer, requireRoles, requireViewer } from "~/modules/accounts/gates.server";
import type { Viewer } from "~/modules/accounts/sessions.server";
import { parseInput, runCommand, type Command, type CommandWho } from "~/modules/command.server";
import { AppError } from "~/modules/http/app-error";
import { defaultErrorMessage } from "~/modules/http/error-messages";
import { actionResult, jsonResult } from "./action-result.server";
import { apiPayload, handleApi, methodNotAllowed, readJsonBody, readQuery } from "./api.server";
import { formFields } from "./form-fields.server";
import { parseForm, readForm } from "./form-input.server";
import { appErrorReply } from "./form-reply.server";

type Gate = (request: Request, context: ActionFunctionArgs["context"]) => Promise<Viewer>;

const PAGE_GATES: Record<CommandWho, Gate> = {
  "signed-in": requireViewer,
  confirmed: (request, context) => requireRoles(request, context, []),
  expert: (request, context) => requireRoles(request, context, ["Expert"]),
  admin: (request, context) => requireRoles(request, context, ["Admin"]),
};

const API_GATES: Record<CommandWho, Gate> = {
  "signed-in": requireApiViewer,
  confirmed: (request, context) => requireApiRoles(request, context, []),
  expert: (request, context) => requireApiRoles(request, context, ["Expert"]),
  admin: (request, context) => requireApiRoles(request, context, ["Admin"]),
};

/** Reads a command's input and checks it against the command's schema. */
type InputReader<Input extends z.ZodTypeAny, Source> = (
  source: Source,
  schema: Input,
) => Promise<z.output<Input>> | z.output<Input>;

/** Input the adapter assembles itself (a route parameter, the method's flag), checked as a body is; no body is read. */
interface Given {
  given: Record<string, unknown>;
}
export const given = (values: Record<string, unknown>): Given => ({ given: values });
const isGiven = (input: unknown): input is Given => typeof input === "object" && input !== null && "given" in input;

/** The form's fields an object schema names; a command taking anything else names its own reader. */
function formInput<Input extends z.ZodTypeAny>(form: FormData, schema: Input): z.output<Input> {
  if (!(schema instanceof z.ZodObject)) throw new Error("This command's page action needs an input reader.");
  return formFields(form, schema);
}

interface PageOptions<Input extends z.ZodTypeAny, Answer, Reply extends object> {
  /** The form, when the route has read it already (to pick the command by its intent). */
  form?: FormData;
  /** By default the form's fields the schema names, trimmed. */
  input?: InputReader<Input, FormData> | Given;
  /** What the page's component reads besides `ok`; by default the command's answer. */
  reply?: (answer: Answer, input: z.output<Input>) => Reply;
  /**
   * "json" for a route the browser fetches itself rather than through a fetcher (the uploader):
   * failures are JSON too, a visitor's among them (401) instead of a redirect to sign in.
   */
  format?: "fetcher" | "json";
}

/** A page action that runs `command`: `{ok, ...reply}`, or `{ok: false, error, errors, statusCode}`. */
export async function pageCommand<Input extends z.ZodTypeAny, Answer, Reply extends object = Answer & object>(
  { request, params, context }: ActionFunctionArgs,
  command: Command<Input, Answer>,
  options: PageOptions<Input, Answer, Reply> = {},
) {
  const json = options.format === "json";
  const { input: reader = formInput } = options;
  const work = async (viewer: Viewer) => {
    let input: z.output<Input> | undefined;
    const answer = await runCommand(command, { context, viewer, params }, async (schema) => {
      input = isGiven(reader)
        ? parseInput(schema, reader.given)
        : await reader(options.form ?? (await readForm(request)), schema);
      return input;
    });
    return options.reply ? options.reply(answer, input as z.output<Input>) : (answer as unknown as Reply);
  };
  if (json) return jsonResult(async () => work(await API_GATES[command.who](request, context)));
  const viewer = await PAGE_GATES[command.who](request, context);
  return actionResult(() => work(viewer));
}

/**
 * A page action whose form's `intent` names the command to run (follow or unfollow): each
 * intent's handler gets the form already read; any other intent is a 400 the fetcher shows.
 */
export async function byIntent<Handlers extends Record<string, (form: FormData) => Promise<unknown>>>(
  request: Request,
  handlers: Handlers,
  options: { format?: "fetcher" | "json" } = {},
) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (typeof intent === "string" && Object.hasOwn(handlers, intent))
    return handlers[intent](form) as ReturnType<Handlers[keyof Handlers]>;
  const unknownIntent = () => {
    throw new AppError(400);
  };
  return options.format === "json" ? jsonResult<never>(unknownIntent) : actionResult<never>(unknownIntent);
}

interface ApiOptions<Answer> {
  /** By default the JSON body; "query" for the query string. */
  input?: "body" | "query" | Given;
  /** 201 for a command that creates something. */
  status?: number;
  /** The payload; by default the command's answer. */
  payload?: (answer: Answer) => unknown;
}

function readApiInput<Input extends z.ZodTypeAny>(
  request: Request,
  schema: Input,
  input: ApiOptions<unknown>["input"],
) {
  if (isGiven(input)) return parseInput(schema, input.given);
  return input === "query" ? readQuery(request, schema) : readJsonBody(request, schema);
}

/** An /api route that runs `command`: `{payload}`, or the API's error shape. */
export function apiCommand<Input extends z.ZodTypeAny, Answer>(
  { request, params, context }: ActionFunctionArgs,
  command: Command<Input, Answer>,
  options: ApiOptions<Answer> = {},
): Promise<Response> {
  return handleApi(async () => {
    const viewer = await API_GATES[command.who](request, context);
    const answer = await runCommand(command, { context, viewer, params }, (schema) =>
      readApiInput(request, schema, options.input),
    );
    return apiPayload(options.payload ? options.payload(answer) : answer, { status: options.status });
  }, context.log);
}

/**
 * An /api route's action by method (`POST` likes, `DELETE` unlikes): any other method is a 405
 * naming the ones it answers, `GET` among them when the route has a loader.
 */
export function byMethod(
  request: Request,
  handlers: Partial<Record<"POST" | "PUT" | "PATCH" | "DELETE", () => Promise<Response>>>,
  options: { alsoAllows?: string[] } = {},
): Promise<Response> {
  const handler = handlers[request.method as keyof typeof handlers];
  if (handler) return handler();
  return Promise.resolve(methodNotAllowed([...(options.alsoAllows ?? []), ...Object.keys(handlers)]));
}

interface FormOptions<Input extends z.ZodTypeAny, FormSchema extends z.ZodTypeAny, Echo extends object> {
  /** Sent back with every answer (the page's `intent`: which of its forms this was). */
  echo: Echo;
  form: FormData;
  /** The form's own schema (its fields as the page names them), checked by conform. */
  schema: FormSchema;
  /** The checked form as the command's input. */
  toInput: (value: z.output<FormSchema>) => z.output<Input>;
  /** The fields a command's field error may land on; others go to the form's root. */
  fields?: readonly string[];
  /** Every command error to the form's root (a form with one control). */
  formRootOnly?: boolean;
  /** Fields never sent back (passwords), and whether success clears the form. */
  hideFields?: string[];
  resetForm?: boolean;
}

/**
 * A conform form's page action that runs `command`: `{ok, result}` with conform's reply (field
 * errors on their fields, the form's values kept; a failure's `error` for a toast), 422 when the form fails its own checks, the
 * command's status when it refuses.
 */
export async function formCommand<
  Input extends z.ZodTypeAny,
  Answer,
  FormSchema extends z.ZodTypeAny,
  Echo extends object,
>(
  { request, params, context }: ActionFunctionArgs,
  command: Command<Input, Answer>,
  options: FormOptions<Input, FormSchema, Echo>,
) {
  const { echo } = options;
  const viewer = await PAGE_GATES[command.who](request, context);
  const { hideFields } = options;
  const submission = parseForm(options.form, options.schema);
  if (submission.status !== "success")
    return data(
      { ...echo, ok: false as const, error: defaultErrorMessage(422), result: submission.reply({ hideFields }) },
      422,
    );
  try {
    await runCommand(command, { context, viewer, params }, () => options.toInput(submission.value));
    return { ...echo, ok: true as const, result: submission.reply({ resetForm: options.resetForm }) };
  } catch (error) {
    const { result, init } = appErrorReply(submission, error, options);
    // A toast says the server's own words, as the fields say theirs (appErrorReply let only an AppError through).
    return data({ ...echo, ok: false as const, error: (error as AppError).message, result }, init);
  }
}
