/**
 * The subscription price form on /business: dollars in the form, posted to the page's action
 * ("price"), which saves cents as `/api/subscriptions/price` does.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button } from "~/components/ui/button";
import { Field, FormError, withoutKey } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toast";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import {
  centsToDollars,
  SUBSCRIPTION_DESCRIPTION_MAX,
  subscriptionPriceFormSchema,
} from "~/modules/payments/price-schema";

export const PRICE_SAVED = "Subscription price has been updated.";

type PriceAnswer = { intent: "price"; ok: boolean; error?: string; result?: SubmissionResult<string[]> };

/** The saved price in the form's dollars, cents shown ("29.00"), so the field reads like the price shown above it. */
export const priceFieldValue = (cents: number) => centsToDollars(cents).toFixed(2);

/**
 * Dollars in the form (validated on blur), posted to the page's action ("price"), which saves cents
 * as `/api/subscriptions/price` does. The fields start from the saved price and description, so
 * changing one does not mean retyping the other. The server's field errors land on the fields; on
 * success a toast, and the page's data reloads and the form resets to the new price.
 */
export function PriceForm({ current }: { current: { price: number; description: string | null } | null }) {
  const fetcher = useFetcher<PriceAnswer>();
  const answer = fetcher.data?.intent === "price" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "subscription-price",
    lastResult: answer?.result,
    defaultValue: current
      ? { price: priceFieldValue(current.price), description: current.description ?? "" }
      : undefined,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: subscriptionPriceFormSchema }),
  });

  // One toast per answer: the saved price, or the server's first message.
  const toasted = useRef(answer);
  useEffect(() => {
    if (!answer || toasted.current === answer) return;
    toasted.current = answer;
    if (answer.ok) toast.success(PRICE_SAVED);
    else toast.error(answer.error ?? ERROR_MESSAGES.default);
  }, [answer]);

  // A newly saved price (the page's data reloaded) becomes what the form resets to; the focus stays put.
  const saved = current ? `${current.price}:${current.description ?? ""}` : "";
  const shown = useRef(saved);
  useEffect(() => {
    if (shown.current === saved) return;
    shown.current = saved;
    form.reset();
  }, [saved, form]);

  return (
    <fetcher.Form method="post" {...getFormProps(form)} noValidate className="space-y-4" aria-busy={saving}>
      <input type="hidden" name="intent" value="price" />
      <Field meta={fields.price} label="Monthly price (USD)" hint="At least $1." required>
        <div className="relative">
          <span
            className="pointer-events-none absolute left-3 top-1/2 mt-0.5 -translate-y-1/2 text-sm text-slate-500"
            aria-hidden="true"
          >
            $
          </span>
          <Input
            {...withoutKey(getInputProps(fields.price, { type: "number" }))}
            key={fields.price.key}
            step="0.01"
            min="1"
            inputMode="decimal"
            placeholder="29.99"
            aria-describedby={`${fields.price.id}-hint ${fields.price.errorId}`}
            className="pl-7"
          />
        </div>
      </Field>
      <Field
        meta={fields.description}
        label="What subscribers get"
        hint={`Optional, at most ${SUBSCRIPTION_DESCRIPTION_MAX} characters.`}
      >
        <Input
          {...withoutKey(getInputProps(fields.description, { type: "text" }))}
          key={fields.description.key}
          placeholder="Every NBA side and prop I bet, posted before tip-off."
          aria-describedby={`${fields.description.id}-hint ${fields.description.errorId}`}
        />
      </Field>
      <FormError id={form.errorId} errors={form.errors} />
      <Button type="submit" variant="ink" pending disabled={saving}>
        {saving ? "Saving…" : "Save price"}
      </Button>
    </fetcher.Form>
  );
}
