-- Support requests are worked through on /admin/support: who marked one handled (indexed, as every
-- foreign key), and the open ones newest first from an index of their own.
ALTER TABLE "support_requests" ADD COLUMN IF NOT EXISTS "handled_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_requests_handled_by_idx" ON "support_requests" ("handled_by");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "support_requests_open_idx" ON "support_requests" ("created_at" DESC) WHERE "handled_at" IS NULL;
