import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useRef } from "react";
import { buttonClass } from "~/components/ui/button";

/** product.md "Screens and routes": shown once when the background worker reports a build other than this page's. */
export default function UpdateDialog({ onReload, onDismiss }: { onReload: () => void; onDismiss: () => void }) {
  const reloadButton = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onDismiss()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <AlertDialog.Content
          // Radix focuses an alert dialog's Cancel; this one has only its action.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            reloadButton.current?.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-narrow -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            We have a new version for you!
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            Please refresh the page to be sure that you are working with actual version.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end">
            <AlertDialog.Action ref={reloadButton} onClick={onReload} className={buttonClass({ variant: "ink" })}>
              Reload the page
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
