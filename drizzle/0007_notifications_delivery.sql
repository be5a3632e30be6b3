ALTER TABLE "posts" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "posts_unannounced_publish_date_idx" ON "posts" USING btree ("publish_date") WHERE "posts"."status" = 'Published' AND "posts"."announced_at" IS NULL;--> statement-breakpoint
-- Hand-written. Posts already live were announced when they were published (nothing to send now).
UPDATE "posts" SET "announced_at" = "publish_date" WHERE "status" = 'Published' AND "publish_date" <= now();
--> statement-breakpoint
-- Every new notification is announced to the app instances on commit (NOTIFY is transactional):
-- 'recipient:id', the ids only, never the content. Each instance's stream hub loads what it sends.
CREATE FUNCTION "announce_notification"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sharpside_notifications', NEW."recipient_id"::text || ':' || NEW."id"::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_announce" AFTER INSERT ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "announce_notification"();
--> statement-breakpoint
-- A revoked session (sign-out, password change) closes its open notification streams everywhere.
CREATE FUNCTION "announce_session_end"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL THEN
    PERFORM pg_notify('sharpside_sessions_ended', NEW."id"::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_end" AFTER UPDATE OF "revoked_at" ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "announce_session_end"();
