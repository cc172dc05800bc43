// Named prepared statements for the busiest queries on PostgreSQL. A statement whose SQL text was
// marked with `prepared(text)` is sent with a name: each pool connection parses and plans it once and
// afterwards only binds and executes it (for the project list that is most of PostgreSQL's work per
// call: planning its joins and subqueries costs several times executing them). Everything else is
// sent as before (unnamed, parsed each time), so query texts that vary (`in ($1, $2, …)`) never
// pile up in a connection. PostgreSQL re-plans a prepared statement by itself when a table it uses
// changes; a statement pooler in transaction mode (PgBouncer) would need its prepared-statement
// support turned on. PGlite ignores the marks.
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** Marked SQL text → its statement name (the same text has the same name in every pool). */
const names = new Map<string, string>();

/** Marks `text` as a statement to prepare once per connection; returns it unchanged. */
export function prepared(text: string): string {
  if (!names.has(text)) names.set(text, `pvs_${names.size + 1}`);
  return text;
}

/** The name a marked statement is prepared under, or undefined. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}

/** The pool Kysely's PostgresDialect uses: `pool`'s clients, sending marked statements by name. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const adapters = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const adapter = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (async (text: string, values: ReadonlyArray<unknown>) => {
      const name = names.get(text);
      const result = await client.query(name ? { name, text, values: [...values] } : { text, values: [...values] });
      return result as unknown as PostgresQueryResult<unknown>;
    }) as PostgresPoolClient['query'];
    // Kysely's cursors (streamQuery) are not used with marks: they go to the client unchanged.
    const routed = ((textOrCursor: unknown, values?: ReadonlyArray<unknown>) =>
      typeof textOrCursor === 'string' ? query(textOrCursor, values ?? []) : client.query(textOrCursor as never)) as PostgresPoolClient['query'];
    return { query: routed, release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let a = adapters.get(client);
      if (!a) adapters.set(client, (a = adapter(client)));
      return a;
    },
    end: () => pool.end(),
  };
}
