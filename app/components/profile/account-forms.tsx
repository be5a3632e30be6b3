/**
 * The username and password sections of /settings (decision 012). Both post to the settings
 * action (progressive enhancement, like the sign-up form); the username field also asks the
 * /username-availability loader, debounced, whether the name is free while the user types.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, FormError, withoutKey } from "~/components/ui/form-field";
import { changePasswordSchema } from "~/modules/accounts/account-schemas";
import type { ActionData } from "~/components/ui/use-action-fetcher";
import {
  MESSAGES,
  USERNAME_MAX,
  userNameBodySchema,
  userNameSchema,
  type UserNameAvailability,
} from "~/modules/profiles/profile-schema";
import { Input } from "~/components/ui/input";

export const USERNAME_INTENT = "username";
export const PASSWORD_INTENT = "password";
/** How long typing must pause before the availability check runs. */
export const USERNAME_CHECK_DELAY_MS = 400;

type Availability =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "available" }
  | { state: "taken" }
  | { state: "invalid"; message: string }
  | { state: "error"; message: string };

/** The live check: the rule's message at once, the server's answer once typing pauses. */
export function useUserNameAvailability(value: string, current: string): Availability {
  const fetcher = useFetcher<ActionData<UserNameAvailability>>();
  const load = useRef(fetcher.load);
  const [asked, setAsked] = useState<string | null>(null);
  const userName = value.trim();
  const parsed = userNameSchema.safeParse(userName);
  const ask = userName !== current && parsed.success;
  useEffect(() => {
    load.current = fetcher.load;
  });
  useEffect(() => {
    if (!ask) return;
    const timer = setTimeout(() => {
      setAsked(userName);
      load.current(`/username-availability?${new URLSearchParams({ userName })}`);
    }, USERNAME_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ask, userName]);

  if (userName === current) return { state: "idle" };
  if (!parsed.success)
    return userName ? { state: "invalid", message: parsed.error.issues[0].message } : { state: "idle" };
  const answer = fetcher.data;
  // Until the answer for this very name is in, it is being checked.
  if (asked !== userName || fetcher.state !== "idle" || !answer) return { state: "checking" };
  if (!answer.ok) return { state: "error", message: answer.errors?.userName?.[0] ?? answer.error };
  if (answer.userName !== userName) return { state: "checking" };
  return { state: answer.available ? "available" : "taken" };
}

const AVAILABILITY_TEXT: Record<Availability["state"], string> = {
  idle: "",
  checking: "Checking…",
  available: "This username is available",
  taken: MESSAGES.userNameTaken,
  invalid: "",
  error: "",
};

export function UserNameForm({
  current,
  isExpert,
  lastResult,
}: {
  current: string;
  isExpert: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === USERNAME_INTENT;
  const [value, setValue] = useState(current);
  useEffect(() => setValue(current), [current]);
  const availability = useUserNameAvailability(value, current);
  const [form, fields] = useForm({
    id: "username",
    lastResult,
    defaultValue: { userName: current },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: userNameBodySchema }),
  });
  const statusText =
    availability.state === "invalid" || availability.state === "error"
      ? availability.message
      : AVAILABILITY_TEXT[availability.state];
  const statusClass =
    availability.state === "available"
      ? "text-brand-700"
      : availability.state === "checking"
        ? "text-slate-500"
        : "text-danger";

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={USERNAME_INTENT} />
      <Field
        meta={fields.userName}
        label="Username"
        hint={`3 to ${USERNAME_MAX} letters, digits, _ and . — you can sign in with it${isExpert ? "; your expert page lives at /experts/your-username" : ""}.`}
      >
        <Input
          {...withoutKey(
            getInputProps(fields.userName, {
              type: "text",
              ariaDescribedBy: `${fields.userName.id}-hint ${fields.userName.id}-availability`,
            }),
          )}
          key={`${fields.userName.key ?? ""}-${current}`}
          defaultValue={current}
          onInput={(event) => setValue(event.currentTarget.value)}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
        />
      </Field>
      <p
        id={`${fields.userName.id}-availability`}
        aria-live="polite"
        className={`-mt-3 text-sm ${statusClass} empty:hidden`}
      >
        {fields.userName.errors?.length ? "" : statusText}
      </p>
      <FormError id={form.errorId} errors={form.errors} />
      <div className="flex justify-end">
        <Button
          type="submit"
          variant="ink"
          size="xl"
          block
          pending
          disabled={submitting || availability.state === "taken"}
          className="sm:w-auto"
        >
          {submitting ? "Saving…" : "Change username"}
        </Button>
      </div>
    </Form>
  );
}

export function PasswordForm({
  hasPassword,
  lastResult,
}: {
  hasPassword: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === PASSWORD_INTENT;
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  if (!hasPassword) {
    return <p className="text-sm text-slate-600">Your account signs in with Google and has no password to change.</p>;
  }
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={PASSWORD_INTENT} />
      <Field meta={fields.currentPassword} label="Current password" required>
        <Input
          {...withoutKey(getInputProps(fields.currentPassword, { type: "password" }))}
          key={fields.currentPassword.key}
          autoComplete="current-password"
        />
      </Field>
      <Field
        meta={fields.password}
        label="New password"
        required
        hint="At least 8 characters, with a letter and a digit."
      >
        <Input
          {...withoutKey(
            getInputProps(fields.password, { type: "password", ariaDescribedBy: `${fields.password.id}-hint` }),
          )}
          key={fields.password.key}
          autoComplete="new-password"
        />
      </Field>
      <Field meta={fields.confirmPassword} label="Confirm new password" required>
        <Input
          {...withoutKey(getInputProps(fields.confirmPassword, { type: "password" }))}
          key={fields.confirmPassword.key}
          autoComplete="new-password"
        />
      </Field>
      <FormError id={form.errorId} errors={form.errors} />
      <div className="flex justify-end">
        <Button type="submit" variant="ink" size="xl" block pending disabled={submitting} className="sm:w-auto">
          {submitting ? "Saving…" : "Change password"}
        </Button>
      </div>
    </Form>
  );
}
