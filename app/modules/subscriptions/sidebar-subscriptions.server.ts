/**
 * The sidebar's 'Subscriptions' list: the experts the viewer holds access to, each with their
 * new-post counter. Every signed-in page renders it, so it is one prepared statement, read alone
 * or beside the viewer (`readViewerWithSidebar`, the root loader's one statement).
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { preparedStatement } from "~/db/hot-path/prepared-statements.server";
import { profiles, sessions, subscriptions, users } from "~/db/schema";
import { subscriptionGivesAccessSql } from "~/modules/access/access-sql.server";
import { selectViewer, toViewer, type Viewer } from "~/modules/accounts/sessions.server";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";
import { newPostsSinceSeenSql } from "~/modules/subscriptions/new-posts.server";

export interface SidebarSubscription {
  expertId: string;
  userName: string;
  avatar: string;
  newPosts: number;
}

/** The sidebar lists at most this many subscriptions (the /subscriptions page lists them all). */
export const SIDEBAR_SUBSCRIPTIONS = 50;

const nowParam = sql`${sql.placeholder("now")}::timestamptz`;

/** The sidebar of `subscriber` (SQL) with each expert's new-post counter at the `now` placeholder. */
const selectSidebar = (db: Database, subscriber: SQL) =>
  db
    .select({
      expertId: sql<string>`${subscriptions.expertId}`.as("expertId"),
      userName: sql<string>`${users.userName}`.as("userName"),
      // A lookup per row: as a join the planner hashed every profile for a handful of experts.
      avatar: sql<
        string | null
      >`(SELECT pr.avatar FROM ${profiles} pr WHERE pr.user_id = ${subscriptions.expertId})`.as("avatar"),
      newPosts: newPostsSinceSeenSql(nowParam).as("newPosts"),
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.expertId))
    .where(and(eq(subscriptions.subscriberId, subscriber), subscriptionGivesAccessSql(nowParam)))
    .orderBy(asc(users.userName))
    .limit(SIDEBAR_SUBSCRIPTIONS);

type SidebarRow = { expertId: string; userName: string; avatar: string | null; newPosts: number };

const toSidebarSubscription = (row: SidebarRow): SidebarSubscription => ({
  expertId: row.expertId,
  userName: row.userName,
  avatar: avatarOrDefault(row.avatar, row.userName),
  newPosts: Number(row.newPosts),
});

const sidebarStatement = preparedStatement((db) =>
  selectSidebar(db, sql`${sql.placeholder("subscriberId")}::uuid`).prepare("read_sidebar_subscriptions"),
);

export async function listSidebarSubscriptions(
  db: Database,
  subscriberId: string,
  now = new Date(),
): Promise<SidebarSubscription[]> {
  const rows = await sidebarStatement(db).execute({ subscriberId, now: now.toISOString() });
  return rows.map(toSidebarSubscription);
}

/** The viewer and their sidebar in one round trip: the sidebar as JSON beside the session's user. */
const viewerWithSidebarStatement = preparedStatement((db) => {
  const sidebar = selectSidebar(db, sql`${sessions.userId}`).as("sidebar");
  return selectViewer(db, {
    // Each row as a JSON object keyed by the select's aliases, in the sidebar's order.
    sidebar: sql<SidebarRow[]>`(SELECT coalesce(json_agg(sidebar ORDER BY ${sidebar.userName}), '[]') FROM ${sidebar})`,
  }).prepare("read_viewer_sidebar");
});

/**
 * The signed-in user of the live session `sessionId` with their sidebar subscriptions, in one
 * statement (every signed-in page's root loader); null when the session is not live.
 */
export async function readViewerWithSidebar(
  db: Database,
  sessionId: string,
  now = new Date(),
): Promise<{ viewer: Viewer; sidebar: SidebarSubscription[] } | null> {
  const [row] = await viewerWithSidebarStatement(db).execute({ sessionId, now: now.toISOString() });
  return row ? { viewer: toViewer(sessionId, row), sidebar: row.sidebar.map(toSidebarSubscription) } : null;
}
