import { useCallback, useEffect, useState } from "react";

/** product.md "Limits": 60 s between two resends. */
export const RESEND_WAIT_SECONDS = 60;
/** product.md "States": the counter lives in session storage, so a reload does not reset it. */
export const RESEND_AVAILABLE_AT_KEY = "emailCodeResendAvailableAt";

/** 59 → "00:59", 75 → "01:15". */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.ceil(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(safe / 60))}:${two(safe % 60)}`;
}

export function resendCountdownText(seconds: number): string {
  return `You can resend the code in ${formatCountdown(seconds)}`;
}

function readAvailableAt(): number | null {
  const stored = Number(window.sessionStorage.getItem(RESEND_AVAILABLE_AT_KEY));
  return Number.isFinite(stored) && stored > Date.now() ? stored : null;
}

/** Seconds until the code may be resent (0 when it may), and `start()` after each resend. */
export function useResendCountdown(): { secondsLeft: number; start: () => void } {
  const [availableAt, setAvailableAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // Session storage exists only in the browser: read it after hydration.
  useEffect(() => {
    setAvailableAt(readAvailableAt());
    setNow(Date.now());
  }, []);

  // Counted 00:59 down to 00:01 (product.md shows '00:NN'), then the button is back.
  const secondsLeft = availableAt ? Math.max(0, Math.ceil((availableAt - now) / 1000) - 1) : 0;
  const counting = secondsLeft > 0;

  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);

  const start = useCallback(() => {
    const at = Date.now() + RESEND_WAIT_SECONDS * 1000;
    window.sessionStorage.setItem(RESEND_AVAILABLE_AT_KEY, String(at));
    setAvailableAt(at);
    setNow(Date.now());
  }, []);

  return { secondsLeft, start };
}
