DROP INDEX "expert_standings_ranking_idx";--> statement-breakpoint
ALTER TABLE "expert_standings" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "expert_standings_ranked_idx" ON "expert_standings" USING btree ("window","category_id","score" DESC NULLS LAST,"profit" DESC NULLS LAST,"expert_id") WHERE wins + losses + pushes >= 20 AND listed;--> statement-breakpoint
-- Hand-written from here (decision 026): who is listed on the leaderboard is kept on the standings
-- rows, so a page is one ordered range of the ranking index, not a join over every ranked expert.
CREATE FUNCTION "expert_is_listed"("expert" uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM "experts" e JOIN "users" u ON u."id" = e."user_id"
    WHERE e."user_id" = "expert" AND e."membership_status" = 'Active' AND 'Expert' = ANY(u."roles"))
$$;
--> statement-breakpoint
CREATE FUNCTION "list_new_standing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."listed" := expert_is_listed(NEW."expert_id");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "expert_standings_list_new" BEFORE INSERT ON "expert_standings"
  FOR EACH ROW EXECUTE FUNCTION "list_new_standing"();
--> statement-breakpoint
CREATE FUNCTION "relist_expert_standings"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  expert uuid;
BEGIN
  -- (Each branch reads only its own table's row: plpgsql plans a field access when it runs it.)
  IF TG_TABLE_NAME = 'users' THEN
    expert := NEW."id";
  ELSE
    expert := NEW."user_id";
  END IF;
  UPDATE "expert_standings" SET "listed" = expert_is_listed(expert)
  WHERE "expert_id" = expert AND "listed" IS DISTINCT FROM expert_is_listed(expert);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "experts_relist_standings" AFTER INSERT OR UPDATE OF "membership_status" ON "experts"
  FOR EACH ROW EXECUTE FUNCTION "relist_expert_standings"();
--> statement-breakpoint
CREATE TRIGGER "users_relist_standings" AFTER UPDATE OF "roles" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "relist_expert_standings"();
--> statement-breakpoint
UPDATE "expert_standings" SET "listed" = expert_is_listed("expert_id");
