/**
 * "Send Cheers" on the expert page (decision 024): a dialog with the amount
 * presets ($2, $5, $10, $20) or a typed amount ($1 to $500), an optional message (280
 * characters), then `POST /api/experts/{expertId}/cheers`. With payments off the tip is recorded
 * at once; with Stripe the answer's clientSecret feeds the shared card form, and the server hears
 * of the payment from Stripe's webhook. Visitors are sent to sign in; a reader who neither follows
 * nor subscribes is told to, and the server says the same (403) if asked anyway.
 */
import { useNavigate } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { PartyPopper } from "~/components/ui/icons";
import { useEffect, useState } from "react";
import { PAYMENT_FAILED, returnedFromBank } from "~/components/payments/bank-return";
import { onDemand, prefetchHandlers, useOnDemand } from "~/components/ui/on-demand";
import { toast } from "~/components/ui/toast";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import { CHEERS_CONFIRMING, SEND_CHEERS, triggerClass } from "./cheers-texts";

interface ExpertRef {
  id: string;
  userName: string;
}

/** The dialog, its form and the card form (Stripe) are a chunk of their own, fetched on the first click. */
const cheersDialog = onDemand(() => import("./cheers-dialog"));

export function SendCheers({
  expert,
  signedIn,
  canCheer,
  paymentsEnabled,
  publishableKey,
}: {
  expert: ExpertRef;
  signedIn: boolean;
  /** The viewer follows the expert or holds a running subscription: the server's own rule. */
  canCheer: boolean;
  paymentsEnabled: boolean;
  publishableKey: string | null;
}) {
  const [open, setOpen] = useState(false);
  // The dialog's code replaces the plain button on the first click, not on a prefetch.
  const [wanted, setWanted] = useState(false);
  const loaded = useOnDemand(cheersDialog);
  const navigate = useNavigate();

  useEffect(() => {
    // A card that needed the bank's page came back here, with Stripe's word on it in the URL.
    const returned = signedIn ? returnedFromBank() : null;
    if (!returned) return;
    if (returned.redirectStatus === "failed") toast.error(PAYMENT_FAILED);
    // Still under way: the bank has the last word.
    else toast.info(CHEERS_CONFIRMING);
    navigate(window.location.pathname, { replace: true, preventScrollReset: true });
  }, [signedIn, navigate]);

  if (!signedIn) {
    return (
      <Link to={`/sign-in?callbackUrl=${encodeURIComponent(`/experts/${expert.userName}`)}`} className={triggerClass}>
        <PartyPopper className="size-4" aria-hidden="true" />
        {SEND_CHEERS}
      </Link>
    );
  }

  if (wanted && loaded)
    return (
      <loaded.CheersDialog
        expert={expert}
        canCheer={canCheer}
        paymentsEnabled={paymentsEnabled}
        publishableKey={publishableKey}
        open={open}
        setOpen={setOpen}
      />
    );
  return (
    <button
      type="button"
      className={triggerClass}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      {...prefetchHandlers(cheersDialog)}
      onClick={() => {
        setWanted(true);
        void cheersDialog.load().then(
          () => setOpen(true),
          () => toast.error(ERROR_MESSAGES.default),
        );
      }}
    >
      <PartyPopper className="size-4" aria-hidden="true" />
      {SEND_CHEERS}
    </button>
  );
}
