/**
 * The pages rendered once per audience of signed-in readers (decision 047), each with the query
 * parameters it reads. A page is on this list only when everything it shows of its reader is in
 * the frame (account, subscriptions, recommendations) or in its own `personal` part, read beside
 * the shared copy; a page that shows anything else of its reader (a feed, settings, a post's
 * comments) renders per request.
 */
import type { Database } from "~/db/client.server";
import type { Viewer } from "~/modules/accounts/sessions.server";
import { readExpertPagePersonal, type ExpertPageSubject } from "~/modules/experts/expert-page-personal.server";
import { SIDEBAR_SUBSCRIPTIONS, type SidebarSubscription } from "~/modules/sidebar/sidebar.server";

export interface SharedPage {
  /** The page's path parameters when `path` is this page, else null. */
  match(path: string): Record<string, string> | null;
  /** The query parameters the page reads; an address with any other is rendered for its reader. */
  query: readonly string[];
  /**
   * Which audience of the page the reader is in beyond the frame's (say, the expert's
   * subscribers), or null when the page is the reader's alone (their own expert page). The render
   * must declare the same audience (`sharedRender.declare`), or its copy is not kept.
   */
  audience?(reader: Viewer, sidebar: SidebarSubscription[], params: Record<string, string>): string | null;
  /** The reader's own part of the page, from the subject the render declared. */
  personal?(db: Database, reader: Viewer, subject: unknown): Promise<unknown>;
}

const exactly =
  (path: string) =>
  (asked: string): Record<string, string> | null =>
    asked === path ? {} : null;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const EXPERT_PAGE = /^\/experts\/([^/]+)$/;

export const SHARED_PAGES: SharedPage[] = [
  { match: exactly("/leaderboard"), query: ["window", "categoryId", "page"] },
  ...["/verify", "/terms", "/privacy", "/payments-terms", "/partners", "/become-partner"].map((path) => ({
    match: exactly(path),
    query: [],
  })),
  {
    // Its subscribers read the paid posts; everyone else the locked cards. The expert's own page,
    // and an admin's view, are theirs alone.
    match: (path) => {
      const userName = EXPERT_PAGE.exec(path)?.[1];
      const name = userName === undefined ? null : decoded(userName);
      return name ? { userName: name } : null;
    },
    query: ["page"],
    audience: (reader, sidebar, { userName }) => {
      const name = userName.toLowerCase();
      if (reader.user.userName.toLowerCase() === name || reader.user.roles.includes("Admin")) return null;
      // The sidebar lists every subscription giving access unless there are more than it shows.
      if (sidebar.length >= SIDEBAR_SUBSCRIPTIONS) return null;
      return sidebar.some((subscription) => subscription.userName.toLowerCase() === name) ? "subscriber" : "reader";
    },
    personal: (db, reader, subject) => readExpertPagePersonal(db, reader.user.id, subject as ExpertPageSubject),
  },
];

/** The shared page `path` is with its parameters, when asked with only the parameters it reads, each once. */
export function sharedPageOf(
  path: string,
  originalUrl: string,
): { page: SharedPage; params: Record<string, string> } | null {
  for (const page of SHARED_PAGES) {
    const params = page.match(path);
    if (!params) continue;
    const query = originalUrl.indexOf("?");
    if (query === -1) return { page, params };
    const names = [...new URLSearchParams(originalUrl.slice(query + 1)).keys()];
    const known = names.every((name) => page.query.includes(name)) && new Set(names).size === names.length;
    return known ? { page, params } : null;
  }
  return null;
}
