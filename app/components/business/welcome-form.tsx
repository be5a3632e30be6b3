/**
 * The expert's welcome to new subscribers, on /business: plain text, posted to the page's action
 * ("welcome"), which runs the same command as `POST /api/business/welcome`. Emptied, it clears.
 */
import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { Field, FormError, withoutKey } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import { WELCOME_MESSAGE_MAX, WELCOME_SAVED, welcomeFormSchema } from "~/modules/subscriptions/subscriber-welcome";

type WelcomeAnswer = { intent: "welcome"; ok: boolean; error?: string; result?: SubmissionResult<string[]> };

export function WelcomeForm({ current }: { current: string | null }) {
  const fetcher = useFetcher<WelcomeAnswer>();
  const answer = fetcher.data?.intent === "welcome" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "welcome-message",
    lastResult: answer?.result,
    defaultValue: { message: current ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: welcomeFormSchema }),
  });

  const toasted = useRef(answer);
  useEffect(() => {
    if (!answer || toasted.current === answer) return;
    toasted.current = answer;
    if (answer.ok) toast.success(WELCOME_SAVED);
    else toast.error(answer.error ?? ERROR_MESSAGES.default);
  }, [answer]);

  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="space-y-4" aria-busy={saving}>
      <input type="hidden" name="intent" value="welcome" />
      <Field
        meta={fields.message}
        label="Welcome message"
        hint={`E-mailed to each new subscriber and shown on their first visit. Plain text, at most ${WELCOME_MESSAGE_MAX.toLocaleString("en-US")} characters; leave it empty for none.`}
      >
        <Textarea
          {...withoutKey(getTextareaProps(fields.message))}
          key={fields.message.key}
          rows={5}
          placeholder="Thanks for joining! Picks go up by 5 pm ET; reply to any of them with questions."
          aria-describedby={`${fields.message.id}-hint ${fields.message.errorId}`}
        />
      </Field>
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" variant="ink" pending disabled={saving}>
        {saving ? "Saving…" : "Save welcome message"}
      </Button>
    </fetcher.Form>
  );
}
