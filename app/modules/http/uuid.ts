/** Ids of users, posts, comments and subscriptions are UUIDs: anything else names nothing (a 404 without a query). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
