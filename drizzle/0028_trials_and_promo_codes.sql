-- Hand-written. Free trials and promo codes, the expert's levers to grow.
-- experts.trial_days: the trial a new subscriber gets (0: none). A subscription's trial_started_at is
-- never cleared, so each reader has one trial per expert; trial_ends_at is that trial's end, and
-- trial_reminder_due marks the reminder the mail job sends in the last 3 days before the first charge.
ALTER TABLE "experts" ADD COLUMN "trial_days" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_trial_days_range" CHECK ("trial_days" BETWEEN 0 AND 30);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "trial_reminder_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_trial_reminder_due_idx" ON "subscriptions" USING btree ("trial_ends_at") WHERE "trial_reminder_due";--> statement-breakpoint
CREATE INDEX "subscriptions_expert_trials_idx" ON "subscriptions" USING btree ("expert_id", "trial_ends_at") WHERE "trial_ends_at" IS NOT NULL;--> statement-breakpoint
-- A code takes a percentage or an amount off the price, the first month or every month; it may
-- expire and may be capped. times_redeemed only grows by a conditional UPDATE, so the cap holds
-- however many readers redeem at once.
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code" text NOT NULL,
	"percent_off" smallint,
	"amount_off_cents" integer,
	"duration" text NOT NULL,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"times_redeemed" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	-- The Stripe coupon and promotion code, made the first time a card subscription uses the code.
	"provider_coupon_id" text,
	"provider_promotion_code_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_format" CHECK ("code" ~ '^[A-Z0-9]{3,20}$'),
	CONSTRAINT "promo_codes_one_discount" CHECK (("percent_off" IS NULL) <> ("amount_off_cents" IS NULL)),
	CONSTRAINT "promo_codes_percent_range" CHECK ("percent_off" IS NULL OR "percent_off" BETWEEN 1 AND 100),
	CONSTRAINT "promo_codes_amount_positive" CHECK ("amount_off_cents" IS NULL OR "amount_off_cents" > 0),
	CONSTRAINT "promo_codes_duration" CHECK ("duration" IN ('once', 'forever')),
	CONSTRAINT "promo_codes_cap" CHECK ("max_redemptions" IS NULL OR ("max_redemptions" > 0 AND "times_redeemed" <= "max_redemptions"))
);--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_expert_id_code_key" ON "promo_codes" USING btree ("expert_id", "code");--> statement-breakpoint
-- One redemption per reader per code. provider_subscription_id: the Stripe subscription it was
-- given to (an unpaid one that lapsed gives it back).
CREATE TABLE "promo_redemptions" (
	"promo_code_id" uuid NOT NULL REFERENCES "promo_codes"("id") ON DELETE CASCADE,
	"subscriber_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"subscription_id" uuid REFERENCES "subscriptions"("id") ON DELETE SET NULL,
	"provider_subscription_id" text,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("promo_code_id", "subscriber_id")
);--> statement-breakpoint
CREATE INDEX "promo_redemptions_subscriber_id_idx" ON "promo_redemptions" USING btree ("subscriber_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_subscription_id_idx" ON "promo_redemptions" USING btree ("subscription_id");
