CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"muted_kinds" "notification_type"[] DEFAULT '{}' NOT NULL,
	"new_pick_emails" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_unemailed_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."emailed_at" IS NULL AND "notifications"."data_type" IN ('ExpertNewPost', 'PostLive');--> statement-breakpoint
-- Hand-written. Notifications from before this migration were not meant to be e-mailed.
UPDATE "notifications" SET "emailed_at" = "created_at";
--> statement-breakpoint
-- A kind the recipient muted is never stored (nor streamed), whoever creates it.
CREATE FUNCTION "skip_muted_notification"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "notification_preferences" p WHERE p."user_id" = NEW."recipient_id" AND NEW."data_type" = ANY(p."muted_kinds")) THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_skip_muted" BEFORE INSERT ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION "skip_muted_notification"();
