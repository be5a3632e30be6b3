import { timestamp, uuid } from "drizzle-orm/pg-core";

// The columns every table spells the same way.
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const id = () => uuid().primaryKey().defaultRandom();
