import { Column, is, noopDecoder, SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

const statements = new WeakMap<Executor, Map<string, unknown>>();

/** A selected field as drizzle's prepared query keeps it: where the value goes, and what decodes it. */
interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What a drizzle prepared query holds that its execution reads (drizzle-orm 0.45: node-postgres and PGlite). */
interface PreparedInternals {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
  queryString: string;
}

const keepsValue = (decoder: Decoder) =>
  decoder === noopDecoder || decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  const holder = field as { sql?: { decoder: Decoder }; _?: { sql: { decoder: Decoder } } };
  const decoder = holder.sql?.decoder ?? holder._?.sql.decoder;
  if (!decoder) throw new Error('a selected field without a decoder');
  return decoder;
}

/** A row's shape: each key holds a selected field's position, or a nested object's shape. */
type Shape = Map<string, number | Shape>;

/**
 * The row mapping of drizzle's `mapResultRow`, with each field's decoder and place found once per statement instead
 * of once per cell (its `is()` checks walked prototype chains for every value the request path read). Each row is
 * made by one object literal, written out once per statement: objects that gain their properties one computed key
 * at a time turn into hash tables past about twenty (a versions row has 25), and every later read of them is a
 * lookup. Left joins, which null a missing table's object, stay with drizzle's own mapping.
 */
export function compileRowMapper(fields: SelectedField[]): (rows: unknown[][]) => Record<string, unknown>[] {
  const decoders: Array<Decoder | undefined> = [];
  const shape: Shape = new Map();
  fields.forEach(({ path, field }, index) => {
    const decoder = decoderOf(field);
    decoders.push(keepsValue(decoder) ? undefined : decoder);
    let node = shape;
    for (const parent of path.slice(0, -1)) {
      let child = node.get(parent);
      if (!(child instanceof Map)) {
        child = new Map();
        node.set(parent, child);
      }
      node = child;
    }
    node.set(path[path.length - 1] as string, index);
  });
  const literal = (node: Shape): string =>
    `{${[...node]
      .map(([key, value]) => {
        if (key === '__proto__') throw new Error('a selected field may not be named __proto__');
        const cell =
          typeof value !== 'number'
            ? literal(value)
            : decoders[value]
              ? `(row[${value}] === null ? null : d[${value}].mapFromDriverValue(row[${value}]))`
              : `row[${value}]`;
        return `${JSON.stringify(key)}: ${cell}`;
      })
      .join(', ')}}`;
  const source = `return (rows) => rows.map((row) => (${literal(shape)}));`;
  return new Function('d', source)(decoders) as (rows: unknown[][]) => Record<string, unknown>[];
}

/** Gives a drizzle prepared query the compiled row mapping, where its rows are mapped by drizzle's generic one. */
function withCompiledRows<Q>(statement: Q): Q {
  const internals = statement as PreparedInternals;
  const joins = Object.values(internals.joinsNotNullableMap ?? {});
  if (internals.fields && !internals.customResultMapper && joins.every(Boolean)) {
    internals.customResultMapper = compileRowMapper(internals.fields);
  }
  return statement;
}

/**
 * A query of the request path, built once per database handle and prepared: drizzle writes its SQL once instead of
 * on every call, and PostgreSQL parses and plans it once per connection (a named statement). `name` is unique to
 * the query; its values go in as `sql.placeholder`s.
 */
export function prepared<Q>(db: Executor, name: string, build: (db: Executor) => Q): Q {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as Q | undefined;
  if (statement === undefined) {
    statement = withCompiledRows(build(db));
    byName.set(name, statement);
  }
  return statement;
}

/** The named statements prepared on a database handle so far, with their SQL (tests audit their plans). */
export function preparedStatementsOf(db: Executor): Array<{ name: string; text: string }> {
  return [...(statements.get(db) ?? new Map<string, unknown>())].map(([name, statement]) => ({
    name,
    text: (statement as PreparedInternals).queryString,
  }));
}
