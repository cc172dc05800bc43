// A database of its own for a migration test, on PGlite (a data folder under `dir`) or on the run's
// PostgreSQL (a new database): the app's configuration for it, and a direct connection to it (on
// PGlite the test closes its connection before the app opens the folder).
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { AppConfig } from '../../src/server/config.ts';
import { postgres, type DbKind } from './harness.ts';

export async function migrationDatabase(kind: DbKind, dir: string, prefix: string): Promise<{ database: AppConfig['database']; connect: () => Kysely<unknown> }> {
  if (kind === 'pglite') {
    return {
      database: { kind: 'pglite', dataDir: join(dir, 'pglite') },
      connect: () => new Kysely<unknown>({ dialect: new PGliteDialect(new PGlite({ dataDir: join(dir, 'pglite') })) }),
    };
  }
  const cluster = await postgres();
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    database: { kind: 'postgres', url: cluster.url(name) },
    connect: () => new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: cluster.url(name), max: 1 }) }) }),
  };
}
