/** The confirm dialog's Radix AlertDialog, fetched on the first confirm() (see confirm-dialog.tsx). */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { buttonClass } from "./button";
import type { RefObject } from "react";
import type { OpenDialog } from "./confirm-dialog";

interface ConfirmDialogViewProps {
  open: boolean;
  dialog: OpenDialog | null;
  onAnswer: (result: boolean) => void;
  /** What had the focus when confirm() was called: opened by a call, not a Radix trigger, Radix knows nowhere to put it back. */
  returnFocusTo: RefObject<Element | null>;
}

export function ConfirmDialogView({ open, dialog, onAnswer, returnFocusTo }: ConfirmDialogViewProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(isOpen) => !isOpen && onAnswer(false)}>
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
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-narrow -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{dialog?.title}</AlertDialog.Title>
          {dialog?.description ? (
            <AlertDialog.Description className="mt-2 text-sm text-slate-600">
              {dialog.description}
            </AlertDialog.Description>
          ) : null}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass({ variant: "secondary" })}>
              {dialog?.cancelLabel ?? "Cancel"}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={() => onAnswer(true)}
              className={buttonClass({ variant: dialog?.destructive ? "danger" : "ink" })}
            >
              {dialog?.confirmLabel ?? "Confirm"}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
