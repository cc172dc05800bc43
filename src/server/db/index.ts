// Opens the database the configuration names: PGlite (embedded, a folder or memory://) or
// PostgreSQL (DATABASE_URL), both behind one Kysely<Database>, and migrates it to the latest schema.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { migrateToLatest } from './migrate.ts';
import { preparingPool } from './prepared.ts';
import type { Database } from './schema.ts';
import { registerTableWrites, TableWrites } from './table-writes.ts';


/** The embedded database behind each Kysely instance openDatabase made on PGlite. */
const pglites = new WeakMap<Kysely<Database>, PGlite>();

/**
 * The PGlite client under `db`, or null on PostgreSQL. Only for what Kysely cannot send: a string
 * of several statements (pg-boss's maintenance, jobs/sql.ts), sent while holding Kysely's connection.
 */
export function pgliteOf(db: Kysely<Database>): PGlite | null {
  return pglites.get(db) ?? null;
}

/** Connections the server keeps to PostgreSQL (on 2 cores, 4 to 20 measured alike; bench/server). */
export const POSTGRES_POOL_SIZE = 10;
export type { Database } from './schema.ts';

export interface OpenDatabase {
  db: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  /** Closes the pool or the embedded database. */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PGlite data-dir tarball (from dumpDataDir) to start an in-memory database from (tests). */
  pgliteSnapshot?: Blob;
  /** Skip the migrations (the snapshot or database is known to be current). */
  skipMigrations?: boolean;
}

/** Opens and migrates the configured database. */
export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<OpenDatabase> {
  let db: Kysely<Database>;
  // Writes to watched tables reach in-process caches (the session cache) through this plugin.
  const writes = new TableWrites();
  if (config.kind === 'pglite') {
    const inMemory = config.dataDir.startsWith('memory://');
    if (!inMemory) mkdirSync(config.dataDir, { recursive: true });
    const client = new PGlite({
      dataDir: inMemory ? undefined : config.dataDir,
      loadDataDir: options.pgliteSnapshot,
    });
    await client.waitReady;
    db = new Kysely<Database>({ dialect: new PGliteDialect(client), plugins: [writes] });
    pglites.set(db, client);
  } else {
    const pool = new pg.Pool({ connectionString: config.url, max: POSTGRES_POOL_SIZE });
    // An idle client's error (server restarted) must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }), plugins: [writes] });
  }
  registerTableWrites(db, writes);
  try {
    if (!options.skipMigrations) await migrateToLatest(db as Kysely<unknown>);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return { db, kind: config.kind, close: () => db.destroy() };
}
