-- Hand-written. The expert's welcome message to new subscribers: e-mailed once by the mail job
-- (welcome_mail_due) and shown on the subscriber's next visit to a page of the expert's
-- (welcome_pending), both set when a subscription starts.
ALTER TABLE "experts" ADD COLUMN "welcome_message" text;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_welcome_message_length" CHECK ("welcome_message" IS NULL OR char_length("welcome_message") BETWEEN 1 AND 2000);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "welcome_mail_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "welcome_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "subscriptions_welcome_mail_due_idx" ON "subscriptions" USING btree ("id") WHERE "welcome_mail_due";
