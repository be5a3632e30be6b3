-- Hand-written. The expert's business figures (docs/decisions/055-business-figures.md).
--
-- subscription_spans: each stretch of time a subscription gave access, kept by a trigger on
-- subscriptions whatever code path changed it. expert_business_days: per expert and UTC day, what
-- started, ended and was earned, kept by triggers on the spans and on payments, so the business
-- page reads a few hundred small rows however many subscriptions and payments there are.
-- post_views: page views of each post, by signed-in readers and by visitors.
ALTER TABLE "subscriptions" ADD COLUMN "started_from_post_id" uuid REFERENCES "posts"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE TABLE "subscription_spans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	-- Kept when the subscription goes with the reader's account: the expert's history stays.
	"subscription_id" uuid REFERENCES "subscriptions"("id") ON DELETE SET NULL,
	"expert_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"price_cents" integer NOT NULL,
	-- False for a subscription made while payments were off: nothing is charged for it.
	"paid" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	-- NULL while it runs with no end set; a cancelled one ends when its paid period does (maybe ahead).
	"ended_at" timestamp with time zone,
	"started_from_post_id" uuid REFERENCES "posts"("id") ON DELETE SET NULL
);--> statement-breakpoint
CREATE INDEX "subscription_spans_subscription_id_idx" ON "subscription_spans" USING btree ("subscription_id", "started_at" DESC);--> statement-breakpoint
-- Foreign keys are indexed (a deleted post or user finds its rows at once).
CREATE INDEX "subscriptions_started_from_post_id_idx" ON "subscriptions" USING btree ("started_from_post_id") WHERE "started_from_post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "subscription_spans_expert_id_idx" ON "subscription_spans" USING btree ("expert_id");--> statement-breakpoint
CREATE INDEX "subscription_spans_started_from_post_id_idx" ON "subscription_spans" USING btree ("started_from_post_id") WHERE "started_from_post_id" IS NOT NULL;--> statement-breakpoint
-- The Cheers an expert received, among their many subscription payments: the business page lists them.
CREATE INDEX "payments_expert_tips_idx" ON "payments" USING btree ("expert_id", "created_at" DESC, "id" DESC) WHERE "kind" = 'Tip' AND "status" = 'Succeeded';--> statement-breakpoint
CREATE TABLE "expert_business_days" (
	"expert_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"ended" integer DEFAULT 0 NOT NULL,
	-- The change of monthly recurring revenue: paid spans' prices, + at their start, - at their end.
	"mrr_change_cents" bigint DEFAULT 0 NOT NULL,
	-- What went through that day (as the business page's earnings count it) and the platform's fee on it.
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"fee_cents" bigint DEFAULT 0 NOT NULL,
	PRIMARY KEY ("expert_id", "day")
);--> statement-breakpoint
CREATE TABLE "post_views" (
	"post_id" uuid PRIMARY KEY NOT NULL REFERENCES "posts"("id") ON DELETE CASCADE,
	"reader_views" bigint DEFAULT 0 NOT NULL,
	"visitor_views" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE FUNCTION "add_business_day"("expert" uuid, "at" timestamptz, "started_by" integer, "ended_by" integer,
  "mrr_by" bigint, "gross_by" bigint, "fee_by" bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "expert_business_days" AS b ("expert_id", "day", "started", "ended", "mrr_change_cents", "gross_cents", "fee_cents")
  VALUES ("expert", ("at" AT TIME ZONE 'UTC')::date, "started_by", "ended_by", "mrr_by", "gross_by", "fee_by")
  ON CONFLICT ("expert_id", "day") DO UPDATE SET
    "started" = b."started" + EXCLUDED."started",
    "ended" = b."ended" + EXCLUDED."ended",
    "mrr_change_cents" = b."mrr_change_cents" + EXCLUDED."mrr_change_cents",
    "gross_cents" = b."gross_cents" + EXCLUDED."gross_cents",
    "fee_cents" = b."fee_cents" + EXCLUDED."fee_cents";
$$;
--> statement-breakpoint
-- A span's share of the days: its start, and its end once it has one. `sign` -1 takes it back.
CREATE FUNCTION "count_span_days"("span" "subscription_spans", "sign" integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  mrr bigint := CASE WHEN "span"."paid" THEN "span"."price_cents" ELSE 0 END;
BEGIN
  PERFORM "add_business_day"("span"."expert_id", "span"."started_at", "sign", 0, "sign" * mrr, 0, 0);
  IF "span"."ended_at" IS NOT NULL THEN
    PERFORM "add_business_day"("span"."expert_id", "span"."ended_at", 0, "sign", -"sign" * mrr, 0, 0);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "keep_business_days_of_spans"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "count_span_days"(OLD, -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "count_span_days"(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscription_spans_keep_business_days" AFTER INSERT OR DELETE OR UPDATE ON "subscription_spans"
  FOR EACH ROW EXECUTE FUNCTION "keep_business_days_of_spans"();
--> statement-breakpoint
-- The earnings rule of the business page: subscription and Cheers payments that went through,
-- to an expert, with money moved (not the free ones of payments off).
CREATE FUNCTION "keep_business_days_of_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."status" = 'Succeeded' AND OLD."kind" IN ('Subscription', 'Tip')
      AND OLD."expert_id" IS NOT NULL AND OLD."provider" IS DISTINCT FROM 'free' THEN
    PERFORM "add_business_day"(OLD."expert_id", OLD."created_at", 0, 0, 0, -OLD."amount_cents", -OLD."platform_fee_cents");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."status" = 'Succeeded' AND NEW."kind" IN ('Subscription', 'Tip')
      AND NEW."expert_id" IS NOT NULL AND NEW."provider" IS DISTINCT FROM 'free' THEN
    PERFORM "add_business_day"(NEW."expert_id", NEW."created_at", 0, 0, 0, NEW."amount_cents", NEW."platform_fee_cents");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_keep_business_days" AFTER INSERT OR DELETE OR UPDATE OF "status", "kind", "expert_id", "provider", "amount_cents", "platform_fee_cents", "created_at" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "keep_business_days_of_payments"();
--> statement-breakpoint
-- A subscription's spans follow its status, at the time of the change (updated_at): running
-- (Activated, PastDue) continues the latest span when it has not ended yet, else starts one;
-- Canceled ends it when the paid period does; anything else (Expired, Pending) ends it now.
CREATE FUNCTION "keep_subscription_spans"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "at" timestamptz := NEW."updated_at";
  latest "subscription_spans";
  ends timestamptz;
BEGIN
  SELECT * INTO latest FROM "subscription_spans" WHERE "subscription_id" = NEW."id" ORDER BY "started_at" DESC LIMIT 1;
  IF latest."id" IS NOT NULL AND latest."ended_at" IS NOT NULL AND latest."ended_at" <= "at" THEN
    latest := NULL;
  END IF;
  IF NEW."status" IN ('Activated', 'PastDue') THEN
    IF latest."id" IS NULL THEN
      INSERT INTO "subscription_spans" ("subscription_id", "expert_id", "price_cents", "paid", "started_at", "started_from_post_id")
      VALUES (NEW."id", NEW."expert_id", NEW."price_cents", NEW."provider" IS DISTINCT FROM 'free', "at", NEW."started_from_post_id");
    ELSIF latest."ended_at" IS NOT NULL THEN
      UPDATE "subscription_spans" SET "ended_at" = NULL WHERE "id" = latest."id";
    END IF;
  ELSIF latest."id" IS NOT NULL THEN
    ends := greatest(latest."started_at",
      CASE WHEN NEW."status" = 'Canceled' THEN coalesce(NEW."current_period_end", "at") ELSE "at" END);
    IF latest."ended_at" IS DISTINCT FROM ends THEN
      UPDATE "subscription_spans" SET "ended_at" = ends WHERE "id" = latest."id";
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscriptions_keep_spans" AFTER INSERT OR UPDATE OF "status", "current_period_end" ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION "keep_subscription_spans"();
--> statement-breakpoint
-- The subscriptions and payments made before: one span each from what their rows still say.
INSERT INTO "subscription_spans" ("subscription_id", "expert_id", "price_cents", "paid", "started_at", "ended_at")
SELECT "id", "expert_id", "price_cents", "provider" IS DISTINCT FROM 'free', "created_at",
  CASE WHEN "status" IN ('Activated', 'PastDue') THEN NULL
       ELSE greatest("created_at", coalesce("current_period_end", "updated_at")) END
FROM "subscriptions"
WHERE "status" IN ('Activated', 'PastDue', 'Canceled') OR ("status" = 'Expired' AND "current_period_end" IS NOT NULL);
--> statement-breakpoint
SELECT "add_business_day"("expert_id", "created_at", 0, 0, 0, "amount_cents", "platform_fee_cents")
FROM "payments"
WHERE "status" = 'Succeeded' AND "kind" IN ('Subscription', 'Tip') AND "expert_id" IS NOT NULL AND "provider" IS DISTINCT FROM 'free';
