-- Skill or luck: each standings row carries the chance that a bettor with no edge would have done
-- as well, its ROI interval and the share of picks that beat the close, computed from the graded
-- picks by a job (record-confidence.server.ts). The row is stale while the sample or profit it was
-- computed at differ from the row's own; the job finds such rows through their partial index.
ALTER TABLE "expert_standings" ADD COLUMN IF NOT EXISTS "chance_by_luck" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "expert_standings" ADD COLUMN IF NOT EXISTS "roi_low" numeric(9, 1);--> statement-breakpoint
ALTER TABLE "expert_standings" ADD COLUMN IF NOT EXISTS "roi_high" numeric(9, 1);--> statement-breakpoint
ALTER TABLE "expert_standings" ADD COLUMN IF NOT EXISTS "beat_close_share" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "expert_standings" ADD COLUMN IF NOT EXISTS "confidence_sample" integer;--> statement-breakpoint
ALTER TABLE "expert_standings" ADD COLUMN IF NOT EXISTS "confidence_profit" numeric(14, 4);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "expert_standings_confidence_stale_idx" ON "expert_standings" ("expert_id")
  WHERE "confidence_sample" IS DISTINCT FROM ("wins" + "losses" + "pushes") OR "confidence_profit" IS DISTINCT FROM "profit";
