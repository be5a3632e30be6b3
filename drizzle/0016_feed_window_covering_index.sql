-- Hand-written (decision 051): the feed's window (post-lists.server.ts, `feed_recent`) reads the
-- newest live posts from posts_live_publish_date_idx and keeps those by the reader's experts. With
-- author_id in the index that is an index-only scan: without it, each of the 100 to 200 entries
-- the window reads fetched its post's row for the author (90 of a feed page's 300 buffer reads).
-- Drizzle's index builder cannot say INCLUDE: schema.ts names the index without it.
DROP INDEX "posts_live_publish_date_idx";--> statement-breakpoint
CREATE INDEX "posts_live_publish_date_idx" ON "posts" USING btree ("publish_date" DESC NULLS LAST, "id" DESC NULLS LAST) INCLUDE ("author_id")
  WHERE "posts"."status" = 'Published';
