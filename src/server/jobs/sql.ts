// pg-boss's database adapter (its `db: { executeSql(text, values) }` option) over the app's own
// Kysely instance, so pg-boss shares the app's connections on both databases:
//
// - A statement with parameters goes through Kysely like any query: on PostgreSQL one pool
//   connection; on PGlite the single connection, queued behind whatever the app is doing (the PGlite
//   driver hands its one connection to one caller at a time, a transaction keeps it until its end).
// - A string without parameters may hold several statements (pg-boss's maintenance and schema
//   migrations: BEGIN; advisory lock; …; COMMIT). It is sent as one simple query on a connection
//   held for it — on PGlite through PGlite's exec(), since Kysely's PGlite driver sends one
//   statement at a time — and rolled back if it fails, so no connection is left inside an aborted
//   transaction for the app's next query.
//
// pg-boss 10 never LISTENs: its workers poll, so nothing here needs a dedicated connection.
import type { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What pg-boss calls (PgBoss.Db). */
export interface BossSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export class AppSql implements BossSql {
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    /** The PGlite client under `db` (db/index.ts pgliteOf), null on PostgreSQL. */
    private readonly pglite: PGlite | null,
  ) {}

  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
    // After close() (the engine stopped and the database may be closing) a late call of the engine
    // never settles: no query on a closed database, and no rejection nobody handles.
    if (this.closed) return new Promise(() => undefined);
    const run = this.run(text, values ?? []);
    this.inFlight.add(run);
    void run.then(
      () => this.inFlight.delete(run),
      () => this.inFlight.delete(run),
    );
    return run;
  }

  /** Statements sent and not yet answered. */
  get pending(): number {
    return this.inFlight.size;
  }

  /** Waits until every statement sent so far has been answered. */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
  }

  private async run(text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
    if (values.length > 0) return { rows: (await this.db.executeQuery(CompiledQuery.raw(text, values))).rows };
    const pglite = this.pglite;
    return this.db.connection().execute(async (conn) => {
      try {
        if (pglite) {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        return { rows: (await sql.raw(text).execute(conn)).rows };
      } catch (err) {
        // A failed BEGIN … COMMIT string leaves its transaction open and aborted: close it here.
        await sql.raw('rollback').execute(conn).catch(() => undefined);
        throw err;
      }
    });
  }
}

/**
 * pg-boss's statements inside an app transaction (queueing a job atomically with the rows that call
 * for it). Single statements only — the ones send(), insert(), complete() and deleteJob() make.
 */
export function transactionSql(tx: Transaction<Database>): BossSql {
  return {
    async executeSql(text, values) {
      return { rows: (await tx.executeQuery(CompiledQuery.raw(text, values ?? []))).rows };
    },
  };
}
