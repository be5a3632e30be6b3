/**
 * The pages rendered once per audience of signed-in readers (decision 047), each with the query
 * parameters it reads. A page is on this list only when everything it shows of its reader is in
 * the frame (account, subscriptions, recommendations) or in its own `personal` part, read beside
 * the shared copy (the home's feed, rendered into the page's slot: decision 049); a page that
 * shows anything else of its reader (settings) renders per request.
 */
import type { Database } from "~/db/client.server";
import type { Viewer } from "~/modules/accounts/sessions.server";
import { readExpertPagePersonal, type ExpertPageSubject } from "~/modules/experts/expert-page-personal.server";
import { pageFromUrl } from "~/modules/http/page-param";
import { readFeedPage } from "~/modules/posts/feed-page.server";
import { readPostPagePersonal, type PostPageSubject } from "~/modules/posts/post-page-personal.server";
import { SIDEBAR_SUBSCRIPTIONS, type SidebarSubscription } from "~/modules/sidebar/sidebar.server";

export interface SharedPage {
  /** The page's path parameters when `path` is this page, else null. */
  match(path: string): Record<string, string> | null;
  /** The query parameters the page reads; an address with any other is rendered for its reader. */
  query: readonly string[];
  /**
   * Which audience of the page the reader is in beyond the frame's (say, the expert's
   * subscribers): null when the page is the reader's alone (their own expert page), undefined when
   * it cannot tell before a render (`known`: what this address's last render declared). Such a
   * page's render declares its audience (`sharedRender.declare`, the paywall's decision for the
   * reader), and its copy is kept for that audience only.
   */
  audience?(
    reader: Viewer,
    sidebar: SidebarSubscription[],
    params: Record<string, string>,
    known: unknown,
  ): string | null | undefined;
  /**
   * The reader's own part of the page: from the subject the render declared, for a page with
   * audiences; from the address (`url`) for one without.
   */
  personal?(db: Database, reader: Viewer, subject: unknown, url: URL): Promise<unknown>;
  /** The page's slot (SharedSlot) that the reader's part fills, rendered on the server per reader. */
  slot?: string;
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
const POST_PAGE = /^\/posts\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** An admin's view, or a reader with more subscriptions than the sidebar lists, is theirs alone. */
const readsAlone = (reader: Viewer, sidebar: SidebarSubscription[]) =>
  reader.user.roles.includes("Admin") || sidebar.length >= SIDEBAR_SUBSCRIPTIONS;

export const SHARED_PAGES: SharedPage[] = [
  {
    // A signed-in reader's home is their feed: the page around it is the frame's, the feed their
    // part, rendered into the page's slot for each request (decision 049).
    match: exactly("/"),
    query: ["page"],
    slot: "feed",
    personal: (db, reader, _subject, url) => readFeedPage(db, reader.user.id, pageFromUrl(url)),
  },
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
      if (reader.user.userName.toLowerCase() === name || readsAlone(reader, sidebar)) return null;
      // The sidebar lists every subscription giving access (the paywall's rule).
      return sidebar.some((subscription) => subscription.userName.toLowerCase() === name) ? "subscriber" : "reader";
    },
    personal: (db, reader, subject) => readExpertPagePersonal(db, reader.user.id, subject as ExpertPageSubject),
  },
  {
    // A pick: unlocked for its author's subscribers, locked for everyone else; a free post alike
    // for all. Its author's own view is theirs alone. Which it is, the first render tells.
    match: (path) => {
      const postId = POST_PAGE.exec(path)?.[1];
      return postId ? { postId } : null;
    },
    query: [],
    audience: (reader, sidebar, _params, known) => {
      if (readsAlone(reader, sidebar)) return null;
      const subject = known as PostPageSubject | undefined;
      if (!subject) return undefined;
      if (subject.authorId === reader.user.id) return null;
      if (subject.postType === "Post") return "free";
      return sidebar.some((subscription) => subscription.expertId === subject.authorId) ? "unlocked" : "locked";
    },
    personal: (db, reader, subject) => readPostPagePersonal(db, reader.user.id, subject as PostPageSubject),
  },
];

/** The shared page `path` is with its parameters, when asked with only the parameters it reads, each once. */
export function sharedPageOf(
  path: string,
  originalUrl: string,
): { page: SharedPage; params: Record<string, string> } | null {
  // A page's data (single fetch, `/experts/someone.data`) is loaded for its reader alone: the
  // browser merges it over the page as it is.
  if (path.endsWith(".data")) return null;
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
