-- Hand-written (decision 026): the record, round two.
--   * one side of a game per expert: no pick opposite (or complementary) to one the expert still
--     holds on the same game, parlay legs included, checked under a per-author lock;
--   * a withdrawal only within the first minutes after posting (record_rules, set at each start
--     from PICK_WITHDRAW_MINUTES by the tables' owner; the app's role may only read it);
--   * withdrawals counted per expert from an index of the withdrawn picks.
CREATE TABLE "record_rules" (
  "id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
  "withdraw_grace_minutes" integer DEFAULT 5 NOT NULL,
  CONSTRAINT "record_rules_one_row" CHECK ("id" = 1),
  CONSTRAINT "record_rules_withdraw_grace_check" CHECK ("withdraw_grace_minutes" BETWEEN 0 AND 60)
);--> statement-breakpoint
INSERT INTO "record_rules" ("id") VALUES (1);--> statement-breakpoint
CREATE INDEX "posts_withdrawn_idx" ON "posts" ("author_id", "withdrawn_at") WHERE "withdrawn_at" IS NOT NULL;--> statement-breakpoint
-- Two legs on the same game take opposite sides: the home team against the away team or the
-- draw (moneyline and spread alike: both back a team), the over against the under.
CREATE FUNCTION "pick_legs_oppose"("a" jsonb, "b" jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT (a ->> 'eventId') = (b ->> 'eventId') AND (a ->> 'side') <> (b ->> 'side') AND (
    ((a ->> 'market') IN ('Moneyline', 'Spread') AND (b ->> 'market') IN ('Moneyline', 'Spread'))
    OR ((a ->> 'market') = 'Total' AND (b ->> 'market') = 'Total'))
$$;
--> statement-breakpoint
-- Picks: as before (0017), with the two rules above.
CREATE OR REPLACE FUNCTION "guard_pick_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  starts timestamptz;
  grace integer;
  held text;
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
    -- A withdrawal is for a mistake, in the first minutes after posting: later, keeping the picks
    -- whose line moved the expert's way and withdrawing the rest would be a free option.
    IF OLD."withdrawn_at" IS NULL AND NEW."withdrawn_at" IS NOT NULL THEN
      grace := coalesce((SELECT "withdraw_grace_minutes" FROM "record_rules" WHERE "id" = 1), 5);
      IF now() - OLD."posted_at" > make_interval(mins => grace) THEN
        RAISE EXCEPTION 'A pick can be withdrawn only within % minutes of posting, for a mistake: after that it stands.', grace
          USING ERRCODE = 'SR001';
      END IF;
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
    -- One side of a game per expert while both picks stand: holding both sides (or the side and its
    -- complement) is a record no bettor could have. The author's postings queue on a lock, so two
    -- opposite picks sent at once cannot both pass.
    PERFORM pg_advisory_xact_lock(727270002, hashtext(NEW."author_id"::text));
    SELECT p."selection" INTO held
    FROM "posts" p
      CROSS JOIN LATERAL jsonb_array_elements(p."legs") AS l
      CROSS JOIN LATERAL jsonb_array_elements(NEW."legs") AS n
    WHERE p."author_id" = NEW."author_id" AND p."id" <> NEW."id" AND p."post_type" = 'Pick'
      AND p."posted_at" IS NOT NULL AND p."pick_result" IS NULL AND p."withdrawn_at" IS NULL
      AND p."leg_event_ids" && pick_leg_event_ids(NEW."legs") AND pick_legs_oppose(l, n)
    LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'You already have % on this game: an expert takes one side of a game, never both.', held
        USING ERRCODE = 'SR001';
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
-- The app's role reads the record's rules and cannot change them.
CREATE OR REPLACE FUNCTION "grant_app_role"("app_role" name) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
  writable text;
BEGIN
  EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', "app_role");
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I', "app_role");
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm')
  LOOP
    EXECUTE format('REVOKE ALL ON TABLE %I FROM %I', t.relname, "app_role");
    IF t.relname IN ('expert_record_days', 'expert_standings', 'standings_rollovers', 'record_rules') THEN
      EXECUTE format('GRANT SELECT ON TABLE %I TO %I', t.relname, "app_role");
    ELSIF t.relname = 'experts' THEN
      SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) INTO writable
      FROM pg_attribute a
      WHERE a.attrelid = 'public.experts'::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attname NOT LIKE 'record\_%';
      EXECUTE format('GRANT SELECT, DELETE ON TABLE experts TO %I', "app_role");
      EXECUTE format('GRANT INSERT (%s), UPDATE (%s) ON TABLE experts TO %I', writable, writable, "app_role");
    ELSE
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE %I TO %I', t.relname, "app_role");
    END IF;
  END LOOP;
END $$;
