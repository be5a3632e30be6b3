-- The leaderboard's boards are the same for every reader: each app instance keeps them until one
-- of these announces a change on commit (NOTIFY is transactional) to 'sharpside_standings', which
-- every instance LISTENs (app/db/kept-until-changed.server.ts). Announced only where something a
-- board shows changed: a standings row (grading, the daily rollover, skill or luck, listing), an
-- expert's name or photo, a withdrawn pick. NOTIFY folds repeats within a transaction into one.
CREATE FUNCTION "announce_standings_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sharpside_standings', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Once per statement, and only when it touched a row (a job's UPDATE that matched none says nothing).
CREATE FUNCTION "announce_standings_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "touched") THEN
    PERFORM pg_notify('sharpside_standings', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "expert_standings_inserted_announce" AFTER INSERT ON "expert_standings"
  REFERENCING NEW TABLE AS "touched" FOR EACH STATEMENT EXECUTE FUNCTION "announce_standings_rows"();
--> statement-breakpoint
CREATE TRIGGER "expert_standings_updated_announce" AFTER UPDATE ON "expert_standings"
  REFERENCING NEW TABLE AS "touched" FOR EACH STATEMENT EXECUTE FUNCTION "announce_standings_rows"();
--> statement-breakpoint
CREATE TRIGGER "expert_standings_deleted_announce" AFTER DELETE ON "expert_standings"
  REFERENCING OLD TABLE AS "touched" FOR EACH STATEMENT EXECUTE FUNCTION "announce_standings_rows"();
--> statement-breakpoint
CREATE TRIGGER "users_board_name_announce" AFTER UPDATE OF "user_name", "first_name", "last_name" ON "users"
  FOR EACH ROW WHEN ((OLD."user_name", OLD."first_name", OLD."last_name")
    IS DISTINCT FROM (NEW."user_name", NEW."first_name", NEW."last_name"))
  EXECUTE FUNCTION "announce_standings_change"();
--> statement-breakpoint
CREATE TRIGGER "profiles_board_photo_changed_announce" AFTER UPDATE OF "avatar" ON "profiles"
  FOR EACH ROW WHEN (OLD."avatar" IS DISTINCT FROM NEW."avatar") EXECUTE FUNCTION "announce_standings_change"();
--> statement-breakpoint
CREATE TRIGGER "profiles_board_photo_added_announce" AFTER INSERT ON "profiles"
  FOR EACH ROW WHEN (NEW."avatar" IS NOT NULL) EXECUTE FUNCTION "announce_standings_change"();
--> statement-breakpoint
CREATE TRIGGER "posts_withdrawn_announce" AFTER UPDATE OF "withdrawn_at" ON "posts"
  FOR EACH ROW WHEN (OLD."withdrawn_at" IS DISTINCT FROM NEW."withdrawn_at" AND NEW."post_type" = 'Pick')
  EXECUTE FUNCTION "announce_standings_change"();
