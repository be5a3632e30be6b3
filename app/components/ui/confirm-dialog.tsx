import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { onDemand, useOnDemand } from "./on-demand";

export interface ConfirmOptions {
  title: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

/** product.md "States": a dialog already open is closed first, then this wait before the next. */
export const CONFIRM_REOPEN_DELAY_MS = 400;

/** The dialog itself (Radix AlertDialog) is fetched on the first confirm(). */
const confirmView = onDemand(() => import("./confirm-dialog-view"));

export const ConfirmContext = createContext<Confirm | null>(null);

/** `const confirm = useConfirm(); if (await confirm({ title: "Delete post?" })) …` */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm needs a ConfirmDialogProvider above it");
  return confirm;
}

export interface OpenDialog extends ConfirmOptions {
  resolve: (result: boolean) => void;
}

export function ConfirmDialogProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [open, setOpen] = useState(false);
  const current = useRef<OpenDialog | null>(null);
  // Opened by a call, not by a Radix trigger, so Radix knows nowhere to put the focus back.
  const returnFocusTo = useRef<Element | null>(null);

  const close = useCallback((result: boolean) => {
    current.current?.resolve(result);
    current.current = null;
    setOpen(false);
  }, []);

  const confirm = useCallback<Confirm>(
    async (options) => {
      if (current.current) {
        close(false);
        await new Promise((resolve) => setTimeout(resolve, CONFIRM_REOPEN_DELAY_MS));
      }
      returnFocusTo.current = document.activeElement;
      // Offline and the dialog cannot come: nothing is confirmed.
      if (
        !(await confirmView.load().then(
          () => true,
          () => false,
        ))
      )
        return false;
      return new Promise<boolean>((resolve) => {
        const next = { ...options, resolve };
        current.current = next;
        setDialog(next);
        setOpen(true);
      });
    },
    [close],
  );

  const View = useOnDemand(confirmView);
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {View ? (
        <View.ConfirmDialogView open={open} dialog={dialog} onAnswer={close} returnFocusTo={returnFocusTo} />
      ) : null}
    </ConfirmContext.Provider>
  );
}
