import { useNavigation } from "@remix-run/react";
import NProgress from "nprogress";
import { useEffect } from "react";
import { browserOnly } from "~/components/ui/browser-only";

/** product.md "Limits": the progress bar's settings, and the 400 ms before it appears. */
export const PROGRESS_SETTINGS = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
} as const;
export const PROGRESS_DELAY_MS = 400;

/** A pending navigation longer than 400 ms shows the top bar and a busy cursor until it ends. */
export const NavigationProgress = browserOnly(function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useEffect(() => {
    NProgress.configure(PROGRESS_SETTINGS as unknown as Parameters<typeof NProgress.configure>[0]);
  }, []);
  useEffect(() => {
    if (!busy) return;
    const timer = window.setTimeout(() => {
      NProgress.start();
      document.documentElement.classList.add("is-navigating");
    }, PROGRESS_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      if (NProgress.isStarted()) NProgress.done();
      document.documentElement.classList.remove("is-navigating");
    };
  }, [busy]);
  return null;
});
