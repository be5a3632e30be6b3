import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { ERROR_MESSAGES } from "~/modules/http/error-messages";
import { browserOnly } from "~/components/ui/browser-only";

/** product.md "Limits": the background worker is checked every 30 s. */
export const BUILD_CHECK_INTERVAL_MS = 30_000;
/** A worker that does not answer (stopped mid-install, say) counts as no answer; the next check asks again. */
const WORKER_ANSWER_TIMEOUT_MS = 5_000;

// Radix's alert dialog loads only when there is a new version to announce.
const UpdateDialog = lazy(() => import("./update-dialog"));

/** Resolves once the worker has left "installing" (installed, activated or failed), or after the timeout. */
function settled(worker: ServiceWorker): Promise<void> {
  if (worker.state !== "installing") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, WORKER_ANSWER_TIMEOUT_MS);
    worker.addEventListener("statechange", function onChange() {
      if (worker.state === "installing") return;
      worker.removeEventListener("statechange", onChange);
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The build id the worker was written for (app/web/service-worker.server.ts), or null. */
async function reportedBuildId(worker: ServiceWorker): Promise<string | null> {
  await settled(worker);
  if (worker.state === "redundant") return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(null), WORKER_ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<{ buildId?: unknown }>) => {
      clearTimeout(timer);
      resolve(typeof event.data?.buildId === "string" ? event.data.buildId : null);
    };
    worker.postMessage({ type: "build-id" }, [channel.port2]);
  });
}

/**
 * Registers the background worker and, every 30 s, has the browser fetch its script again and
 * asks the newest worker for its build id. A different id than this page's is announced once.
 */
function useNewVersion(buildId: string) {
  const [announced, setAnnounced] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const registration = useRef<ServiceWorkerRegistration | null>(null);

  useEffect(() => {
    // Vite serves modules one by one in development: no worker, nothing to cache.
    if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
    let stopped = false;
    let lastAnnounced: string | null = null;
    navigator.serviceWorker
      .register("/sw.js", { updateViaCache: "none" })
      .then((registered) => {
        registration.current = registered;
      })
      .catch(() => undefined);

    const check = async () => {
      const registered = registration.current;
      if (!registered) return;
      // Offline, or the server is being replaced: the next check tries again.
      await registered.update().catch(() => undefined);
      const worker = registered.installing ?? registered.waiting ?? registered.active;
      const reported = worker ? await reportedBuildId(worker) : null;
      if (stopped || !reported) return;
      if (reported === buildId) {
        // This page already runs the waiting worker's build (it loaded after the deployment): let it serve.
        if (worker && registered.waiting === worker) worker.postMessage({ type: "skip-waiting" });
        return;
      }
      if (reported === lastAnnounced) return;
      lastAnnounced = reported;
      setAnnounced(reported);
      setDialogOpen(true);
    };
    const timer = setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [buildId]);

  const reload = useCallback(() => {
    let reloading = false;
    const reloadOnce = () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    };
    const waiting = registration.current?.waiting;
    if (!waiting) return reloadOnce();
    // The new worker takes over first, so the reloaded page and its assets come from the new build.
    navigator.serviceWorker.addEventListener("controllerchange", reloadOnce, { once: true });
    waiting.postMessage({ type: "skip-waiting" });
    setTimeout(reloadOnce, 3_000);
  }, []);

  return { announced, dialogOpen, closeDialog: () => setDialogOpen(false), reload };
}

/** product.md "Screens and routes" and "States": the 'We have a new version for you!' dialog, once per new build. */
export const UpdateNotice = browserOnly(function UpdateNotice({ buildId }: { buildId: string }) {
  const { announced, dialogOpen, closeDialog, reload } = useNewVersion(buildId);
  if (!announced || !dialogOpen) return null;
  return (
    <Suspense fallback={null}>
      <UpdateDialog key={announced} onReload={reload} onDismiss={closeDialog} />
    </Suspense>
  );
});

/** product.md "Error messages": 'It looks like you offline' while the browser has no network. */
export function OfflineNotice() {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  // The live region is always there, so assistive technology announces the change.
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4">
      {offline ? (
        <p className="rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white shadow-lg">
          {ERROR_MESSAGES.offline}
        </p>
      ) : null}
    </div>
  );
}
