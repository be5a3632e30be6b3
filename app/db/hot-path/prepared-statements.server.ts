import type { Database } from "../client.server";

/**
 * Hot path (decision 051), named prepared statements: a statement every signed-in request or
 * every sign-in runs, built once per database handle (on first use) and named, so PostgreSQL parses
 * and plans it once per connection instead of once per request. Other queries stay plain drizzle.
 */
export function preparedStatement<Statement>(build: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = build(db)));
    return statement;
  };
}
