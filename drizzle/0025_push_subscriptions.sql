-- Hand-written. Web Push: each device a signed-in reader turned push on for, and the notifications
-- still to push. A device belongs to the session that turned it on: signing out (any revocation)
-- removes it, so a shared computer stops receiving a reader's pushes when they sign out.
ALTER TYPE "notification_type" ADD VALUE IF NOT EXISTS 'PickGraded';--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"session_id" uuid REFERENCES "sessions"("id") ON DELETE CASCADE,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_id_idx" ON "push_subscriptions" USING btree ("session_id");--> statement-breakpoint
-- Due to be pushed from this time (the push job's lease moves it ahead while it sends); NULL: nothing to push.
ALTER TABLE "notifications" ADD COLUMN "push_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "notifications_push_due_idx" ON "notifications" USING btree ("push_due_at") WHERE "push_due_at" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION "forget_push_of_ended_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL THEN
    DELETE FROM "push_subscriptions" WHERE "session_id" = NEW."id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_forget_push" AFTER UPDATE OF "revoked_at" ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "forget_push_of_ended_session"();
--> statement-breakpoint
-- As in 0019, and: the kept rows a reader's devices should show (a new post or pick, a post gone
-- live, a pick graded) are marked due for the push job, only for readers with a device turned on.
CREATE OR REPLACE FUNCTION "keep_and_announce_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "notifications" n USING "new_notifications" nn, "notification_preferences" p
    WHERE n."id" = nn."id" AND p."user_id" = nn."recipient_id" AND nn."data_type" = ANY(p."muted_kinds");
  UPDATE "notifications" n SET "push_due_at" = nn."created_at"
    FROM "new_notifications" nn
    WHERE n."id" = nn."id" AND nn."data_type"::text IN ('ExpertNewPost', 'PostLive', 'PickGraded')
      AND EXISTS (SELECT 1 FROM "push_subscriptions" s WHERE s."user_id" = nn."recipient_id");
  PERFORM pg_notify('sharpside_notifications',
    kept."data_type"::text || '|' || coalesce(kept."actor_id"::text, '') || '|' || coalesce(kept."post_id"::text, '')
      || '|' || coalesce(kept."comment_id"::text, '') || '|' || coalesce(kept."event_id"::text, '')
      || '|' || kept."is_read"::text || '|' || kept."at"::text
      || ';' || string_agg(kept."recipient_id"::text || ':' || kept."id"::text, ','))
  FROM (
    SELECT nn."recipient_id", nn."id", nn."data_type", nn."actor_id", nn."post_id", nn."comment_id", nn."event_id",
      nn."is_read", (extract(epoch FROM nn."created_at") * 1000000)::bigint AS "at",
      (row_number() OVER (PARTITION BY nn."data_type", nn."actor_id", nn."post_id", nn."comment_id", nn."event_id",
        nn."is_read", nn."created_at") - 1) / 100 AS "batch"
    FROM "new_notifications" nn
    WHERE NOT EXISTS (
      SELECT 1 FROM "notification_preferences" p WHERE p."user_id" = nn."recipient_id" AND nn."data_type" = ANY(p."muted_kinds"))
  ) kept
  GROUP BY kept."data_type", kept."actor_id", kept."post_id", kept."comment_id", kept."event_id", kept."is_read",
    kept."at", kept."batch";
  RETURN NULL;
END $$;
