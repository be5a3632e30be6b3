import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useSyncExternalStore } from "react";
import { PERSONAL_DATA_ID } from "~/modules/http/shared-render";
import type { RootLoaderData } from "~/root";

type ShellPersonal = Pick<RootLoaderData, "user" | "subscriptions" | "topExperts">;

const noSubscription = () => () => {};

/** False on the server and while the page hydrates, true from then on (and for later mounts). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

let personal: ShellPersonal | undefined;

/** The reader's own frame data the server put beside a shared page (decision 047), read once. */
export function inlinedPersonal(): ShellPersonal | null {
  if (personal) return personal;
  const text = typeof document === "undefined" ? null : document.getElementById(PERSONAL_DATA_ID)?.textContent;
  try {
    personal = text ? (JSON.parse(text) as ShellPersonal) : undefined;
  } catch {
    personal = undefined;
  }
  return personal ?? null;
}

const merged = new WeakMap<RootLoaderData, RootLoaderData>();

/**
 * The root's data as the frame shows it. A page rendered once for a whole audience carries a
 * stand-in's frame (no name, no subscriptions): the server and the hydrating browser render that
 * neutral frame alike, then the reader's own part takes its place. Any page the root's loader
 * renders for the reader itself (a later revalidation, every other page) is theirs already.
 */
export function useRootData(): RootLoaderData | undefined {
  const data = useRouteLoaderData<RootLoaderData>("root");
  const hydrated = useHydrated();
  if (!data?.sharedRender || !hydrated) return data;
  const own = inlinedPersonal();
  if (!own) return data;
  let result = merged.get(data);
  if (!result) {
    result = { ...data, ...own, sharedRender: false };
    merged.set(data, result);
  }
  return result;
}

/** The signed-in reader as the frame shows them (see useRootData); null for a visitor. */
export function useViewer(): RootLoaderData["user"] {
  return useRootData()?.user ?? null;
}

/**
 * A shared page whose reader's part is missing (it cannot be read) asks the root's loader again,
 * which answers for the reader: the frame never stays the stand-in's.
 */
export function useFrameRecovery(): void {
  const data = useRouteLoaderData<RootLoaderData>("root");
  const hydrated = useHydrated();
  const { revalidate } = useRevalidator();
  const missing = Boolean(data?.sharedRender) && hydrated && !inlinedPersonal();
  useEffect(() => {
    if (missing) revalidate();
  }, [missing, revalidate]);
}
