CREATE TYPE "public"."pick_market" AS ENUM('Moneyline', 'Spread', 'Total', 'PlayerProp', 'TeamProp', 'Parlay');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'Cheer';--> statement-breakpoint
CREATE TABLE "event_closing_lines" (
	"event_id" integer NOT NULL,
	"market" "pick_market" NOT NULL,
	"side" text NOT NULL,
	"line" numeric(6, 1),
	"odds" integer NOT NULL,
	CONSTRAINT "event_closing_lines_event_id_market_side_pk" PRIMARY KEY("event_id","market","side")
);
--> statement-breakpoint
CREATE TABLE "expert_record_days" (
	"expert_id" uuid NOT NULL,
	"category_id" integer NOT NULL,
	"day" date NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"pushes" integer DEFAULT 0 NOT NULL,
	"voids" integer DEFAULT 0 NOT NULL,
	"profit" numeric(14, 4) DEFAULT 0 NOT NULL,
	"staked" numeric(14, 1) DEFAULT 0 NOT NULL,
	"staked_squares" numeric(16, 2) DEFAULT 0 NOT NULL,
	"decimal_odds_sum" numeric(16, 4) DEFAULT 0 NOT NULL,
	"clv_sum" numeric(14, 2) DEFAULT 0 NOT NULL,
	"clv_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expert_record_days_expert_id_category_id_day_pk" PRIMARY KEY("expert_id","category_id","day")
);
--> statement-breakpoint
CREATE TABLE "expert_standings" (
	"expert_id" uuid NOT NULL,
	"category_id" integer NOT NULL,
	"window" text NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"losses" integer DEFAULT 0 NOT NULL,
	"pushes" integer DEFAULT 0 NOT NULL,
	"voids" integer DEFAULT 0 NOT NULL,
	"profit" numeric(14, 4) DEFAULT 0 NOT NULL,
	"staked" numeric(14, 1) DEFAULT 0 NOT NULL,
	"staked_squares" numeric(16, 2) DEFAULT 0 NOT NULL,
	"decimal_odds_sum" numeric(16, 4) DEFAULT 0 NOT NULL,
	"clv_sum" numeric(14, 2) DEFAULT 0 NOT NULL,
	"clv_count" integer DEFAULT 0 NOT NULL,
	"sample" integer GENERATED ALWAYS AS (wins + losses + pushes) STORED,
	"score" numeric GENERATED ALWAYS AS (CASE WHEN staked_squares > 0 THEN round(profit / sqrt(staked_squares), 4) ELSE 0 END) STORED,
	"streak_kind" text,
	"streak_length" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "expert_standings_expert_id_category_id_window_pk" PRIMARY KEY("expert_id","category_id","window")
);
--> statement-breakpoint
CREATE TABLE "standings_rollovers" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "resulted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "market" "pick_market";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "legs" jsonb;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "commitment" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "commit_canonical" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "self_graded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "settled_odds" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "clv" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "event_closing_lines" ADD CONSTRAINT "event_closing_lines_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_record_days" ADD CONSTRAINT "expert_record_days_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_standings" ADD CONSTRAINT "expert_standings_expert_id_users_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_record_days_day_idx" ON "expert_record_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "expert_standings_ranking_idx" ON "expert_standings" USING btree ("window","category_id","score" DESC NULLS LAST,"profit" DESC NULLS LAST,"expert_id") WHERE wins + losses + pushes >= 20;--> statement-breakpoint
-- Hand-written from here (decision 026): the verified record, enforced by the database
-- itself so that no code path, script or admin without the table owner's rights rewrites it.
-- Decimal odds of American odds: +150 → 2.5, -110 → 1.9091.
CREATE FUNCTION "american_decimal"("odds" integer) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "odds" IS NULL OR ("odds" > -100 AND "odds" < 100) THEN NULL
    WHEN "odds" > 0 THEN 1 + "odds" / 100.0 ELSE 1 + 100.0 / abs("odds") END
$$;
--> statement-breakpoint
-- The events a pick's legs name (for finding the picks a result grades).
CREATE FUNCTION "pick_leg_event_ids"("legs" jsonb) RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "legs" IS NULL THEN NULL ELSE array(SELECT (l ->> 'eventId')::integer FROM jsonb_array_elements("legs") AS l) END
$$;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "leg_event_ids" integer[] GENERATED ALWAYS AS (pick_leg_event_ids("legs")) STORED;
--> statement-breakpoint
-- Posted picks still waiting for a grade, by the events they name: what a result import grades.
CREATE INDEX "posts_ungraded_leg_event_ids_idx" ON "posts" USING gin ("leg_event_ids")
  WHERE "posted_at" IS NOT NULL AND "pick_result" IS NULL AND "withdrawn_at" IS NULL;
--> statement-breakpoint
-- When a pick locks: the earliest start among the events it names, read from the events table.
CREATE FUNCTION "pick_starts_at"("legs" jsonb, "event_id" integer) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT min(e."starts_at") FROM "events" e
  WHERE e."id" = "event_id" OR e."id" = ANY(coalesce(pick_leg_event_ids("legs"), '{}'))
$$;
--> statement-breakpoint
-- The text a pick commits to at posting; its SHA-256 is published at once, the text (with its
-- salt) once the event has started. Anyone can hash it again: `printf '%s' "$text" | sha256sum`.
CREATE FUNCTION "pick_canonical"("p" "posts", "salt" text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(E'\n',
    'sharpside-pick-v1',
    'post: ' || p."id",
    'expert: ' || p."author_id",
    'posted: ' || to_char(p."posted_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'market: ' || p."market",
    'selection: ' || coalesce(p."selection", ''),
    'odds: ' || coalesce(p."odds"::text, ''),
    'units: ' || coalesce(p."units"::text, ''),
    (SELECT string_agg(format('leg %s: event %s | %s | %s | %s | %s | %s', n, l ->> 'eventId', l ->> 'market',
        coalesce(l ->> 'side', ''), coalesce(l ->> 'line', ''), l ->> 'odds', coalesce(l ->> 'description', '')), E'\n' ORDER BY n)
      FROM jsonb_array_elements(p."legs") WITH ORDINALITY AS x(l, n)),
    'salt: ' || "salt")
$$;
--> statement-breakpoint
-- Posting stamps the time and the commitment; afterwards the pick is frozen, and once its event
-- has started (or it was withdrawn) nothing changes but its grade, set once, after the start.
-- A posted pick is never deleted. SQLSTATE SR001: the app answers these as 422 with the text.
CREATE FUNCTION "guard_pick_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  starts timestamptz;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD."post_type" = 'Pick' AND OLD."posted_at" IS NOT NULL THEN
      RAISE EXCEPTION 'A posted pick is part of the verified record: it cannot be deleted.' USING ERRCODE = 'SR001';
    END IF;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."post_type" = 'Pick' AND OLD."posted_at" IS NOT NULL THEN
    IF (NEW."post_type", NEW."author_id", NEW."status", NEW."publish_date", NEW."visibility", NEW."category_id", NEW."event_id",
        NEW."market", NEW."legs", NEW."selection", NEW."odds", NEW."units", NEW."posted_at", NEW."commitment", NEW."commit_canonical")
      IS DISTINCT FROM (OLD."post_type", OLD."author_id", OLD."status", OLD."publish_date", OLD."visibility", OLD."category_id", OLD."event_id",
        OLD."market", OLD."legs", OLD."selection", OLD."odds", OLD."units", OLD."posted_at", OLD."commitment", OLD."commit_canonical") THEN
      RAISE EXCEPTION 'A posted pick''s selection, line, odds and units cannot change.' USING ERRCODE = 'SR001';
    END IF;
    -- The start is read only when the words, the withdrawal or the grade change: a like or a comment
    -- count on a posted pick (the common update) costs no lookup.
    IF (NEW."title", NEW."body", NEW."preview", NEW."preview_text", NEW."cover_image", NEW."withdrawn_at",
        NEW."pick_result", NEW."graded_at", NEW."settled_odds", NEW."clv", NEW."self_graded")
      IS DISTINCT FROM (OLD."title", OLD."body", OLD."preview", OLD."preview_text", OLD."cover_image", OLD."withdrawn_at",
        OLD."pick_result", OLD."graded_at", OLD."settled_odds", OLD."clv", OLD."self_graded") THEN
      starts := pick_starts_at(OLD."legs", OLD."event_id");
    END IF;
    IF (OLD."withdrawn_at" IS NOT NULL OR starts <= now())
      AND (NEW."title", NEW."body", NEW."preview", NEW."preview_text", NEW."cover_image", NEW."withdrawn_at")
        IS DISTINCT FROM (OLD."title", OLD."body", OLD."preview", OLD."preview_text", OLD."cover_image", OLD."withdrawn_at") THEN
      IF OLD."withdrawn_at" IS NOT NULL THEN
        RAISE EXCEPTION 'This pick was withdrawn: it can no longer change.' USING ERRCODE = 'SR001';
      END IF;
      RAISE EXCEPTION 'This pick''s event has started: nothing about it can change but its grade.' USING ERRCODE = 'SR001';
    END IF;
    IF (NEW."pick_result", NEW."graded_at", NEW."settled_odds", NEW."clv", NEW."self_graded")
      IS DISTINCT FROM (OLD."pick_result", OLD."graded_at", OLD."settled_odds", OLD."clv", OLD."self_graded") THEN
      IF OLD."pick_result" IS NOT NULL THEN
        RAISE EXCEPTION 'This pick has already been graded.' USING ERRCODE = 'SR001';
      ELSIF OLD."withdrawn_at" IS NOT NULL OR NEW."withdrawn_at" IS NOT NULL THEN
        RAISE EXCEPTION 'A withdrawn pick is not graded.' USING ERRCODE = 'SR001';
      ELSIF starts > now() AND NEW."pick_result" <> 'Void' THEN
        -- (A game cancelled before its start voids its picks, as a withdrawal would.)
        RAISE EXCEPTION 'A pick is graded only after its event has started.' USING ERRCODE = 'SR001';
      ELSIF NEW."pick_result" IS NULL OR NEW."graded_at" IS NULL THEN
        RAISE EXCEPTION 'A grade needs its result and time.' USING ERRCODE = 'SR001';
      ELSIF abs(extract(epoch FROM NEW."graded_at" - now())) > 300 THEN
        -- The grade's date decides its day and windows: it is the time it is given, not another.
        RAISE EXCEPTION 'A grade is dated when it is given.' USING ERRCODE = 'SR001';
      END IF;
    END IF;
    RETURN NEW;
  END IF;
  IF NEW."pick_result" IS NOT NULL OR NEW."graded_at" IS NOT NULL OR NEW."withdrawn_at" IS NOT NULL THEN
    RAISE EXCEPTION 'Only a posted pick can be graded or withdrawn.' USING ERRCODE = 'SR001';
  END IF;
  IF NEW."post_type" = 'Pick' AND NEW."status" = 'Published' THEN
    IF NEW."market" IS NULL OR NEW."legs" IS NULL OR jsonb_array_length(NEW."legs") = 0 THEN
      RAISE EXCEPTION 'A pick must name its event and market.' USING ERRCODE = 'SR001';
    END IF;
    starts := pick_starts_at(NEW."legs", NEW."event_id");
    IF starts IS NULL THEN
      RAISE EXCEPTION 'A pick must name its event and market.' USING ERRCODE = 'SR001';
    ELSIF starts <= now() THEN
      RAISE EXCEPTION 'This event has already started: picks can only be made before it starts.' USING ERRCODE = 'SR001';
    ELSIF NEW."publish_date" IS NULL OR NEW."publish_date" >= starts THEN
      RAISE EXCEPTION 'A pick must be published before its event starts' USING ERRCODE = 'SR001';
    END IF;
    NEW."posted_at" := now();
    NEW."settled_odds" := NULL;
    NEW."clv" := NULL;
    NEW."self_graded" := false;
    NEW."commit_canonical" := pick_canonical(NEW, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
    NEW."commitment" := encode(sha256(convert_to(NEW."commit_canonical", 'UTF8')), 'hex');
  ELSE
    NEW."posted_at" := NULL;
    NEW."commitment" := NULL;
    NEW."commit_canonical" := NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Picks published before this migration count as posted (without a commitment: they predate it).
UPDATE "posts" SET "posted_at" = coalesce("publish_date", "created_at") WHERE "post_type" = 'Pick' AND "status" = 'Published';
--> statement-breakpoint
CREATE TRIGGER "posts_guard_pick_record" BEFORE INSERT OR UPDATE OR DELETE ON "posts"
  FOR EACH ROW EXECUTE FUNCTION "guard_pick_record"();
--> statement-breakpoint
-- Events: a start that has passed stays put, and a result, once in, stays (the picks were graded on it).
CREATE FUNCTION "guard_event_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."starts_at" IS DISTINCT FROM OLD."starts_at" AND OLD."starts_at" <= now() THEN
    RAISE EXCEPTION 'This event has started: its start time can no longer change.' USING ERRCODE = 'SR001';
  END IF;
  -- A start moved earlier may not pass a pick already posted on the game ("posted before the start").
  IF NEW."starts_at" < OLD."starts_at" AND EXISTS (
      SELECT 1 FROM "posts" p WHERE p."posted_at" >= NEW."starts_at" AND (p."event_id" = NEW."id" OR p."leg_event_ids" @> ARRAY[NEW."id"])) THEN
    RAISE EXCEPTION 'Picks on this game were posted after that time: its start cannot be moved before them.' USING ERRCODE = 'SR001';
  END IF;
  IF OLD."resulted_at" IS NOT NULL AND (NEW."status", NEW."home_score", NEW."away_score", NEW."resulted_at")
      IS DISTINCT FROM (OLD."status", OLD."home_score", OLD."away_score", OLD."resulted_at") THEN
    RAISE EXCEPTION 'This event''s result is in: it can no longer change.' USING ERRCODE = 'SR001';
  END IF;
  IF NEW."resulted_at" IS NOT NULL AND NEW."status" = 'Final' AND NEW."starts_at" > now() THEN
    RAISE EXCEPTION 'An event that has not started has no final score.' USING ERRCODE = 'SR001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "events_guard_event_record" BEFORE UPDATE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "guard_event_record"();
--> statement-breakpoint
-- A grade (set once, never undone: see guard_pick_record) adds to the expert's sums, their day
-- and every window, for the pick's sport and for all sports (category 0).
DROP TRIGGER "posts_keep_expert_record" ON "posts";
--> statement-breakpoint
DROP FUNCTION "keep_expert_record"();
--> statement-breakpoint
CREATE FUNCTION "record_graded_pick"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted boolean := NEW."pick_result" IN ('Win', 'Loss', 'Push');
  won integer := (NEW."pick_result" = 'Win')::integer;
  lost integer := (NEW."pick_result" = 'Loss')::integer;
  pushed integer := (NEW."pick_result" = 'Push')::integer;
  voided integer := (NEW."pick_result" = 'Void')::integer;
  units_won numeric := CASE WHEN counted THEN coalesce(pick_profit(NEW."pick_result", coalesce(NEW."settled_odds", NEW."odds"), NEW."units"), 0) ELSE 0 END;
  units_staked numeric := CASE WHEN counted THEN coalesce(NEW."units", 0) ELSE 0 END;
  decimal_odds numeric := CASE WHEN counted THEN coalesce(american_decimal(NEW."odds"), 0) ELSE 0 END;
  clv_counted integer := (counted AND NEW."clv" IS NOT NULL)::integer;
  streak text := CASE NEW."pick_result" WHEN 'Win' THEN 'W' WHEN 'Loss' THEN 'L' END;
  graded_day date := (coalesce(NEW."graded_at", now()) AT TIME ZONE 'UTC')::date;
BEGIN
  -- Wait for a rollover in progress (roll_standings): its sums must not miss this grade.
  LOCK TABLE "standings_rollovers" IN ROW EXCLUSIVE MODE;
  UPDATE "experts" SET
    "record_wins" = "record_wins" + won, "record_losses" = "record_losses" + lost, "record_pushes" = "record_pushes" + pushed,
    "record_profit" = "record_profit" + units_won, "record_staked" = "record_staked" + units_staked
  WHERE "user_id" = NEW."author_id";
  INSERT INTO "expert_record_days" AS d ("expert_id", "category_id", "day", "wins", "losses", "pushes", "voids", "profit", "staked",
      "staked_squares", "decimal_odds_sum", "clv_sum", "clv_count")
    SELECT NEW."author_id", c, graded_day, won, lost, pushed, voided, units_won, units_staked, units_staked * units_staked,
      decimal_odds, coalesce(NEW."clv", 0) * clv_counted, clv_counted
    FROM unnest(ARRAY[NEW."category_id", 0]) AS c
  ON CONFLICT ("expert_id", "category_id", "day") DO UPDATE SET
    "wins" = d."wins" + excluded."wins", "losses" = d."losses" + excluded."losses", "pushes" = d."pushes" + excluded."pushes",
    "voids" = d."voids" + excluded."voids", "profit" = d."profit" + excluded."profit", "staked" = d."staked" + excluded."staked",
    "staked_squares" = d."staked_squares" + excluded."staked_squares", "decimal_odds_sum" = d."decimal_odds_sum" + excluded."decimal_odds_sum",
    "clv_sum" = d."clv_sum" + excluded."clv_sum", "clv_count" = d."clv_count" + excluded."clv_count";
  INSERT INTO "expert_standings" AS s ("expert_id", "category_id", "window", "wins", "losses", "pushes", "voids", "profit", "staked",
      "staked_squares", "decimal_odds_sum", "clv_sum", "clv_count", "streak_kind", "streak_length")
    SELECT NEW."author_id", c, w, won, lost, pushed, voided, units_won, units_staked, units_staked * units_staked,
      decimal_odds, coalesce(NEW."clv", 0) * clv_counted, clv_counted, streak, (streak IS NOT NULL)::integer
    FROM unnest(ARRAY[NEW."category_id", 0]) AS c CROSS JOIN unnest(ARRAY['7d', '30d', 'season', 'all']) AS w
  ON CONFLICT ("expert_id", "category_id", "window") DO UPDATE SET
    "wins" = s."wins" + excluded."wins", "losses" = s."losses" + excluded."losses", "pushes" = s."pushes" + excluded."pushes",
    "voids" = s."voids" + excluded."voids", "profit" = s."profit" + excluded."profit", "staked" = s."staked" + excluded."staked",
    "staked_squares" = s."staked_squares" + excluded."staked_squares", "decimal_odds_sum" = s."decimal_odds_sum" + excluded."decimal_odds_sum",
    "clv_sum" = s."clv_sum" + excluded."clv_sum", "clv_count" = s."clv_count" + excluded."clv_count",
    "streak_kind" = coalesce(excluded."streak_kind", s."streak_kind"),
    "streak_length" = CASE WHEN excluded."streak_kind" IS NULL THEN s."streak_length"
      WHEN excluded."streak_kind" = s."streak_kind" THEN s."streak_length" + 1 ELSE 1 END;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "posts_record_graded_pick" AFTER UPDATE OF "pick_result" ON "posts"
  FOR EACH ROW WHEN (OLD."pick_result" IS NULL AND NEW."pick_result" IS NOT NULL) EXECUTE FUNCTION "record_graded_pick"();
--> statement-breakpoint
-- The rolling windows (7 days, 30 days, the calendar-year season) summed again from the days, once
-- a day (the app's record job); 'all' only ever grows. Blocks grading meanwhile (the lock above).
CREATE FUNCTION "roll_standings"("today" date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "standings_rollovers" IN SHARE ROW EXCLUSIVE MODE;
  WITH "windows"("name", "since") AS (VALUES ('7d', "today" - 6), ('30d', "today" - 29), ('season', date_trunc('year', "today")::date)),
  "sums" AS (
    SELECT s."expert_id", s."category_id", s."window",
      coalesce(sum(d."wins"), 0) AS wins, coalesce(sum(d."losses"), 0) AS losses, coalesce(sum(d."pushes"), 0) AS pushes,
      coalesce(sum(d."voids"), 0) AS voids, coalesce(sum(d."profit"), 0) AS profit, coalesce(sum(d."staked"), 0) AS staked,
      coalesce(sum(d."staked_squares"), 0) AS staked_squares, coalesce(sum(d."decimal_odds_sum"), 0) AS decimal_odds_sum,
      coalesce(sum(d."clv_sum"), 0) AS clv_sum, coalesce(sum(d."clv_count"), 0) AS clv_count
    FROM "expert_standings" s
    JOIN "windows" w ON w."name" = s."window"
    LEFT JOIN "expert_record_days" d ON d."expert_id" = s."expert_id" AND d."category_id" = s."category_id" AND d."day" BETWEEN w."since" AND "today"
    GROUP BY s."expert_id", s."category_id", s."window"
  )
  UPDATE "expert_standings" s SET "wins" = sums.wins, "losses" = sums.losses, "pushes" = sums.pushes, "voids" = sums.voids,
    "profit" = sums.profit, "staked" = sums.staked, "staked_squares" = sums.staked_squares, "decimal_odds_sum" = sums.decimal_odds_sum,
    "clv_sum" = sums.clv_sum, "clv_count" = sums.clv_count
  FROM "sums"
  WHERE s."expert_id" = sums."expert_id" AND s."category_id" = sums."category_id" AND s."window" = sums."window"
    AND (s."wins", s."losses", s."pushes", s."voids", s."profit", s."clv_count") IS DISTINCT FROM
      (sums.wins, sums.losses, sums.pushes, sums.voids, sums.profit, sums.clv_count);
  INSERT INTO "standings_rollovers" ("id", "day") VALUES (1, "today") ON CONFLICT ("id") DO UPDATE SET "day" = excluded."day";
END $$;
--> statement-breakpoint
-- Every sum rebuilt from the graded picks themselves: for data written with the triggers off
-- (demo seed, benchmark seed) and for this migration's existing picks.
CREATE FUNCTION "rebuild_pick_records"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "standings_rollovers" IN SHARE ROW EXCLUSIVE MODE;
  DELETE FROM "expert_record_days";
  DELETE FROM "expert_standings";
  CREATE TEMPORARY TABLE "graded_picks" ON COMMIT DROP AS
    SELECT p."id", p."author_id", c AS "category_id", p."pick_result", p."graded_at",
      (coalesce(p."graded_at", p."publish_date") AT TIME ZONE 'UTC')::date AS "day",
      p."pick_result" IN ('Win', 'Loss', 'Push') AS counted,
      coalesce(pick_profit(p."pick_result", coalesce(p."settled_odds", p."odds"), p."units"), 0) AS profit,
      coalesce(p."units", 0) AS units, coalesce(american_decimal(p."odds"), 0) AS decimal_odds, p."clv"
    FROM "posts" p CROSS JOIN LATERAL unnest(ARRAY[p."category_id", 0]) AS c
    WHERE p."post_type" = 'Pick' AND p."status" = 'Published' AND p."pick_result" IS NOT NULL;
  INSERT INTO "expert_record_days" ("expert_id", "category_id", "day", "wins", "losses", "pushes", "voids", "profit", "staked",
      "staked_squares", "decimal_odds_sum", "clv_sum", "clv_count")
    SELECT "author_id", "category_id", "day",
      count(*) FILTER (WHERE "pick_result" = 'Win'), count(*) FILTER (WHERE "pick_result" = 'Loss'),
      count(*) FILTER (WHERE "pick_result" = 'Push'), count(*) FILTER (WHERE "pick_result" = 'Void'),
      coalesce(sum("profit") FILTER (WHERE counted), 0), coalesce(sum("units") FILTER (WHERE counted), 0),
      coalesce(sum("units" * "units") FILTER (WHERE counted), 0), coalesce(sum("decimal_odds") FILTER (WHERE counted), 0),
      coalesce(sum("clv") FILTER (WHERE counted), 0), count("clv") FILTER (WHERE counted)
    FROM "graded_picks" GROUP BY "author_id", "category_id", "day";
  INSERT INTO "expert_standings" ("expert_id", "category_id", "window", "wins", "losses", "pushes", "voids", "profit", "staked",
      "staked_squares", "decimal_odds_sum", "clv_sum", "clv_count")
    SELECT "expert_id", "category_id", w, sum("wins"), sum("losses"), sum("pushes"), sum("voids"), sum("profit"), sum("staked"),
      sum("staked_squares"), sum("decimal_odds_sum"), sum("clv_sum"), sum("clv_count")
    FROM "expert_record_days" CROSS JOIN unnest(ARRAY['7d', '30d', 'season', 'all']) AS w
    GROUP BY "expert_id", "category_id", w;
  -- The current streak: the newest win or loss, and how many of the same came before the first other.
  WITH "decided" AS (
    SELECT "author_id", "category_id", "pick_result",
      row_number() OVER (PARTITION BY "author_id", "category_id" ORDER BY "graded_at" DESC, "id" DESC) AS n
    FROM "graded_picks" WHERE "pick_result" IN ('Win', 'Loss')
  ), "streaks" AS (
    SELECT d."author_id", d."category_id", f."pick_result" AS kind,
      coalesce(min(d.n) FILTER (WHERE d."pick_result" <> f."pick_result") - 1, count(*)) AS length
    FROM "decided" d JOIN "decided" f ON f."author_id" = d."author_id" AND f."category_id" = d."category_id" AND f.n = 1
    GROUP BY d."author_id", d."category_id", f."pick_result"
  )
  UPDATE "expert_standings" s SET "streak_kind" = CASE streaks.kind WHEN 'Win' THEN 'W' ELSE 'L' END, "streak_length" = streaks.length
  FROM "streaks" WHERE s."expert_id" = streaks."author_id" AND s."category_id" = streaks."category_id";
  UPDATE "experts" e SET "record_wins" = coalesce(s."wins", 0), "record_losses" = coalesce(s."losses", 0),
    "record_pushes" = coalesce(s."pushes", 0), "record_profit" = coalesce(s."profit", 0), "record_staked" = coalesce(s."staked", 0)
  FROM "experts" e2 LEFT JOIN "expert_standings" s ON s."expert_id" = e2."user_id" AND s."category_id" = 0 AND s."window" = 'all'
  WHERE e."user_id" = e2."user_id";
  -- The rolling windows as of today (the rows above hold every day).
  PERFORM roll_standings((now() AT TIME ZONE 'UTC')::date);
END $$;
--> statement-breakpoint
SELECT rebuild_pick_records();
