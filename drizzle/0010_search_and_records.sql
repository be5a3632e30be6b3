ALTER TABLE "experts" ADD COLUMN "record_wins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "record_losses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "record_pushes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "record_profit" numeric(14, 4) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "record_staked" numeric(14, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_graded_at_idx" ON "posts" USING btree ("graded_at") WHERE "posts"."pick_result" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_created_at_idx" ON "subscriptions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
-- Hand-written from here. The verified record's sums per expert follow the posts table whatever
-- writes it (grading, edits, deletes, seeds), in the writer's transaction: lists sort by record
-- without aggregating every pick. One graded pick's profit in units is risk-based from American
-- odds (a -110 one-unit loss is -1, a win +0.91); NULL when its odds or stake are missing.
CREATE FUNCTION "pick_profit"("result" "pick_result", "odds" integer, "units" numeric) RETURNS numeric
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN "units" IS NULL OR "odds" IS NULL OR ("odds" > -100 AND "odds" < 100) THEN NULL
    WHEN "result" = 'Win' AND "odds" > 0 THEN "units" * "odds" / 100.0
    WHEN "result" = 'Win' THEN "units" * 100.0 / abs("odds")
    WHEN "result" = 'Loss' THEN -"units"
    ELSE 0 END
$$;
--> statement-breakpoint
CREATE FUNCTION "keep_expert_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted boolean;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    counted := OLD."post_type" = 'Pick' AND OLD."status" = 'Published' AND OLD."pick_result" IN ('Win', 'Loss', 'Push');
    IF counted THEN
      UPDATE "experts" SET
        "record_wins" = "record_wins" - (OLD."pick_result" = 'Win')::int,
        "record_losses" = "record_losses" - (OLD."pick_result" = 'Loss')::int,
        "record_pushes" = "record_pushes" - (OLD."pick_result" = 'Push')::int,
        "record_profit" = "record_profit" - coalesce(pick_profit(OLD."pick_result", OLD."odds", OLD."units"), 0),
        "record_staked" = "record_staked" - CASE WHEN pick_profit(OLD."pick_result", OLD."odds", OLD."units") IS NULL THEN 0 ELSE OLD."units" END
      WHERE "user_id" = OLD."author_id";
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    counted := NEW."post_type" = 'Pick' AND NEW."status" = 'Published' AND NEW."pick_result" IN ('Win', 'Loss', 'Push');
    IF counted THEN
      UPDATE "experts" SET
        "record_wins" = "record_wins" + (NEW."pick_result" = 'Win')::int,
        "record_losses" = "record_losses" + (NEW."pick_result" = 'Loss')::int,
        "record_pushes" = "record_pushes" + (NEW."pick_result" = 'Push')::int,
        "record_profit" = "record_profit" + coalesce(pick_profit(NEW."pick_result", NEW."odds", NEW."units"), 0),
        "record_staked" = "record_staked" + CASE WHEN pick_profit(NEW."pick_result", NEW."odds", NEW."units") IS NULL THEN 0 ELSE NEW."units" END
      WHERE "user_id" = NEW."author_id";
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_keep_expert_record" AFTER INSERT OR DELETE OR UPDATE OF "pick_result", "odds", "units", "status", "post_type", "author_id" ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "keep_expert_record"();
--> statement-breakpoint
UPDATE "experts" e SET
  "record_wins" = r.wins, "record_losses" = r.losses, "record_pushes" = r.pushes,
  "record_profit" = r.profit, "record_staked" = r.staked
FROM (
  SELECT "author_id",
    count(*) FILTER (WHERE "pick_result" = 'Win')::int AS wins,
    count(*) FILTER (WHERE "pick_result" = 'Loss')::int AS losses,
    count(*) FILTER (WHERE "pick_result" = 'Push')::int AS pushes,
    coalesce(sum(pick_profit("pick_result", "odds", "units")), 0) AS profit,
    coalesce(sum("units") FILTER (WHERE pick_profit("pick_result", "odds", "units") IS NOT NULL), 0) AS staked
  FROM "posts"
  WHERE "post_type" = 'Pick' AND "status" = 'Published' AND "pick_result" IN ('Win', 'Loss', 'Push')
  GROUP BY "author_id"
) r
WHERE e."user_id" = r."author_id";
--> statement-breakpoint
-- Search (decision 025). The plain text of a Slate document: every leaf's text.
CREATE FUNCTION "slate_text"("document" jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(string_agg(t #>> '{}', ' '), '') FROM jsonb_path_query("document", 'strict $.**.text') AS t
$$;
--> statement-breakpoint
-- What anyone may search: the title (weight A) over the body of a free Post or the preview of a
-- Pick (weight B). A Pick's body is searchable only by those who may read it: search_locked.
-- Not declared in app/db/schema.ts, so no select of posts carries them.
ALTER TABLE "posts" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', "title"), 'A')
  || setweight(to_tsvector('english', CASE WHEN "post_type" = 'Post' THEN slate_text("body") ELSE "preview_text" END), 'B')
) STORED;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_locked" tsvector GENERATED ALWAYS AS (
  CASE WHEN "post_type" = 'Pick' THEN setweight(to_tsvector('english', slate_text("body")), 'B') END
) STORED;
--> statement-breakpoint
CREATE INDEX "posts_search_document_idx" ON "posts" USING gin ("search_document") WHERE "status" = 'Published';
--> statement-breakpoint
CREATE INDEX "posts_search_locked_idx" ON "posts" USING gin ("search_locked") WHERE "status" = 'Published' AND "post_type" = 'Pick';
