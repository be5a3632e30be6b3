-- Hand-written (decision 026): a record no one can game.
--   * events carry the sports-data provider's id; the market's lines are kept as append-only
--     snapshots stamped by the database's clock;
--   * a result already in is corrected only by appending a correction (with its reason), in the
--     transaction that regrades the picks on that game;
--   * a pick with a prop leg is self-graded from its posting (not when graded), never counts in
--     the verified figures, and is self-graded only once its games have their results.
ALTER TABLE "events" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "events_external_id_key" ON "events" ("external_id");--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "result_corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "result_correction_reason" text;--> statement-breakpoint
CREATE TABLE "market_snapshots" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "event_id" integer NOT NULL REFERENCES "events"("id"),
  "market" "pick_market" NOT NULL,
  "side" text NOT NULL,
  "line" numeric(6, 1),
  "price" integer NOT NULL,
  "bookmakers" integer NOT NULL,
  "taken_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "market_snapshots_market_check" CHECK ("market" IN ('Moneyline', 'Spread', 'Total')),
  CONSTRAINT "market_snapshots_side_check" CHECK ("side" IN ('Home', 'Away', 'Draw', 'Over', 'Under')),
  CONSTRAINT "market_snapshots_price_check" CHECK (abs("price") BETWEEN 100 AND 100000),
  CONSTRAINT "market_snapshots_bookmakers_check" CHECK ("bookmakers" >= 1)
);--> statement-breakpoint
-- The market at a moment: the newest snapshot of an event's market is one index probe.
CREATE INDEX "market_snapshots_event_market_taken_idx" ON "market_snapshots" ("event_id", "market", "taken_at" DESC);--> statement-breakpoint
CREATE TABLE "event_result_corrections" (
  "id" serial PRIMARY KEY NOT NULL,
  "event_id" integer NOT NULL REFERENCES "events"("id"),
  "status" "event_status" NOT NULL,
  "home_score" integer,
  "away_score" integer,
  "previous_status" "event_status",
  "previous_home_score" integer,
  "previous_away_score" integer,
  "reason" text NOT NULL,
  -- The admin's id, kept as written even if the account goes (a trail is not rewritten).
  "corrected_by" uuid,
  "corrected_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "event_result_corrections_status_check" CHECK ("status" IN ('Final', 'Canceled')),
  CONSTRAINT "event_result_corrections_reason_check" CHECK (char_length(btrim("reason")) BETWEEN 1 AND 500)
);--> statement-breakpoint
CREATE INDEX "event_result_corrections_event_id_idx" ON "event_result_corrections" ("event_id", "corrected_at");--> statement-breakpoint
-- The provider sync's lease and last outcome (one row): whichever instance claims it runs the sync.
CREATE TABLE "sports_data_sync" (
  "id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone,
  "summary" jsonb,
  "error" text,
  CONSTRAINT "sports_data_sync_one_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "sports_data_sync" ("id") VALUES (1);--> statement-breakpoint
-- Append-only: snapshots and corrections are never changed or removed, whoever asks.
CREATE FUNCTION "refuse_rewrite"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'This record is append-only: it cannot be changed or removed.' USING ERRCODE = 'SR001';
END $$;--> statement-breakpoint
CREATE TRIGGER "market_snapshots_append_only" BEFORE UPDATE OR DELETE ON "market_snapshots"
  FOR EACH ROW EXECUTE FUNCTION "refuse_rewrite"();--> statement-breakpoint
CREATE TRIGGER "event_result_corrections_append_only" BEFORE UPDATE OR DELETE ON "event_result_corrections"
  FOR EACH ROW EXECUTE FUNCTION "refuse_rewrite"();--> statement-breakpoint
-- A line is taken when the database says: nobody backdates the market a pick was priced against.
CREATE FUNCTION "stamp_market_snapshot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."taken_at" := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "market_snapshots_stamp" BEFORE INSERT ON "market_snapshots"
  FOR EACH ROW EXECUTE FUNCTION "stamp_market_snapshot"();--> statement-breakpoint
-- A correction is dated now, names the result it replaces, and must change it.
CREATE FUNCTION "stamp_result_correction"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e "events";
BEGIN
  SELECT * INTO e FROM "events" WHERE "id" = NEW."event_id" FOR UPDATE;
  IF e."resulted_at" IS NULL THEN
    RAISE EXCEPTION 'This event has no result yet: enter it instead of correcting it.' USING ERRCODE = 'SR001';
  END IF;
  IF (e."status", e."home_score", e."away_score") IS NOT DISTINCT FROM (NEW."status", NEW."home_score", NEW."away_score") THEN
    RAISE EXCEPTION 'The correction is the result already in.' USING ERRCODE = 'SR001';
  END IF;
  IF NEW."status" = 'Final' AND (NEW."home_score" IS NULL OR NEW."away_score" IS NULL) THEN
    RAISE EXCEPTION 'A final result needs both scores' USING ERRCODE = 'SR001';
  END IF;
  NEW."corrected_at" := now();
  NEW."previous_status" := e."status";
  NEW."previous_home_score" := e."home_score";
  NEW."previous_away_score" := e."away_score";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_result_corrections_stamp" BEFORE INSERT ON "event_result_corrections"
  FOR EACH ROW EXECUTE FUNCTION "stamp_result_correction"();--> statement-breakpoint
-- Events: as before (0011), but a result already in changes only to a correction appended in the
-- same transaction, and its first entry's time stays.
CREATE OR REPLACE FUNCTION "guard_event_record"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."starts_at" IS DISTINCT FROM OLD."starts_at" AND OLD."starts_at" <= now() THEN
    RAISE EXCEPTION 'This event has started: its start time can no longer change.' USING ERRCODE = 'SR001';
  END IF;
  IF NEW."starts_at" < OLD."starts_at" AND EXISTS (
      SELECT 1 FROM "posts" p WHERE p."posted_at" >= NEW."starts_at" AND (p."event_id" = NEW."id" OR p."leg_event_ids" @> ARRAY[NEW."id"])) THEN
    RAISE EXCEPTION 'Picks on this game were posted after that time: its start cannot be moved before them.' USING ERRCODE = 'SR001';
  END IF;
  IF NEW."external_id" IS DISTINCT FROM OLD."external_id" AND OLD."external_id" IS NOT NULL THEN
    RAISE EXCEPTION 'An event''s provider id cannot change.' USING ERRCODE = 'SR001';
  END IF;
  IF OLD."resulted_at" IS NOT NULL AND (NEW."status", NEW."home_score", NEW."away_score", NEW."resulted_at")
      IS DISTINCT FROM (OLD."status", OLD."home_score", OLD."away_score", OLD."resulted_at") THEN
    IF NEW."resulted_at" IS DISTINCT FROM OLD."resulted_at" OR NOT EXISTS (
        SELECT 1 FROM "event_result_corrections" c
        WHERE c."event_id" = NEW."id" AND c."corrected_at" = now()
          AND (c."status", c."home_score", c."away_score") IS NOT DISTINCT FROM (NEW."status", NEW."home_score", NEW."away_score")) THEN
      RAISE EXCEPTION 'This event''s result is in: it can no longer change.' USING ERRCODE = 'SR001';
    END IF;
  END IF;
  IF NEW."resulted_at" IS NOT NULL AND NEW."status" = 'Final' AND NEW."starts_at" > now() THEN
    RAISE EXCEPTION 'An event that has not started has no final score.' USING ERRCODE = 'SR001';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- Picks: as before (0011), with four changes. Posting decides self_graded (a prop leg, or no
-- structured market) and it is frozen with the bet. A parlay's legs are on different games and
-- pay at most +10000. A self-graded pick is graded only once its games have their results. A
-- graded pick's grade changes only by a correction of one of its games appended in the same
-- transaction, which the pick then names.
CREATE OR REPLACE FUNCTION "guard_pick_record"() RETURNS trigger LANGUAGE plpgsql AS $$
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
        NEW."market", NEW."legs", NEW."selection", NEW."odds", NEW."units", NEW."posted_at", NEW."commitment", NEW."commit_canonical", NEW."self_graded")
      IS DISTINCT FROM (OLD."post_type", OLD."author_id", OLD."status", OLD."publish_date", OLD."visibility", OLD."category_id", OLD."event_id",
        OLD."market", OLD."legs", OLD."selection", OLD."odds", OLD."units", OLD."posted_at", OLD."commitment", OLD."commit_canonical", OLD."self_graded") THEN
      RAISE EXCEPTION 'A posted pick''s selection, line, odds and units cannot change.' USING ERRCODE = 'SR001';
    END IF;
    -- The start is read only when the words, the withdrawal or the grade change: a like or a comment
    -- count on a posted pick (the common update) costs no lookup.
    IF (NEW."title", NEW."body", NEW."preview", NEW."preview_text", NEW."cover_image", NEW."withdrawn_at",
        NEW."pick_result", NEW."graded_at", NEW."settled_odds", NEW."clv", NEW."result_corrected_at", NEW."result_correction_reason")
      IS DISTINCT FROM (OLD."title", OLD."body", OLD."preview", OLD."preview_text", OLD."cover_image", OLD."withdrawn_at",
        OLD."pick_result", OLD."graded_at", OLD."settled_odds", OLD."clv", OLD."result_corrected_at", OLD."result_correction_reason") THEN
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
    IF (NEW."pick_result", NEW."graded_at", NEW."settled_odds", NEW."clv", NEW."result_corrected_at", NEW."result_correction_reason")
      IS DISTINCT FROM (OLD."pick_result", OLD."graded_at", OLD."settled_odds", OLD."clv", OLD."result_corrected_at", OLD."result_correction_reason") THEN
      IF OLD."pick_result" IS NOT NULL THEN
        -- A regrade: only from a correction of one of its games appended in this transaction.
        IF OLD."self_graded" OR NEW."pick_result" IS NULL OR NEW."graded_at" IS DISTINCT FROM OLD."graded_at"
          OR NOT EXISTS (
            SELECT 1 FROM "event_result_corrections" c
            WHERE (c."event_id" = OLD."event_id" OR c."event_id" = ANY(coalesce(OLD."leg_event_ids", '{}')))
              AND c."corrected_at" = now() AND c."corrected_at" = NEW."result_corrected_at" AND c."reason" = NEW."result_correction_reason") THEN
          RAISE EXCEPTION 'This pick has already been graded.' USING ERRCODE = 'SR001';
        END IF;
      ELSIF OLD."withdrawn_at" IS NOT NULL OR NEW."withdrawn_at" IS NOT NULL THEN
        RAISE EXCEPTION 'A withdrawn pick is not graded.' USING ERRCODE = 'SR001';
      ELSIF NEW."result_corrected_at" IS NOT NULL OR NEW."result_correction_reason" IS NOT NULL THEN
        RAISE EXCEPTION 'Only a graded pick''s result is corrected.' USING ERRCODE = 'SR001';
      ELSIF starts > now() AND NEW."pick_result" <> 'Void' THEN
        -- (A game cancelled before its start voids its picks, as a withdrawal would.)
        RAISE EXCEPTION 'A pick is graded only after its event has started.' USING ERRCODE = 'SR001';
      ELSIF NEW."pick_result" IS NULL OR NEW."graded_at" IS NULL THEN
        RAISE EXCEPTION 'A grade needs its result and time.' USING ERRCODE = 'SR001';
      ELSIF abs(extract(epoch FROM NEW."graded_at" - now())) > 300 THEN
        -- The grade's date decides its day and windows: it is the time it is given, not another.
        RAISE EXCEPTION 'A grade is dated when it is given.' USING ERRCODE = 'SR001';
      ELSIF OLD."self_graded" AND EXISTS (
          SELECT 1 FROM "events" e
          WHERE (e."id" = OLD."event_id" OR e."id" = ANY(coalesce(OLD."leg_event_ids", '{}'))) AND e."resulted_at" IS NULL) THEN
        RAISE EXCEPTION 'A self-graded pick can be graded only after its game has a final result.' USING ERRCODE = 'SR001';
      END IF;
    END IF;
    RETURN NEW;
  END IF;
  IF NEW."pick_result" IS NOT NULL OR NEW."graded_at" IS NOT NULL OR NEW."withdrawn_at" IS NOT NULL
    OR NEW."result_corrected_at" IS NOT NULL OR NEW."result_correction_reason" IS NOT NULL THEN
    RAISE EXCEPTION 'Only a posted pick can be graded or withdrawn.' USING ERRCODE = 'SR001';
  END IF;
  IF NEW."post_type" = 'Pick' AND NEW."status" = 'Published' THEN
    IF NEW."market" IS NULL OR NEW."legs" IS NULL OR jsonb_array_length(NEW."legs") = 0 THEN
      RAISE EXCEPTION 'A pick must name its event and market.' USING ERRCODE = 'SR001';
    END IF;
    IF NEW."market" = 'Parlay' AND (SELECT count(DISTINCT l ->> 'eventId') FROM jsonb_array_elements(NEW."legs") AS l) < jsonb_array_length(NEW."legs") THEN
      RAISE EXCEPTION 'A parlay''s legs must be on different games.' USING ERRCODE = 'SR001';
    END IF;
    IF NEW."market" = 'Parlay' AND NEW."odds" > 10000 THEN
      RAISE EXCEPTION 'A parlay pays at most +10000.' USING ERRCODE = 'SR001';
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
    NEW."self_graded" := EXISTS (SELECT 1 FROM jsonb_array_elements(NEW."legs") AS l WHERE l ->> 'market' IN ('PlayerProp', 'TeamProp'));
    NEW."commit_canonical" := pick_canonical(NEW, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
    NEW."commitment" := encode(sha256(convert_to(NEW."commit_canonical", 'UTF8')), 'hex');
  ELSE
    NEW."posted_at" := NULL;
    NEW."commitment" := NULL;
    NEW."commit_canonical" := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- Self-graded picks count in no verified figure (their tally is read apart, from the picks).
CREATE OR REPLACE FUNCTION "record_graded_pick"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
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
  IF NEW."self_graded" THEN
    RETURN NULL;
  END IF;
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
END $$;--> statement-breakpoint
-- Every sum rebuilt from the verified graded picks (self-graded ones left out): after data written
-- with the triggers off (demo seed, benchmarks), and after a correction regrades picks.
CREATE OR REPLACE FUNCTION "rebuild_pick_records"() RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  LOCK TABLE "standings_rollovers" IN SHARE ROW EXCLUSIVE MODE;
  -- Callable more than once in a transaction (the migrations run in one).
  DROP TABLE IF EXISTS pg_temp."graded_picks";
  DELETE FROM "expert_record_days";
  DELETE FROM "expert_standings";
  CREATE TEMPORARY TABLE "graded_picks" ON COMMIT DROP AS
    SELECT p."id", p."author_id", c AS "category_id", p."pick_result", p."graded_at",
      (coalesce(p."graded_at", p."publish_date") AT TIME ZONE 'UTC')::date AS "day",
      p."pick_result" IN ('Win', 'Loss', 'Push') AS counted,
      coalesce(pick_profit(p."pick_result", coalesce(p."settled_odds", p."odds"), p."units"), 0) AS profit,
      coalesce(p."units", 0) AS units, coalesce(american_decimal(p."odds"), 0) AS decimal_odds, p."clv"
    FROM "posts" p CROSS JOIN LATERAL unnest(ARRAY[p."category_id", 0]) AS c
    WHERE p."post_type" = 'Pick' AND p."status" = 'Published' AND p."pick_result" IS NOT NULL AND NOT p."self_graded";
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
END $$;--> statement-breakpoint
-- Picks already posted: a prop leg (or no structured market) makes the whole pick self-graded,
-- whether or not it was graded yet; the sums are then rebuilt without them.
ALTER TABLE "posts" DISABLE TRIGGER "posts_guard_pick_record";--> statement-breakpoint
UPDATE "posts" SET "self_graded" = true
WHERE "post_type" = 'Pick' AND "posted_at" IS NOT NULL AND NOT "self_graded"
  AND ("market" IS NULL OR "legs" @> '[{"market": "PlayerProp"}]' OR "legs" @> '[{"market": "TeamProp"}]');--> statement-breakpoint
ALTER TABLE "posts" ENABLE TRIGGER "posts_guard_pick_record";--> statement-breakpoint
SELECT rebuild_pick_records();
