-- Hand-written (decision 051): the published-posts count (0005) and latest_publish_date (0014) are
-- kept by ONE trigger per event, so a post insert or update writes its expert's row once, not
-- twice (two row versions of a hot row per new post, and twice the lock traffic).
DROP TRIGGER "posts_latest_publish_date_insert" ON "posts";--> statement-breakpoint
DROP TRIGGER "posts_latest_publish_date_update" ON "posts";--> statement-breakpoint
DROP FUNCTION "raise_latest_publish_date"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_published_posts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- greatest() skips NULLs: a first post sets the date, a later one only raises it.
    UPDATE "experts" e SET "published_posts_count" = e."published_posts_count" + d.n,
      "latest_publish_date" = greatest(e."latest_publish_date", d.latest)
    FROM (SELECT "author_id", count(*)::int AS n, max("publish_date") AS latest FROM new_rows WHERE "status" = 'Published' GROUP BY "author_id") d
    WHERE e."user_id" = d."author_id";
  ELSE
    -- A deleted post's date stays: the date is raised, never lowered (0014).
    UPDATE "experts" e SET "published_posts_count" = e."published_posts_count" - d.n
    FROM (SELECT "author_id", count(*)::int AS n FROM old_rows WHERE "status" = 'Published' GROUP BY "author_id") d
    WHERE e."user_id" = d."author_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "recount_published_post"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean := OLD."status" IS DISTINCT FROM NEW."status" OR OLD."author_id" IS DISTINCT FROM NEW."author_id";
BEGIN
  IF moved AND OLD."status" = 'Published' THEN
    UPDATE "experts" SET "published_posts_count" = "published_posts_count" - 1 WHERE "user_id" = OLD."author_id";
  END IF;
  IF NEW."status" = 'Published' THEN
    UPDATE "experts" SET "published_posts_count" = "published_posts_count" + CASE WHEN moved THEN 1 ELSE 0 END,
      "latest_publish_date" = greatest("latest_publish_date", NEW."publish_date")
    WHERE "user_id" = NEW."author_id" AND (moved OR NEW."publish_date" > coalesce("latest_publish_date", '-infinity'));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Per row, only when a post's status or author changes, or a published post's date does (a like does not).
DROP TRIGGER "posts_published_count_update" ON "posts";--> statement-breakpoint
CREATE TRIGGER "posts_published_count_update" AFTER UPDATE OF "status", "author_id", "publish_date" ON "posts"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."author_id" IS DISTINCT FROM NEW."author_id"
    OR (NEW."status" = 'Published' AND OLD."publish_date" IS DISTINCT FROM NEW."publish_date"))
  EXECUTE FUNCTION "recount_published_post"();
