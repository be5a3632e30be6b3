import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` reads this: migrations are plain SQL files in drizzle/
// that the app applies itself at start-up (app/db/migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema",
  out: "./drizzle",
  casing: "snake_case",
});
