-- Hand-written. The stream hub used to read back every announced row (10,000 for a post to 10,000
-- followers) only to learn what each is about, which is the same for all of a burst's rows. The
-- announcement now carries it: each NOTIFY names one group of rows alike in kind, actor, post,
-- comment, game, read state and creation time, as
--   'kind|actor|post|comment|game|isRead|created µs since 1970;recipient:id,recipient:id,…'
-- (an absent id is empty), up to 100 pairs (a payload must stay under 8,000 bytes). Ids and kinds
-- only, never content: the hub reads what it shows once per group.
CREATE OR REPLACE FUNCTION "keep_and_announce_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "notifications" n USING "new_notifications" nn, "notification_preferences" p
    WHERE n."id" = nn."id" AND p."user_id" = nn."recipient_id" AND nn."data_type" = ANY(p."muted_kinds");
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
