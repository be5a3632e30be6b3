ALTER TABLE "experts" ADD COLUMN "published_posts_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written: experts.published_posts_count follows the posts table whatever writes it (the
-- API, the demo seed, a bulk load). Inserts and deletes: once per statement (transition tables).
CREATE FUNCTION "count_published_posts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "experts" e SET "published_posts_count" = e."published_posts_count" + d.n
    FROM (SELECT "author_id", count(*)::int AS n FROM new_rows WHERE "status" = 'Published' GROUP BY "author_id") d
    WHERE e."user_id" = d."author_id";
  ELSE
    UPDATE "experts" e SET "published_posts_count" = e."published_posts_count" - d.n
    FROM (SELECT "author_id", count(*)::int AS n FROM old_rows WHERE "status" = 'Published' GROUP BY "author_id") d
    WHERE e."user_id" = d."author_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_published_count_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_published_posts"();
--> statement-breakpoint
CREATE TRIGGER "posts_published_count_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "count_published_posts"();
--> statement-breakpoint
-- Updates: per row, and only when the status or the author changes (a like's likes_count does not).
CREATE FUNCTION "recount_published_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."status" = 'Published' THEN
    UPDATE "experts" SET "published_posts_count" = "published_posts_count" - 1 WHERE "user_id" = OLD."author_id";
  END IF;
  IF NEW."status" = 'Published' THEN
    UPDATE "experts" SET "published_posts_count" = "published_posts_count" + 1 WHERE "user_id" = NEW."author_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_published_count_update" AFTER UPDATE OF "status", "author_id" ON "posts"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."author_id" IS DISTINCT FROM NEW."author_id")
  EXECUTE FUNCTION "recount_published_post"();
--> statement-breakpoint
UPDATE "experts" e SET "published_posts_count" = d.n
FROM (SELECT "author_id", count(*)::int AS n FROM "posts" WHERE "status" = 'Published' GROUP BY "author_id") d
WHERE e."user_id" = d."author_id";
