-- Hand-written (decision 009): the verified record's figures are written only by the record's
-- own functions. They run with their owner's rights (SECURITY DEFINER, a fixed search_path), so
-- an app role that does not own the tables can grade picks and roll the windows, yet cannot
-- write a figure itself once grant_app_role() has given it the app's privileges.
ALTER FUNCTION "record_graded_pick"() SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION "roll_standings"(date) SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION "rebuild_pick_records"() SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION "list_new_standing"() SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
ALTER FUNCTION "relist_expert_standings"() SECURITY DEFINER SET search_path = public, pg_temp;
--> statement-breakpoint
-- Run by the tables' owner after every migration (server.ts with DATABASE_MIGRATION_URL, or by
-- hand): everything the app needs on every table, except writing the record's figures:
-- expert_record_days, expert_standings and standings_rollovers are read-only, and on experts the
-- record_* columns are left out of INSERT and UPDATE. Tables added later are covered at the
-- next start.
CREATE FUNCTION "grant_app_role"("app_role" name) RETURNS void LANGUAGE plpgsql AS $$
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
    IF t.relname IN ('expert_record_days', 'expert_standings', 'standings_rollovers') THEN
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
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION "grant_app_role"(name) FROM PUBLIC;
