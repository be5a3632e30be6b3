-- Hand-written. One post to 10,000 followers inserts 10,000 notifications in one statement: the
-- per-row triggers of 0007 and 0008 ran 20,000 times (a quarter of the statement's time) and sent
-- 10,000 NOTIFYs, each parsed on its own by every instance. Both now run once per statement over
-- its new rows (a transition table).
DROP TRIGGER "notifications_announce" ON "notifications";--> statement-breakpoint
DROP TRIGGER "notifications_skip_muted" ON "notifications";--> statement-breakpoint
DROP FUNCTION "announce_notification"();--> statement-breakpoint
DROP FUNCTION "skip_muted_notification"();--> statement-breakpoint
-- A kind the recipient muted is never kept (nor streamed), whoever creates it: the statement's rows
-- of a muted kind are removed before its end. The rest are announced on commit (NOTIFY is
-- transactional) as 'recipient:id' pairs joined by ',', 100 to a NOTIFY (its payload must stay
-- under 8,000 bytes): the ids only, never the content. Each instance's stream hub loads what it sends.
CREATE FUNCTION "keep_and_announce_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "notifications" n USING "new_notifications" nn, "notification_preferences" p
    WHERE n."id" = nn."id" AND p."user_id" = nn."recipient_id" AND nn."data_type" = ANY(p."muted_kinds");
  PERFORM pg_notify('sharpside_notifications', string_agg(kept."recipient_id"::text || ':' || kept."id"::text, ','))
  FROM (
    SELECT nn."recipient_id", nn."id", (row_number() OVER () - 1) / 100 AS batch FROM "new_notifications" nn
    WHERE NOT EXISTS (
      SELECT 1 FROM "notification_preferences" p WHERE p."user_id" = nn."recipient_id" AND nn."data_type" = ANY(p."muted_kinds"))
  ) kept
  GROUP BY kept.batch;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notifications_keep_and_announce" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS "new_notifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "keep_and_announce_notifications"();
--> statement-breakpoint
-- Most notifications name no comment and no game, and a post's own (ExpertNewPost, PostLive) no
-- actor from now on (its expert is the post's author): those indexes (for the cascades) skip the
-- NULLs, and the actor's foreign-key check is skipped for each of a burst's rows.
DROP INDEX "notifications_actor_id_idx";--> statement-breakpoint
CREATE INDEX "notifications_actor_id_idx" ON "notifications" USING btree ("actor_id") WHERE "notifications"."actor_id" IS NOT NULL;--> statement-breakpoint
DROP INDEX "notifications_comment_id_idx";--> statement-breakpoint
DROP INDEX "notifications_event_id_idx";--> statement-breakpoint
CREATE INDEX "notifications_comment_id_idx" ON "notifications" USING btree ("comment_id") WHERE "notifications"."comment_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_event_id_idx" ON "notifications" USING btree ("event_id") WHERE "notifications"."event_id" IS NOT NULL;
