/**
 * Push notifications on this device (settings): the browser's push subscription, made with the
 * server's VAPID key through the background worker (/sw.js), and told to the server
 * (`/settings/push`, running the commands `/api/push/subscriptions` runs). On or off takes effect at once;
 * it is this browser's switch, not the account's.
 */
import * as Switch from "@radix-ui/react-switch";
import { useEffect, useId, useState } from "react";
import { toast } from "~/components/ui/toast";

type PushState = "checking" | "unsupported" | "blocked" | "off" | "on";

export const PUSH_TEXTS = {
  label: "Push notifications on this device",
  description:
    "New posts and picks from experts you follow or subscribe to, and the results of picks you asked to hear about, even while Sharpside is closed.",
  unsupported: "This browser cannot receive push notifications.",
  blocked: "Notifications are blocked for this site: allow them in your browser's site settings, then try again.",
  turnedOn: "Push notifications are on for this device.",
  turnedOff: "Push notifications are off for this device.",
  failed: "Push notifications could not be changed. Please try again.",
  off: "Push notifications are not set up on this server.",
} as const;

function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const registered = await navigator.serviceWorker.getRegistration("/");
  if (!registered) await navigator.serviceWorker.register("/sw.js", { updateViaCache: "none" });
  return navigator.serviceWorker.ready;
}

/** The server's refusal, in its words (the browser's own failures are told as PUSH_TEXTS.failed). */
class Refused extends Error {}

async function tellServer(fields: Record<string, string>): Promise<void> {
  const response = await fetch("/settings/push", { method: "POST", body: new URLSearchParams(fields) });
  const answer = (await response.json().catch(() => null)) as { ok?: boolean; error?: string } | null;
  if (!response.ok || !answer?.ok) throw new Refused(answer?.error ?? PUSH_TEXTS.failed);
}

/** Subscribes this browser (again, when the server's key changed) and tells the server. */
async function turnOn(publicKey: string): Promise<void> {
  const registration = await workerRegistration();
  let subscription = await registration.pushManager.getSubscription();
  const currentKey = subscription?.options.applicationServerKey;
  if (subscription && currentKey && base64url(currentKey) !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const json = subscription.toJSON();
  await tellServer({
    intent: "on",
    endpoint: subscription.endpoint,
    p256dh: json.keys?.p256dh ?? "",
    auth: json.keys?.auth ?? "",
  });
}

async function turnOff(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await tellServer({ intent: "off", endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}

function base64url(buffer: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function PushSwitch({ publicKey, endpoints }: { publicKey: string | null; endpoints: string[] }) {
  const [state, setState] = useState<PushState>("checking");
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    if (!publicKey || !pushSupported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("blocked");
    let stopped = false;
    navigator.serviceWorker
      .getRegistration("/")
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => {
        if (!stopped) setState(subscription && endpoints.includes(subscription.endpoint) ? "on" : "off");
      })
      .catch(() => !stopped && setState("off"));
    return () => {
      stopped = true;
    };
  }, [publicKey, endpoints]);

  const change = async (wanted: boolean) => {
    if (!publicKey) return;
    setBusy(true);
    try {
      if (wanted) {
        const permission = await Notification.requestPermission();
        if (permission !== "granted") {
          setState(permission === "denied" ? "blocked" : "off");
          if (permission === "denied") toast.error(PUSH_TEXTS.blocked);
          return;
        }
        await turnOn(publicKey);
      } else {
        await turnOff();
      }
      setState(wanted ? "on" : "off");
      toast.success(wanted ? PUSH_TEXTS.turnedOn : PUSH_TEXTS.turnedOff);
    } catch (error) {
      toast.error(error instanceof Refused ? error.message : PUSH_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };

  const note = !publicKey
    ? PUSH_TEXTS.off
    : state === "unsupported"
      ? PUSH_TEXTS.unsupported
      : state === "blocked"
        ? PUSH_TEXTS.blocked
        : PUSH_TEXTS.description;
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 p-4">
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          {PUSH_TEXTS.label}
        </label>
        <p id={`${id}-note`} className="mt-1 text-sm text-slate-600">
          {note}
        </p>
      </div>
      <Switch.Root
        id={id}
        checked={state === "on"}
        disabled={busy || state === "checking" || state === "unsupported" || !publicKey}
        onCheckedChange={(checked) => void change(checked)}
        aria-describedby={`${id}-note`}
        className="relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-500 transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50 data-[state=checked]:bg-brand-700"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
    </div>
  );
}
