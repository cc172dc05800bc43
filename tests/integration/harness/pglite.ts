// One migrated PGlite data directory per schema version, dumped once (dumpDataDir) and cached in the
// temp folder; every test database starts from it in memory (~0.7 s instead of ~5 s cold + migrate).
// The cache key hashes the migration sources and the PGlite version, so a changed migration makes a
// new snapshot.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';

const root = new URL('../../../', import.meta.url).pathname;
const migrationsDir = join(root, 'src/server/db/migrations');

function snapshotKey(): string {
  const h = createHash('sha256');
  h.update((JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }).version);
  for (const f of readdirSync(migrationsDir).sort()) h.update(f).update(readFileSync(join(migrationsDir, f)));
  return h.digest('hex').slice(0, 16);
}

let cached: Promise<Blob> | undefined;

/** The migrated snapshot (made on first use, then read from the temp folder). */
export function pgliteSnapshot(): Promise<Blob> {
  cached ??= (async () => {
    const file = join(tmpdir(), `pvstudio-pglite-${snapshotKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const pglite = new PGlite();
    const db = new Kysely<unknown>({ dialect: new PGliteDialect(pglite) });
    try {
      await migrateToLatest(db);
      const dump = await pglite.dumpDataDir('none');
      const bytes = Buffer.from(await dump.arrayBuffer());
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, bytes);
      renameSync(tmp, file);
      return new Blob([bytes]);
    } finally {
      await db.destroy();
    }
  })();
  return cached;
}
