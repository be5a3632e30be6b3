-- Every signed-in request reads, with its viewer, the experts whose welcome waits for the reader
-- (nearly always none): a partial index of the few pending, so that look-up reads almost nothing.
CREATE INDEX "subscriptions_welcome_pending_idx" ON "subscriptions" USING btree ("subscriber_id") WHERE "welcome_pending";
