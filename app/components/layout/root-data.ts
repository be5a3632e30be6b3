import { useRouteLoaderData } from "@remix-run/react";
import type { RootLoaderData } from "~/root";

/** The root loader's data: the reader's frame (account, subscriptions, recommendations). */
export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<RootLoaderData>("root");
}

/** The signed-in reader; null for a visitor. */
export function useViewer(): RootLoaderData["user"] {
  return useRootData()?.user ?? null;
}
