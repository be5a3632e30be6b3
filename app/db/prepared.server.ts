import type { Database } from "./client.server";

/**
 * A named prepared statement for the hot paths (every signed-in request, sign-in): PostgreSQL
 * parses and plans it once per connection instead of once per request. Drizzle builds a prepared
 * query per database handle, so this keeps one per handle, made on first use.
 */
export function preparedStatement<Statement>(build: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = build(db)));
    return statement;
  };
}
