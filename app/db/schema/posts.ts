/** Posts and picks */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt, id } from "./columns";
import { pickMarket, pickResult, postStatus, postType, postVisibility } from "./enums";
import { users } from "./accounts";
import { categories, events, modalities } from "./sports";

export const posts = pgTable(
  "posts",
  {
    id: id(),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postType: postType().notNull(),
    title: text().notNull(),
    /** Slate document (array of blocks). Only toPostDTO decides who may receive it. */
    body: jsonb().notNull(),
    /** At most 300 characters in at most 5 blocks; what locked readers see. */
    preview: jsonb()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Plain text of the preview, for search and meta tags. */
    previewText: text().notNull().default(""),
    coverImage: text(),
    visibility: postVisibility().notNull(),
    status: postStatus().notNull(),
    publishDate: timestamp({ withTimezone: true }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    eventId: integer().references(() => events.id),
    // Pick fields: the verified record.
    selection: text(),
    odds: integer(),
    units: numeric({ precision: 4, scale: 1, mode: "number" }),
    pickResult: pickResult(),
    gradedAt: timestamp({ withTimezone: true }),
    /**
     * The verified record (decision 026). A structured pick names its market and legs
     * (one for a single bet); `selection`, `odds` and `eventId` are derived from them. Triggers
     * (migration 0011) stamp `postedAt`, the commitment and its canonical text when the pick is
     * posted, and refuse any change to the pick afterwards, and anything but its grade once its
     * event has started.
     */
    market: pickMarket(),
    legs: jsonb().$type<PickLegRecord[]>(),
    postedAt: timestamp({ withTimezone: true }),
    withdrawnAt: timestamp({ withTimezone: true }),
    /** SHA-256 (hex) of `commitCanonical`, public from posting. */
    commitment: text(),
    /** The committed text, salt included: revealed once the event has started. */
    commitCanonical: text(),
    /**
     * Self-reported: graded by its expert (a prop leg, or a pick from before structured picks), not
     * from the final score. Decided at posting and frozen (migration 0017); never counts in the
     * verified figures.
     */
    selfGraded: boolean().notNull().default(false),
    /** The odds the grade paid at: a parlay with a pushed or void leg pays at its remaining legs' odds. */
    settledOdds: integer(),
    /** Closing-line value in percentage points of implied probability (positive: beat the close). */
    clv: numeric({ precision: 6, scale: 2, mode: "number" }),
    /** When a correction of one of its games' results regraded it, and the admin's reason (the trail: event_result_corrections). */
    resultCorrectedAt: timestamp({ withTimezone: true }),
    resultCorrectionReason: text(),
    likesCount: integer().notNull().default(0),
    commentsCount: integer().notNull().default(0),
    /** When its readers were told it is live (ExpertNewPost, PostLive): once, by the publishing job or the publish itself. */
    announcedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The publishing job's queue: published posts not yet announced, by date.
    index("posts_unannounced_publish_date_idx")
      .on(t.publishDate)
      .where(sql`${t.status} = 'Published' AND ${t.announcedAt} IS NULL`),
    index("posts_author_id_publish_date_idx").on(t.authorId, t.publishDate.desc()),
    index("posts_publish_date_idx").on(t.publishDate.desc()),
    index("posts_category_id_publish_date_idx").on(t.categoryId, t.publishDate.desc()),
    index("posts_event_id_idx").on(t.eventId),
    // The lists (post-lists.server.ts): published rows only, in list order, so a page and its
    // count are index-only scans (the feed: author_id = ANY(followed and subscribed experts)).
    // INCLUDE (author_id) as well (migration 0016, which drizzle cannot express): the feed's window
    // of the newest posts keeps its readers' experts' ones without reading the posts.
    index("posts_live_publish_date_idx")
      .on(t.publishDate.desc(), t.id.desc())
      .where(sql`${t.status} = 'Published'`),
    index("posts_live_author_id_publish_date_idx")
      .on(t.authorId, t.publishDate.desc(), t.id.desc())
      .where(sql`${t.status} = 'Published'`),
    index("posts_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    // Recommended experts: picks graded lately (the recent verified performance).
    index("posts_graded_at_idx")
      .on(t.gradedAt)
      .where(sql`${t.pickResult} IS NOT NULL`),
    // Search (migration 0010, hand-written): generated tsvector columns search_document and
    // search_locked with their GIN indexes. They are not declared here so that no select of
    // `posts` ever carries them.
    check("posts_title_length", sql`char_length(${t.title}) BETWEEN 1 AND 1000`),
    check(
      "posts_visibility_matches_type",
      sql`(${t.postType} = 'Post' AND ${t.visibility} = 'Free') OR (${t.postType} = 'Pick' AND ${t.visibility} = 'Subscribers')`,
    ),
    check("posts_units_range", sql`${t.units} IS NULL OR (${t.units} >= 0.1 AND ${t.units} <= 10)`),
  ],
);

/** One leg of a structured pick, as stored in `posts.legs`. */
export interface PickLegRecord {
  eventId: number;
  market: "Moneyline" | "Spread" | "Total" | "PlayerProp" | "TeamProp";
  side: "Home" | "Away" | "Draw" | "Over" | "Under" | null;
  line: number | null;
  odds: number;
  /** Props: what is bet on, in the expert's words. */
  description: string | null;
}

export const postModalities = pgTable(
  "post_modalities",
  {
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    modalityId: integer()
      .notNull()
      .references(() => modalities.id),
  },
  (t) => [primaryKey({ columns: [t.postId, t.modalityId] }), index("post_modalities_modality_id_idx").on(t.modalityId)],
);

export const comments = pgTable(
  "comments",
  {
    id: id(),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One reply level: a reply's parent is always a top-level comment. */
    parentId: uuid().references((): AnyPgColumn => comments.id, { onDelete: "cascade" }),
    body: text().notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("comments_post_id_created_at_idx").on(t.postId, t.createdAt),
    index("comments_parent_id_idx").on(t.parentId),
    index("comments_author_id_idx").on(t.authorId),
  ],
);

export const likes = pgTable(
  "likes",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index("likes_post_id_idx").on(t.postId),
    index("likes_user_id_created_at_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/** "Notify me" on a scheduled post: a PostLive notification when it goes live. */
export const notifyRequests = pgTable(
  "notify_requests",
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: uuid()
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index("notify_requests_post_id_idx").on(t.postId)],
);
