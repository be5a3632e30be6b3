/** What the Cheers button and its dialog say, and the button's look: shared by both (the dialog is a chunk of its own). */
import { formatUsdPlain } from "~/modules/money/money";

export const SEND_CHEERS = "Send Cheers";
export const PAYMENTS_OFF_NOTE = "Card payments are switched off for now: your Cheers are recorded without a charge.";
export const CARD_UNAVAILABLE = "Card payments are not available yet. Please contact support.";
export const cheersSent = (userName: string, cents: number) => `Cheers sent to ${userName}: $${formatUsdPlain(cents)}.`;
/** Back from a bank's page, the payment may still be confirming: the expert hears of it once it has. */
export const CHEERS_CONFIRMING = "Your Cheers are on their way: the payment is being confirmed.";

/** The Send Cheers button, drawn the same before and after its dialog's code arrives. */
export const triggerClass =
  "inline-flex items-center justify-center gap-1.5 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100";
