import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

/**
 * Hot path (decision 040, "The compiled row mapper"): drizzle's `mapResultRow` finds each field's
 * decoder and walks its path for every field of every row; this does that work once per statement.
 * It reads three drizzle internals (`fields`, `joinsNotNullableMap`, `customResultMapper`):
 * test/integration/row-mapper.test.ts compares it with drizzle's own mapper on real statements.
 */

/** One selected field as drizzle lists a query's fields (`orderSelectedFields`). */
export interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** The prepared query's own parts the row mapping reads (drizzle's PgPreparedQuery, both drivers). */
export interface MappedStatement {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

// `decoder` is drizzle-internal on SQL: the one it maps an sql`` field with (mapWith).
const decoderOfSql = (sql: unknown) => (sql as { decoder: Decoder }).decoder;

/** The field's decoder, found as drizzle's mapResultRow finds it. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * The rows of a query, as drizzle's `mapResultRow` gives them. Same result, same rules: a nested
 * object of a left-joined table is null when its first column is (drizzle's own test), unless the
 * object mixes tables.
 */
export function compileRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): (row: unknown[]) => Record<string, unknown> {
  const plan = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1],
    decoder: decoderOf(field),
  }));
  // The objects that may become null: each one's first column and table, unless its columns mix tables.
  const nullable = new Map<string, { key: string; table: string } | null>();
  if (joinsNotNullableMap) {
    for (const { path, field } of fields) {
      if (!is(field, Column) || path.length !== 2) continue;
      const table = getTableName(field.table);
      const known = nullable.get(path[0]);
      if (known === undefined) nullable.set(path[0], { key: path[1], table });
      else if (known !== null && known.table !== table) nullable.set(path[0], null);
    }
  }
  const nullWhenEmpty = [...nullable].flatMap(([object, first]) =>
    first !== null && !joinsNotNullableMap![first.table] ? [{ object, key: first.key }] : [],
  );
  return (row) => {
    const result: Record<string, unknown> = {};
    for (let index = 0; index < plan.length; index++) {
      const { parents, key, decoder } = plan[index];
      let node = result;
      for (const parent of parents) node = (node[parent] ??= {}) as Record<string, unknown>;
      const raw = row[index];
      node[key] = raw === null ? null : decoder.mapFromDriverValue(raw);
    }
    for (const { object, key } of nullWhenEmpty) {
      if ((result[object] as Record<string, unknown>)[key] === null) result[object] = null;
    }
    return result;
  };
}

/** Gives a drizzle prepared query (postgres.js or PGlite) the compiled row mapping. */
export function withCompiledRowMapper<Statement>(statement: Statement): Statement {
  const query = statement as MappedStatement;
  if (Array.isArray(query.fields) && !query.customResultMapper) {
    const mapRow = compileRowMapper(query.fields, query.joinsNotNullableMap);
    query.customResultMapper = (rows) => rows.map(mapRow);
  }
  return statement;
}
