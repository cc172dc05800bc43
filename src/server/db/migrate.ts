// Brings a database up to the latest migration (run at every start; a no-op when up to date).
// Kysely's Migrator takes a lock, so several server processes starting together on one PostgreSQL
// migrate once.
import { Migrator, type Kysely, type MigrationProvider, type Migration } from 'kysely';
import { migrations } from './migrations/index.ts';

/** Serves the migrations from code (no directory scan: works the same from a bundle). */
class CodeMigrationProvider implements MigrationProvider {
  constructor(private readonly list: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.list;
  }
}

/** Runs every pending migration; throws with the failing migration's name and cause. */
export async function migrateToLatest(db: Kysely<unknown>, list: Record<string, Migration> = migrations): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new CodeMigrationProvider(list) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '(lock or bookkeeping)'} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
