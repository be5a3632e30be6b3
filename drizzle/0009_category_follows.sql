CREATE TABLE "category_follows" (
	"user_id" uuid NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_follows_user_id_category_id_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "category_follows" ADD CONSTRAINT "category_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_follows" ADD CONSTRAINT "category_follows_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_follows_category_id_idx" ON "category_follows" USING btree ("category_id");--> statement-breakpoint
-- Hand-written: a game added (the seed, an import, an admin) is news to the sport's followers,
-- whatever adds it, in the same transaction.
CREATE FUNCTION "announce_new_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "notifications" ("recipient_id", "data_type", "event_id")
  SELECT f."user_id", 'NewEvent', NEW."id" FROM "category_follows" f WHERE f."category_id" = NEW."category_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "events_announce_new" AFTER INSERT ON "events"
  FOR EACH ROW EXECUTE FUNCTION "announce_new_event"();
