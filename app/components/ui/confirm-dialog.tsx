import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { clsx } from "clsx";
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";

export interface ConfirmOptions {
  title: string;
  description?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

/** SPEC.md section 4: a dialog already open is closed first, then this wait before the next. */
export const CONFIRM_REOPEN_DELAY_MS = 400;

const ConfirmContext = createContext<Confirm | null>(null);

/** `const confirm = useConfirm(); if (await confirm({ title: "Delete post?" })) …` */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm needs a ConfirmDialogProvider above it");
  return confirm;
}

interface OpenDialog extends ConfirmOptions {
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
      return new Promise<boolean>((resolve) => {
        const next = { ...options, resolve };
        current.current = next;
        setDialog(next);
        setOpen(true);
      });
    },
    [close],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AlertDialog.Root open={open} onOpenChange={(isOpen) => !isOpen && close(false)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
          <AlertDialog.Content
            onCloseAutoFocus={(event) => {
              // Back to what had the focus when asked (the editor's body, say), if it is still there.
              const target = returnFocusTo.current;
              if (target instanceof HTMLElement && target.isConnected && target !== document.body) {
                event.preventDefault();
                target.focus();
              }
            }}
            className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-narrow -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
            <AlertDialog.Title className="text-lg font-semibold text-slate-900">{dialog?.title}</AlertDialog.Title>
            {dialog?.description ? (
              <AlertDialog.Description className="mt-2 text-sm text-slate-600">{dialog.description}</AlertDialog.Description>
            ) : null}
            <div className="mt-6 flex justify-end gap-2">
              <AlertDialog.Cancel className="rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
                {dialog?.cancelLabel ?? "Cancel"}
              </AlertDialog.Cancel>
              <AlertDialog.Action
                onClick={() => close(true)}
                className={clsx(
                  "rounded-full px-4 py-2 text-sm font-semibold text-white",
                  dialog?.destructive ? "bg-danger hover:bg-red-700" : "bg-ink hover:bg-slate-800",
                )}
              >
                {dialog?.confirmLabel ?? "Confirm"}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </ConfirmContext.Provider>
  );
}
