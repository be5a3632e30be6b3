/**
 * The app's toasts: sonner's success, error, warning (something the reader should mind, e.g. an
 * access that ends) and info (something under way), with sonner itself fetched on
 * demand. The Toaster mounts on the visitor's first interaction with the page (a key,
 * a pointer, a focus change), well before any toast an action can bring, so its live region is in
 * place when the first toast is announced; a toast asked for earlier (a payment's return from the
 * bank) fetches sonner at once, and the Toaster shows it on mounting.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import type { ExternalToast, ToasterProps } from "sonner";
import { browserOnly } from "~/components/ui/browser-only";
import { onDemand, useOnDemand } from "./on-demand";

const sonner = onDemand(() => import("sonner"));

type ToastKind = "success" | "error" | "warning" | "info";

function show(kind: ToastKind, message: string, options?: ExternalToast) {
  sonner
    .load()
    .then(({ toast }) => toast[kind](message, options))
    // Offline and the chunk cannot come: nothing else to do with the message.
    .catch(() => undefined);
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show("success", message, options),
  error: (message: string, options?: ExternalToast) => show("error", message, options),
  warning: (message: string, options?: ExternalToast) => show("warning", message, options),
  info: (message: string, options?: ExternalToast) => show("info", message, options),
};

const Toaster = lazy(() => sonner.load().then(({ Toaster }) => ({ default: Toaster })));
const FIRST_INTERACTION = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/** sonner's Toaster, mounted once the visitor first interacts with the page or a toast is asked for. */
export const LazyToaster = browserOnly(function LazyToaster(props: ToasterProps) {
  const loaded = useOnDemand(sonner);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => {
      setWanted(true);
      void sonner.load().catch(() => undefined);
    };
    for (const type of FIRST_INTERACTION)
      window.addEventListener(type, want, { once: true, passive: true, capture: true });
    return () => {
      for (const type of FIRST_INTERACTION) window.removeEventListener(type, want, { capture: true });
    };
  }, []);
  if (!wanted && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
});
