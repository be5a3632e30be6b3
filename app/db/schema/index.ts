/**
 * The whole domain's tables, one file per area; a change of tables comes with a hand-written migration in drizzle/.
 * Column names are snake_case in SQL (drizzle `casing: "snake_case"`), camelCase in TypeScript.
 * Money is integer cents (USD). Ids: uuid for people and content, integer for reference data.
 */
export * from "./enums";
export * from "./accounts";
export * from "./experts";
export * from "./sports";
export * from "./posts";
export * from "./subscriptions";
export * from "./record";
export * from "./notifications";
export * from "./operations";

import type { categories, events, modalities } from "./sports";
import type { posts } from "./posts";
import type { users } from "./accounts";

export type User = typeof users.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Modality = typeof modalities.$inferSelect;
export type Event = typeof events.$inferSelect;
