/**
 * The expert's levers on /business: the free trial's length and the promo codes (made, listed,
 * ended). Each form posts to the page's action by `intent` ("trial", "promo-create", "promo-end"),
 * which runs the same commands as `/api/business/trial` and `/api/business/promo-codes`.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field, FormError, withoutKey } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Time } from "~/components/time/time-zone";
import { toast } from "~/components/ui/toast";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import {
  describeDiscount,
  MAX_TRIAL_DAYS,
  PROMO_CREATED,
  PROMO_ENDED,
  promoCodeFormSchema,
  TRIAL_SAVED,
  trialDaysSchema,
  type PromoCodeDTO,
} from "~/modules/subscriptions/promo-codes";

type OfferAnswer = {
  intent: "trial" | "promo-create" | "promo-end";
  ok: boolean;
  error?: string;
  result?: SubmissionResult<string[]>;
};

/** One toast per answer of this form's intent. */
function useAnswerToast(answer: OfferAnswer | undefined, success: string) {
  const toasted = useRef(answer);
  useEffect(() => {
    if (!answer || toasted.current === answer) return;
    toasted.current = answer;
    if (answer.ok) toast.success(success);
    else toast.error(answer.error ?? ERROR_MESSAGES.default);
  }, [answer, success]);
}

export function TrialForm({ current }: { current: number }) {
  const fetcher = useFetcher<OfferAnswer>();
  const answer = fetcher.data?.intent === "trial" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "trial-days",
    lastResult: answer?.result,
    defaultValue: { days: String(current) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: trialDaysSchema }),
  });
  useAnswerToast(answer, TRIAL_SAVED);
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="trial" />
      <div className="w-40">
        <Field meta={fields.days} label="Free trial (days)">
          <Input
            {...withoutKey(getInputProps(fields.days, { type: "number" }))}
            key={fields.days.key}
            min="0"
            max={MAX_TRIAL_DAYS}
            step="1"
            inputMode="numeric"
            aria-describedby={`trial-days-hint ${fields.days.errorId}`}
          />
        </Field>
      </div>
      <Button type="submit" variant="ink" pending disabled={saving} className="mb-6">
        {saving ? "Saving…" : "Save trial"}
      </Button>
      <p id="trial-days-hint" className="w-full text-xs text-slate-500">
        0 to {MAX_TRIAL_DAYS} days; 0 for none. Each reader gets one trial with you. With card payments the card is
        taken up front and first charged when the trial ends; readers are e-mailed 3 days before.
      </p>
      <FormError id={form.errorId} errors={form.errors} />
    </fetcher.Form>
  );
}

export function PromoCodes({ codes }: { codes: PromoCodeDTO[] }) {
  return (
    <div className="space-y-6">
      <NewPromoCodeForm />
      {codes.length === 0 ? (
        <p className="text-sm text-slate-600">No codes yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Your promo codes">
          {codes.map((code) => (
            <PromoCodeLine key={code.id} code={code} />
          ))}
        </ul>
      )}
    </div>
  );
}

function PromoCodeLine({ code }: { code: PromoCodeDTO }) {
  const fetcher = useFetcher<OfferAnswer>();
  const answer = fetcher.data?.intent === "promo-end" ? fetcher.data : undefined;
  useAnswerToast(answer, PROMO_ENDED);
  const expired = code.expiresAt !== null && new Date(code.expiresAt) <= new Date();
  const full = code.maxRedemptions !== null && code.timesRedeemed >= code.maxRedemptions;
  const state = !code.active ? "Ended" : expired ? "Expired" : full ? "Fully redeemed" : "Active";
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-mono font-semibold text-slate-900">{code.code}</p>
        <p className="text-sm text-slate-600">
          {describeDiscount(code)} · used {code.timesRedeemed}
          {code.maxRedemptions !== null ? ` of ${code.maxRedemptions}` : ""} times
          {code.expiresAt ? (
            <>
              {" "}
              · until <Time dateTime={new Date(new Date(code.expiresAt).getTime() - 1).toISOString()} style="day" />
            </>
          ) : null}
        </p>
      </div>
      <span className={`text-sm font-medium ${state === "Active" ? "text-brand-700" : "text-slate-500"}`}>{state}</span>
      {code.active ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="promo-end" />
          <input type="hidden" name="codeId" value={code.id} />
          <Button type="submit" variant="secondary" size="sm" pending disabled={fetcher.state !== "idle"}>
            End<span className="sr-only"> code {code.code}</span>
          </Button>
        </fetcher.Form>
      ) : null}
    </li>
  );
}

function NewPromoCodeForm() {
  const fetcher = useFetcher<OfferAnswer>();
  const answer = fetcher.data?.intent === "promo-create" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  const [kind, setKind] = useState<"percent" | "amount">("percent");
  const [form, fields] = useForm({
    id: "new-promo-code",
    lastResult: answer?.result,
    defaultValue: { kind: "percent", duration: "once" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: promoCodeFormSchema }),
  });
  useAnswerToast(answer, PROMO_CREATED);
  // A code made: the form empties for the next one.
  const made = useRef(answer);
  useEffect(() => {
    if (!answer?.ok || made.current === answer) return;
    made.current = answer;
    form.reset();
    setKind("percent");
  }, [answer, form]);
  const choice = "flex items-center gap-2 text-sm text-slate-800 min-h-11";
  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="space-y-4" aria-busy={saving}>
      <input type="hidden" name="intent" value="promo-create" />
      <Field meta={fields.code} label="Code" hint="3 to 20 letters and digits, e.g. NBA20." required>
        <Input
          {...withoutKey(getInputProps(fields.code, { type: "text" }))}
          key={fields.code.key}
          autoComplete="off"
          className="uppercase"
          maxLength={20}
          aria-describedby={`${fields.code.id}-hint ${fields.code.errorId}`}
        />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Discount</legend>
        <div className="flex flex-wrap gap-x-6">
          <label className={choice}>
            <input
              type="radio"
              name="kind"
              value="percent"
              checked={kind === "percent"}
              onChange={() => setKind("percent")}
            />
            A percentage
          </label>
          <label className={choice}>
            <input
              type="radio"
              name="kind"
              value="amount"
              checked={kind === "amount"}
              onChange={() => setKind("amount")}
            />
            An amount
          </label>
        </div>
      </fieldset>
      {kind === "percent" ? (
        <Field meta={fields.percentOff} label="Percent off" required>
          <Input
            {...withoutKey(getInputProps(fields.percentOff, { type: "number" }))}
            key={fields.percentOff.key}
            min="1"
            max="100"
            step="1"
            inputMode="numeric"
            placeholder="20"
          />
        </Field>
      ) : (
        <Field meta={fields.amountOff} label="Amount off (USD)" required>
          <Input
            {...withoutKey(getInputProps(fields.amountOff, { type: "number" }))}
            key={fields.amountOff.key}
            min="1"
            step="0.01"
            inputMode="decimal"
            placeholder="5.00"
          />
        </Field>
      )}
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">For</legend>
        <div className="flex flex-wrap gap-x-6">
          <label className={choice}>
            <input type="radio" name="duration" value="once" defaultChecked />
            The first month
          </label>
          <label className={choice}>
            <input type="radio" name="duration" value="forever" />
            Every month
          </label>
        </div>
        <p className="mt-1 text-sm text-danger empty:hidden">{fields.duration.errors?.[0]}</p>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field meta={fields.expiresOn} label="Last day (optional)" hint="Works through that day (UTC).">
          <Input
            {...withoutKey(getInputProps(fields.expiresOn, { type: "date" }))}
            key={fields.expiresOn.key}
            aria-describedby={`${fields.expiresOn.id}-hint ${fields.expiresOn.errorId}`}
          />
        </Field>
        <Field meta={fields.maxRedemptions} label="Most uses (optional)" hint="Empty for no limit.">
          <Input
            {...withoutKey(getInputProps(fields.maxRedemptions, { type: "number" }))}
            key={fields.maxRedemptions.key}
            min="1"
            step="1"
            inputMode="numeric"
            aria-describedby={`${fields.maxRedemptions.id}-hint ${fields.maxRedemptions.errorId}`}
          />
        </Field>
      </div>
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" variant="ink" pending disabled={saving}>
        {saving ? "Creating…" : "Create code"}
      </Button>
    </fetcher.Form>
  );
}
