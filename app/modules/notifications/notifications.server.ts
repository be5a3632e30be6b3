/**
 * Reading notifications (decision 024): the list, the stream hub's loads and replays, the
 * unread count and mark-read. A notification carries ids and public facts only (a post's title,
 * never its body): one serializer, `toNotificationDTO`, for the list, the stream and e-mails.
 * They are created by `notify.server.ts`.
 */
import { isCalendarTimestamp } from "~/modules/http/storable";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { events, notifications, payments, posts, profiles, users, type pickResult } from "~/db/schema";
import { avatarOrDefault } from "~/modules/avatars/avatar-svg";
import { UUID_PATTERN } from "~/modules/http/uuid";
import { NOTIFICATION_KINDS, type NotificationKind } from "./notification-kinds";

export { NOTIFICATION_KINDS, type NotificationKind };

interface PersonInfo {
  id: string;
  userName: string;
  firstName: string;
  avatar: string;
  roles: string[];
}

export interface NotificationDTO {
  id: string;
  dataType: NotificationKind;
  isRead: boolean;
  createdOn: string;
  data: {
    /** The post; for PickGraded also the pick's grade (public once graded). */
    postInfo: { id: string; title: string; pickResult?: (typeof pickResult.enumValues)[number] } | null;
    commentInfo: { id: string; authorInfo: Omit<PersonInfo, "id"> } | null;
    /** The actor (who liked, subscribed, commented, sent Cheers) or, for a post going live, its expert. */
    expertInfo: PersonInfo | null;
    eventInfo: { id: number; title: string } | null;
    /** A Cheer's amount (cents) and message; null for every other kind. */
    cheerInfo: { amount: number; message: string | null } | null;
  };
}

// What a notification shows is read when it is answered (a renamed expert shows the new name).
const actors = alias(users, "actors");
const actorProfiles = alias(profiles, "actor_profiles");
const postAuthors = alias(users, "post_authors");
const postAuthorProfiles = alias(profiles, "post_author_profiles");

const notificationColumns = {
  id: notifications.id,
  recipientId: notifications.recipientId,
  dataType: notifications.dataType,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  // The exact stored time for the cursor (a Date keeps milliseconds; the column, microseconds).
  cursorAt: sql<string>`${notifications.createdAt}::text`,
  postId: posts.id,
  postTitle: posts.title,
  pickResult: posts.pickResult,
  commentId: notifications.commentId,
  actor: {
    id: actors.id,
    userName: actors.userName,
    firstName: actors.firstName,
    roles: actors.roles,
    avatar: actorProfiles.avatar,
  },
  author: {
    id: postAuthors.id,
    userName: postAuthors.userName,
    firstName: postAuthors.firstName,
    roles: postAuthors.roles,
    avatar: postAuthorProfiles.avatar,
  },
  event: { id: events.id, homeTeam: events.homeTeam, awayTeam: events.awayTeam },
  cheer: { amount: payments.amountCents, message: payments.message },
};

function selectNotifications(db: Database) {
  return (
    db
      .select(notificationColumns)
      .from(notifications)
      .leftJoin(actors, eq(actors.id, notifications.actorId))
      .leftJoin(actorProfiles, eq(actorProfiles.userId, notifications.actorId))
      .leftJoin(posts, eq(posts.id, notifications.postId))
      .leftJoin(postAuthors, eq(postAuthors.id, posts.authorId))
      .leftJoin(postAuthorProfiles, eq(postAuthorProfiles.userId, posts.authorId))
      .leftJoin(events, eq(events.id, notifications.eventId))
      // A Cheer's payment shares its id (notifyCheer).
      .leftJoin(payments, and(eq(notifications.dataType, "Cheer"), eq(payments.id, notifications.id)))
  );
}

type NotificationRow = Awaited<ReturnType<ReturnType<typeof selectNotifications>["execute"]>>[number];

type PersonRow = {
  id: string | null;
  userName: string | null;
  firstName: string | null;
  roles: string[] | null;
  avatar: string | null;
};

function toPerson(row: PersonRow | null): PersonInfo | null {
  if (!row?.id || !row.userName) return null;
  return {
    id: row.id,
    userName: row.userName,
    firstName: row.firstName ?? "",
    avatar: avatarOrDefault(row.avatar, row.userName),
    roles: row.roles ?? [],
  };
}

/** The one way a notification leaves the server. */
export function toNotificationDTO(row: NotificationRow): NotificationDTO {
  return { ...notificationHead(row), data: notificationData(row) };
}

/** What is each notification's own: its id, kind, time and read state. */
function notificationHead(row: {
  id: string;
  dataType: NotificationKind;
  isRead: boolean;
  createdAt: Date;
}): Omit<NotificationDTO, "data"> {
  return { id: row.id, dataType: row.dataType, isRead: row.isRead, createdOn: row.createdAt.toISOString() };
}

/** What it is about: the same for every notification of one kind, actor, post, comment and game (or Cheer). */
function notificationData(row: NotificationRow): NotificationDTO["data"] {
  const actor = toPerson(row.actor);
  const postKind = row.dataType === "ExpertNewPost" || row.dataType === "PostLive" || row.dataType === "PickGraded";
  const graded = row.dataType === "PickGraded" && row.pickResult ? { pickResult: row.pickResult } : {};
  const commentAuthor =
    actor && row.commentId
      ? { userName: actor.userName, firstName: actor.firstName, avatar: actor.avatar, roles: actor.roles }
      : null;
  return {
    postInfo: row.postId && row.postTitle !== null ? { id: row.postId, title: row.postTitle, ...graded } : null,
    commentInfo: row.commentId && commentAuthor ? { id: row.commentId, authorInfo: commentAuthor } : null,
    expertInfo: postKind ? toPerson(row.author) : actor,
    eventInfo: row.event?.id ? { id: row.event.id, title: `${row.event.awayTeam} at ${row.event.homeTeam}` } : null,
    cheerInfo: row.cheer && row.cheer.amount !== null ? { amount: row.cheer.amount, message: row.cheer.message } : null,
  };
}

/** The list's cursor: the last item's exact time and id (the list's order), opaque to the client. */
function encodeCursor(row: { cursorAt: string; id: string }): string {
  return Buffer.from(`${row.cursorAt}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  const [createdAt, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  // A cursor is ours only when it names a real moment: a forged "2026-13-45" is a 400, not a database error.
  if (
    !id ||
    !UUID_PATTERN.test(id) ||
    !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/.test(createdAt ?? "") ||
    !isCalendarTimestamp(createdAt)
  )
    return null;
  return { createdAt, id };
}

export class BadCursorError extends Error {}

/** The viewer's notifications, newest first, `size` after the cursor. */
export async function listNotifications(
  db: Database,
  recipientId: string,
  options: { size: number; afterCursor?: string; dataType?: NotificationKind },
): Promise<{ items: NotificationDTO[]; hasNextPage: boolean; endCursor: string | null }> {
  const after = options.afterCursor ? decodeCursor(options.afterCursor) : null;
  if (options.afterCursor && !after) throw new BadCursorError();
  const rows = await selectNotifications(db)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        options.dataType ? eq(notifications.dataType, options.dataType) : undefined,
        after
          ? or(
              sql`${notifications.createdAt} < ${after.createdAt}::timestamptz`,
              and(
                sql`${notifications.createdAt} = ${after.createdAt}::timestamptz`,
                sql`${notifications.id} < ${after.id}::uuid`,
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.size + 1);
  const page = rows.slice(0, options.size);
  const last = page.at(-1);
  return {
    items: page.map(toNotificationDTO),
    hasNextPage: rows.length > options.size,
    endCursor: last ? encodeCursor(last) : null,
  };
}

/**
 * One announcement (a NOTIFY of the trigger in drizzle/0019): notifications alike in kind, actor,
 * post, comment, game, read state and creation time, of which the stream hub keeps those whose
 * recipient has a stream open on its instance.
 */
export interface AnnouncedGroup {
  dataType: NotificationKind;
  actorId: string | null;
  postId: string | null;
  commentId: string | null;
  eventId: number | null;
  isRead: boolean;
  /** The exact creation time, in microseconds since 1970 (the column's precision; the order). */
  createdAtMicros: number;
  notifications: { recipientId: string; id: string }[];
}

/** How often a group whose row we read for its details has gone is retried with another of its rows. */
const DETAIL_ATTEMPTS = 3;

/**
 * What the stream hub sends for the announced groups, oldest first. A burst (one post to ten
 * thousand followers) is many notifications about one thing: what each is about is read and
 * serialized once per kind, actor, post, comment and game (a Cheer, whose amount is its own, once
 * each), from one of its rows; the rest of each notification came with the announcement.
 */
export async function notificationsOfGroups(
  db: Database,
  groups: AnnouncedGroup[],
): Promise<(NotificationDTO & { recipientId: string })[]> {
  // What each group is about, once per group (a Cheer's amount is its own: each one is its own key),
  // and its notifications whose ids are ids.
  const keyed = groups.map((group) => ({
    group,
    key:
      group.dataType === "Cheer"
        ? null
        : `${group.dataType}|${group.actorId}|${group.postId}|${group.commentId}|${group.eventId}`,
    notifications: group.notifications.filter(({ id }) => UUID_PATTERN.test(id)),
  }));
  // Each "about" key with its rows, any of which can be read for the details.
  const rowsOfKey = new Map<string, string[]>();
  for (const { key, notifications: announced } of keyed)
    for (const { id } of announced) {
      const rows = rowsOfKey.get(key ?? id);
      if (!rows) rowsOfKey.set(key ?? id, [id]);
      else if (rows.length < DETAIL_ATTEMPTS) rows.push(id);
    }
  const dataOfKey = new Map<string, NotificationDTO["data"]>();
  // A row read for its details may be gone (its recipient deleted meanwhile): another of the group's is read.
  for (let attempt = 0; attempt < DETAIL_ATTEMPTS; attempt++) {
    const wanted = new Map<string, string>();
    for (const [key, rows] of rowsOfKey) if (!dataOfKey.has(key) && rows[attempt]) wanted.set(rows[attempt], key);
    if (wanted.size === 0) break;
    const detailed = await selectNotifications(db).where(inArray(notifications.id, [...wanted.keys()]));
    for (const row of detailed) dataOfKey.set(wanted.get(row.id)!, notificationData(row));
  }
  const sent: { at: number; notification: NotificationDTO & { recipientId: string } }[] = [];
  for (const { group, key, notifications: announced } of keyed) {
    const { dataType, isRead } = group;
    const createdOn = new Date(Math.floor(group.createdAtMicros / 1000)).toISOString();
    for (const { recipientId, id } of announced) {
      const data = dataOfKey.get(key ?? id);
      // Gone before it could be read (its post or actor deleted): nothing to send.
      if (data)
        sent.push({ at: group.createdAtMicros, notification: { id, dataType, isRead, createdOn, data, recipientId } });
    }
  }
  // The list's order (time, then id): a recipient's notifications of several groups arrive in it.
  if (groups.length > 1) sent.sort((a, b) => a.at - b.at || (a.notification.id < b.notification.id ? -1 : 1));
  return sent.map(({ notification }) => notification);
}

/** What a stream reconnecting with `Last-Event-ID` missed: the recipient's notifications after that one, oldest first. */
export async function notificationsSince(
  db: Database,
  recipientId: string,
  lastId: string,
): Promise<NotificationDTO[]> {
  if (!UUID_PATTERN.test(lastId)) return [];
  const rows = await selectNotifications(db)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        sql`(${notifications.createdAt}, ${notifications.id}) > (SELECT n.created_at, n.id FROM ${notifications} n WHERE n.id = ${lastId}::uuid AND n.recipient_id = ${recipientId}::uuid)`,
      ),
    )
    .orderBy(notifications.createdAt, notifications.id)
    .limit(100);
  return rows.map(toNotificationDTO);
}

/** The recipient's notifications created after `since` (a stream that has sent nothing yet, after a lost LISTEN). */
export async function notificationsCreatedAfter(
  db: Database,
  recipientId: string,
  since: Date,
): Promise<NotificationDTO[]> {
  const rows = await selectNotifications(db)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        sql`${notifications.createdAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(notifications.createdAt, notifications.id)
    .limit(100);
  return rows.map(toNotificationDTO);
}

export async function countUnread(db: Database, recipientId: string): Promise<number> {
  return db.$count(notifications, and(eq(notifications.recipientId, recipientId), eq(notifications.isRead, false)));
}

/**
 * Marks read every notification of the recipient created at or before `tillDate` (to the
 * millisecond: the client sends back a `createdOn`, which has no microseconds); answers the
 * unread count left.
 */
export async function markRead(db: Database, recipientId: string, tillDate: Date): Promise<number> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.isRead, false),
        sql`date_trunc('milliseconds', ${notifications.createdAt}) <= ${tillDate.toISOString()}::timestamptz`,
      ),
    );
  return countUnread(db, recipientId);
}
