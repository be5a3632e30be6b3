import { useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { startTransition, useEffect, useState } from "react";
import { PERSONAL_DATA_ID, type PersonalParts } from "~/modules/http/shared-render";
import type { RootLoaderData } from "~/root";

type ShellPersonal = Pick<RootLoaderData, "user" | "subscriptions" | "topExperts">;

let hydratedOnce = false;

/**
 * False on the server and while the page hydrates, true from then on (and at once for anything
 * mounted later). Only where `active`: elsewhere it stays true and costs no render. The switch is
 * a transition, so a part of the page still waiting for its code to hydrate is not re-rendered
 * from scratch (React's error 421).
 */
export function useHydrated(active = true): boolean {
  const [hydrated, setHydrated] = useState(hydratedOnce || !active);
  useEffect(() => {
    hydratedOnce = true;
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

let personal: PersonalParts<ShellPersonal> | undefined;

/** The reader's own parts the server put beside a shared page (decision 047), read once. */
export function inlinedPersonal(): PersonalParts<ShellPersonal> | null {
  if (personal) return personal;
  const text = typeof document === "undefined" ? null : document.getElementById(PERSONAL_DATA_ID)?.textContent;
  try {
    personal = text ? (JSON.parse(text) as PersonalParts<ShellPersonal>) : undefined;
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
  const hydrated = useHydrated(Boolean(data?.sharedRender));
  if (!data?.sharedRender || !hydrated) return data;
  const own = inlinedPersonal()?.frame;
  if (!own) return data;
  let result = merged.get(data);
  if (!result) {
    const { user, subscriptions, topExperts } = own;
    result = { ...data, user, subscriptions, topExperts, sharedRender: false };
    merged.set(data, result);
  }
  return result;
}

/**
 * The reader's own part of a page rendered for its audience (`shared`: the loader's data says
 * so), once the page has hydrated; null before, and for a page rendered for the reader alone.
 */
export function usePagePersonal<Page>(shared: boolean): Page | null {
  const hydrated = useHydrated(shared);
  return shared && hydrated ? sharedPagePart<Page>() : null;
}

/**
 * The reader's own part of a shared page at once, not after hydration: a slot's content
 * (SharedSlot), which the server rendered into the page from this very part. Null on the server.
 */
export function sharedPagePart<Page>(): Page | null {
  return (inlinedPersonal()?.page as Page | undefined) ?? null;
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
  const hydrated = useHydrated(Boolean(data?.sharedRender));
  const { revalidate } = useRevalidator();
  const missing = Boolean(data?.sharedRender) && hydrated && !inlinedPersonal();
  useEffect(() => {
    if (missing) revalidate();
  }, [missing, revalidate]);
}
