// Opens (and migrates) the configured database and closes it with the app.
import fp from 'fastify-plugin';
import { openDatabase } from '../db/index.ts';
import '../types.ts';

export interface DatabasePluginOptions {
  /** PGlite tarball to start an in-memory database from (tests). */
  pgliteSnapshot?: Blob;
  skipMigrations?: boolean;
}

export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const open = await openDatabase(app.config.database, options);
    app.decorate('db', open.db);
    app.decorate('dbKind', open.kind);
    app.addHook('onClose', async () => {
      await open.close();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
