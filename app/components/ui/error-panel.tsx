/**
 * The error panel a part of a page shows in place when its load failed (product.md "Error
 * messages"): "Error", what happened, and Retry when the caller can load again. What the page
 * already shows stays around it.
 */
import clsx from "clsx";
import { useEffect, useRef } from "react";
import { Button } from "./button";

export const ERROR_PANEL_TITLE = "Error";
export const ERROR_PANEL_MESSAGE = "Something went wrong. Please try your request again.";

export function ErrorPanel({
  message = ERROR_PANEL_MESSAGE,
  onRetry,
  retrying = false,
  className,
}: {
  /** The server's own words for a refusal it meant (a 4xx); the general text otherwise. */
  message?: string;
  /** Loads again; without it there is no Retry button. */
  onRetry?: () => void;
  /** A Retry under way: the button stays (and keeps the focus) but does not ask twice. */
  retrying?: boolean;
  className?: string;
}) {
  const retryRef = useRef<HTMLButtonElement>(null);
  // The panel often replaces the button that was pressed ("Load more"): the focus, left on the
  // page's body, goes to Retry so the keyboard carries on from here. Focus elsewhere is left alone.
  useEffect(() => {
    if (document.activeElement === document.body) retryRef.current?.focus();
  }, []);
  return (
    <div
      role="alert"
      data-testid="error-panel"
      className={clsx("rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-slate-800", className)}
    >
      <p className="font-semibold text-danger">{ERROR_PANEL_TITLE}</p>
      <p className="mt-1">{message}</p>
      {onRetry ? (
        <Button
          ref={retryRef}
          variant="secondary"
          size="lg"
          className="mt-3"
          aria-disabled={retrying || undefined}
          onClick={() => {
            if (!retrying) onRetry();
          }}
        >
          {retrying ? "Retrying…" : "Retry"}
        </Button>
      ) : null}
    </div>
  );
}
