/**
 * What the page frame (header and sidebar) shows of one signed-in user: their account, their
 * subscriptions with new-post counters, and the recommended experts left once their own
 * subscriptions are taken out. The root loader renders it into every page.
 */
import type { Database } from "~/db/client.server";
import type { Viewer } from "~/modules/accounts/sessions.server";
import { recommendExperts } from "~/modules/experts/recommendations.server";
import {
  listSidebarSubscriptions,
  SIDEBAR_SUBSCRIPTIONS,
  type SidebarSubscription,
} from "~/modules/subscriptions/sidebar-subscriptions.server";

/** product.md "Error messages": top experts 5. */
export const RECOMMENDED_IN_SIDEBAR = 5;

export interface ShellPersonal {
  user: Viewer["user"] | null;
  subscriptions: SidebarSubscription[];
  topExperts: { id: string; userName: string; avatar: string }[];
}

/**
 * The frame's personal part for `viewer` (null: a visitor). `sidebar` is the subscriptions when
 * the caller read them with the viewer (one statement); else they are read here.
 */
export async function readShellPersonal(
  db: Database,
  viewer: Viewer | null,
  sidebar: SidebarSubscription[] | null,
): Promise<ShellPersonal> {
  const subscriptions = viewer ? (sidebar ?? (await listSidebarSubscriptions(db, viewer.user.id))) : [];
  const topExperts = await recommendExperts(db, viewer?.user.id ?? null, RECOMMENDED_IN_SIDEBAR, {
    // The sidebar lists every subscription unless there are more than it shows: then ask.
    subscribed:
      subscriptions.length < SIDEBAR_SUBSCRIPTIONS
        ? subscriptions.map((subscription) => subscription.expertId)
        : undefined,
  });
  return {
    user: viewer?.user ?? null,
    subscriptions,
    topExperts: topExperts.map(({ id, userName, avatar }) => ({ id, userName, avatar })),
  };
}
