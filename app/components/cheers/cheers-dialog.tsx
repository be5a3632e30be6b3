/** The Send Cheers dialog, its form and the card form (Stripe), fetched on the first click (see send-cheers.tsx). */
import * as Dialog from "@radix-ui/react-dialog";
import type { Stripe } from "@stripe/stripe-js";
import { clsx } from "clsx";
import { Loader2, PartyPopper, X } from "~/components/ui/icons";
import { useState, type FormEvent } from "react";
import { LOAD_FAILED, loadStripeJs, PaymentFailure, StripeCardForm } from "~/components/payments/stripe-card-form";
import { inputClass } from "~/components/ui/form-field";
import { toast } from "~/components/ui/toast";
import { CHEER_MESSAGE_MAX, CHEER_MESSAGES, CHEER_PRESETS_CENTS, cheerFormSchema } from "~/modules/cheers/cheer-schema";
import type { SendCheerAnswer } from "~/modules/cheers/cheers.server";
import { useActionDone } from "~/components/ui/use-action-done";
import { useActionFetcher } from "~/components/ui/use-action-fetcher";
import { formatUsdPlain } from "~/modules/money/money";
import { dollarsToCents } from "~/modules/payments/price-schema";
import { CARD_UNAVAILABLE, cheersSent, PAYMENTS_OFF_NOTE, SEND_CHEERS, triggerClass } from "./cheers-texts";
import { Textarea } from "~/components/ui/input";
import { IconTip } from "~/components/ui/icon-tip";

interface ExpertRef {
  id: string;
  userName: string;
}

const usd = (cents: number) => `$${formatUsdPlain(cents)}`;

export function CheersDialog({
  expert,
  canCheer,
  paymentsEnabled,
  publishableKey,
  open,
  setOpen,
}: {
  expert: ExpertRef;
  canCheer: boolean;
  paymentsEnabled: boolean;
  publishableKey: string | null;
  open: boolean;
  setOpen: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={triggerClass}>
        <PartyPopper className="size-4" aria-hidden="true" />
        {SEND_CHEERS}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-narrow -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-bold text-slate-900">{`Send Cheers to ${expert.userName}`}</Dialog.Title>
            <Dialog.Close
              className="relative rounded-full p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
              <IconTip label="Close" />
            </Dialog.Close>
          </div>
          <div className="p-5">
            <Dialog.Description className="text-sm text-slate-600">
              A tip with a message, to thank {expert.userName} for the work. It goes to the expert, less the platform
              fee.
            </Dialog.Description>
            {canCheer ? (
              <CheersForm
                expert={expert}
                paymentsEnabled={paymentsEnabled}
                publishableKey={publishableKey}
                onDone={() => setOpen(false)}
              />
            ) : (
              <p role="alert" className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm font-medium text-amber-800">
                {CHEER_MESSAGES.notFollowing}
              </p>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type Phase =
  { kind: "form" } | { kind: "card"; clientSecret: string; amount: number } | { kind: "failed"; message: string };

interface Errors {
  amount?: string;
  message?: string;
  root?: string;
}

/** The amount and message, then (with Stripe) the card. Unmounted when the dialog closes, so it opens afresh. */
export function CheersForm({
  expert,
  paymentsEnabled,
  publishableKey,
  onDone,
}: {
  expert: ExpertRef;
  paymentsEnabled: boolean;
  publishableKey: string | null;
  onDone: () => void;
}) {
  const [preset, setPreset] = useState<number | null>(CHEER_PRESETS_CENTS[1]);
  const [custom, setCustom] = useState("");
  const [message, setMessage] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [phase, setPhase] = useState<Phase>({ kind: "form" });
  const [stripe, setStripe] = useState<Promise<Stripe | null> | null>(null);
  // The route action the API's cheers endpoint shares its commands with; its toast is the field's own message.
  const fetcher = useActionFetcher<SendCheerAnswer>({ toastErrors: false });
  const busy = fetcher.state !== "idle";

  useActionDone(
    fetcher,
    (answer) => {
      if (!answer.clientSecret) {
        toast.success(cheersSent(expert.userName, answer.cheer.amount));
        onDone();
        return;
      }
      if (!publishableKey) {
        setPhase({ kind: "failed", message: CARD_UNAVAILABLE });
        return;
      }
      setStripe(loadStripeJs(publishableKey, () => setPhase({ kind: "failed", message: LOAD_FAILED })));
      setPhase({ kind: "card", clientSecret: answer.clientSecret, amount: answer.cheer.amount });
    },
    (failure) => {
      const onFields = { amount: failure.errors?.amount?.[0], message: failure.errors?.message?.[0] };
      setErrors(onFields.amount || onFields.message ? onFields : { root: failure.error });
      toast.error(onFields.amount ?? onFields.message ?? failure.error);
    },
  );

  const dollars = preset !== null ? preset / 100 : custom.trim() === "" ? undefined : Number(custom);
  const chosen =
    typeof dollars === "number" && Number.isFinite(dollars) && dollars > 0 ? dollarsToCents(dollars) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = cheerFormSchema.safeParse({ amount: dollars, message });
    if (!parsed.success) {
      const fields = parsed.error.flatten().fieldErrors;
      setErrors({ amount: fields.amount?.[0], message: fields.message?.[0] });
      return;
    }
    setErrors({});
    fetcher.submit(
      { amount: String(dollarsToCents(parsed.data.amount)), message: parsed.data.message ?? "" },
      { method: "post", action: `/experts/${encodeURIComponent(expert.id)}/cheers` },
    );
  }

  if (phase.kind === "failed") {
    return (
      <div className="mt-4">
        <PaymentFailure message={phase.message} onRetry={() => setPhase({ kind: "form" })} />
      </div>
    );
  }

  if (phase.kind === "card") {
    return (
      <div className="mt-4 space-y-3">
        <p className="text-sm text-slate-700">
          Cheers of <strong>{usd(phase.amount)}</strong> to {expert.userName}: pay by card.
        </p>
        <StripeCardForm
          stripe={stripe}
          clientSecret={phase.clientSecret}
          submitLabel={`Pay ${usd(phase.amount)}`}
          onPaid={() => {
            toast.success(cheersSent(expert.userName, phase.amount));
            onDone();
          }}
          onLoadError={() => setPhase({ kind: "failed", message: LOAD_FAILED })}
        />
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-busy={busy}>
      <fieldset aria-describedby={errors.amount ? "cheer-amount-error" : undefined}>
        <legend className="text-sm font-medium text-slate-800">Amount</legend>
        <div className="mt-2 grid grid-cols-4 gap-2">
          {CHEER_PRESETS_CENTS.map((cents) => (
            <label key={cents} className="relative">
              <input
                type="radio"
                name="cheer-preset"
                value={cents}
                checked={preset === cents}
                onChange={() => {
                  setPreset(cents);
                  setCustom("");
                  setErrors((current) => ({ ...current, amount: undefined }));
                }}
                className="peer sr-only"
              />
              <span
                className={clsx(
                  "block cursor-pointer rounded-full border px-3 py-2 text-center text-sm font-semibold",
                  "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                  preset === cents
                    ? "border-brand-600 bg-brand-50 text-brand-800"
                    : "border-slate-300 text-slate-800 hover:bg-slate-100",
                )}
              >
                {`$${cents / 100}`}
              </span>
            </label>
          ))}
        </div>
        <label htmlFor="cheer-custom" className="mt-3 block text-sm text-slate-700">
          Or another amount (USD, $1 to $500)
        </label>
        <div className="relative">
          <span
            className="pointer-events-none absolute left-3 top-1/2 mt-0.5 -translate-y-1/2 text-sm text-slate-500"
            aria-hidden="true"
          >
            $
          </span>
          <input
            id="cheer-custom"
            name="amount"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="1"
            max="500"
            placeholder="15"
            value={custom}
            onChange={(event) => {
              setCustom(event.target.value);
              setPreset(null);
            }}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? "cheer-amount-error" : undefined}
            className={`${inputClass} pl-7`}
          />
        </div>
        <p id="cheer-amount-error" className="mt-1 text-sm text-danger empty:hidden">
          {errors.amount}
        </p>
      </fieldset>

      <div>
        <label htmlFor="cheer-message" className="block text-sm font-medium text-slate-800">
          Message (optional)
        </label>
        <Textarea
          id="cheer-message"
          name="message"
          rows={3}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          placeholder="Great call on the Lakers!"
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`cheer-message-count${errors.message ? " cheer-message-error" : ""}`}
        />
        <p
          id="cheer-message-count"
          className={clsx(
            "mt-1 text-right text-xs",
            message.trim().length > CHEER_MESSAGE_MAX ? "text-danger" : "text-slate-500",
          )}
        >
          {`${message.trim().length}/${CHEER_MESSAGE_MAX}`}
        </p>
        <p id="cheer-message-error" className="text-sm text-danger empty:hidden">
          {errors.message}
        </p>
      </div>

      {paymentsEnabled ? null : <p className="text-xs text-slate-500">{PAYMENTS_OFF_NOTE}</p>}
      {errors.root ? (
        <p role="alert" className="text-center text-sm font-medium text-danger">
          {errors.root}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy}
        className="inline-flex w-full items-center justify-center gap-2 rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-slate-800 disabled:cursor-wait disabled:opacity-70"
      >
        {busy ? <Loader2 className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {chosen !== null ? `Send ${usd(chosen)}` : "Send"}
      </button>
    </form>
  );
}
