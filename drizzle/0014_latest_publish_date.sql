-- Hand-written (decision 051): experts.latest_publish_date is at least the latest publish
-- date of the expert's published posts. It is raised, never lowered, whatever writes the posts
-- (the API, the demo seed, a bulk load), so once it has passed, every one of them is live. The
-- feed's total counts an expert's scheduled posts only when it has not passed: for nearly every
-- expert, nothing to count.
ALTER TABLE "experts" ADD COLUMN "latest_publish_date" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION "raise_latest_publish_date"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "experts" e SET "latest_publish_date" = d.latest
    FROM (SELECT "author_id", max("publish_date") AS latest FROM new_rows WHERE "status" = 'Published' GROUP BY "author_id") d
    WHERE e."user_id" = d."author_id" AND d.latest > coalesce(e."latest_publish_date", '-infinity');
  ELSE
    UPDATE "experts" SET "latest_publish_date" = NEW."publish_date"
    WHERE "user_id" = NEW."author_id" AND NEW."publish_date" > coalesce("latest_publish_date", '-infinity');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Inserts: once per statement (transition table), as the published count's trigger.
CREATE TRIGGER "posts_latest_publish_date_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "raise_latest_publish_date"();
--> statement-breakpoint
-- Updates: per row, only when a published post gets its status, author or date (a like does not).
CREATE TRIGGER "posts_latest_publish_date_update" AFTER UPDATE OF "status", "author_id", "publish_date" ON "posts"
  FOR EACH ROW WHEN (NEW."status" = 'Published' AND (OLD."status" IS DISTINCT FROM NEW."status"
    OR OLD."author_id" IS DISTINCT FROM NEW."author_id" OR OLD."publish_date" IS DISTINCT FROM NEW."publish_date"))
  EXECUTE FUNCTION "raise_latest_publish_date"();
--> statement-breakpoint
UPDATE "experts" e SET "latest_publish_date" = d.latest
FROM (SELECT "author_id", max("publish_date") AS latest FROM "posts" WHERE "status" = 'Published' GROUP BY "author_id") d
WHERE e."user_id" = d."author_id";
