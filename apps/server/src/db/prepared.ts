import type { Executor } from './client.ts';

const statements = new WeakMap<Executor, Map<string, unknown>>();

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
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
