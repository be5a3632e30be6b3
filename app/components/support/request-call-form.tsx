import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { CheckCircle2 } from "~/components/ui/icons";
import { PREFERRED_TIMES, SUPPORT_MESSAGE_MAX, supportRequestSchema } from "~/modules/support/support-schema";
import { Field, FormError, withoutKey } from "~/components/ui/form-field";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/input";
import { SelectBox, type SelectOption } from "~/components/ui/select-box";

export const REQUEST_CALL_INTENT = "request-call";

export interface RequestCallConfirmation {
  name: string;
  preferredTime: string | null;
}

/**
 * The "Request a call" form: conform validates with the shared schema in the browser (when
 * JavaScript runs) and the action validates again; either way errors land under their fields.
 */
export function RequestCallForm({
  lastResult,
  confirmation,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  confirmation: RequestCallConfirmation | null;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === REQUEST_CALL_INTENT;
  const [form, fields] = useForm({
    id: "request-a-call",
    lastResult,
    // "" is the "Any time" option; without it a reset leaves the select with nothing selected.
    defaultValue: { preferredTime: "" },
    constraint: getZodConstraint(supportRequestSchema),
    // Not on blur: an error appearing as the user leaves a field shifts the button away from their click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: supportRequestSchema }),
  });

  return (
    <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={REQUEST_CALL_INTENT} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.name} label="Name" required>
          <Input
            key={fields.name.key}
            {...withoutKey(getInputProps(fields.name, { type: "text" }))}
            autoComplete="name"
          />
        </Field>
        <Field meta={fields.phone} label="Phone" required hint="7 to 20 digits; add the country code outside the US.">
          <Input
            key={fields.phone.key}
            {...withoutKey(getInputProps(fields.phone, { type: "tel", ariaDescribedBy: `${fields.phone.id}-hint` }))}
            autoComplete="tel"
          />
        </Field>
        <Field meta={fields.email} label="E-mail" hint="Optional, in case we miss you.">
          <Input
            key={fields.email.key}
            {...withoutKey(getInputProps(fields.email, { type: "email", ariaDescribedBy: `${fields.email.id}-hint` }))}
            autoComplete="email"
          />
        </Field>
        <Field meta={fields.preferredTime} label="Preferred time">
          <SelectBox
            key={fields.preferredTime.key}
            {...withoutKey(getSelectProps(fields.preferredTime))}
            label="Preferred time"
            options={PREFERRED_TIME_OPTIONS}
          />
        </Field>
      </div>
      <Field
        meta={fields.message}
        label="What can we help with?"
        hint={`Optional, up to ${SUPPORT_MESSAGE_MAX} characters.`}
      >
        <Textarea
          key={fields.message.key}
          {...withoutKey(getTextareaProps(fields.message, { ariaDescribedBy: `${fields.message.id}-hint` }))}
          rows={4}
        />
      </Field>

      <FormError id={form.errorId} errors={form.errors} />

      <Button variant="ink" size="xl" block pending className="sm:w-auto" type="submit" disabled={submitting}>
        {submitting ? "Sending…" : "Request a call"}
      </Button>

      <div role="status" aria-live="polite">
        {confirmation ? (
          <p className="flex items-start gap-2 rounded-lg border border-brand-500/40 bg-brand-50 p-3 text-sm text-brand-800">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Thanks, {confirmation.name}. We have your request and will call you back within one business day
              {confirmation.preferredTime ? `, in the ${confirmation.preferredTime.toLowerCase()}` : ""}.
            </span>
          </p>
        ) : null}
      </div>
    </Form>
  );
}

const PREFERRED_TIME_OPTIONS: SelectOption[] = [
  { value: "", label: "Any time" },
  ...PREFERRED_TIMES.map((time) => ({ value: time, label: time })),
];
