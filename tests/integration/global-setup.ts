// Global setup of the integration tests (add to vite.config.ts `test.globalSetup`): one folder for
// the run's throw-away PostgreSQL. The first test that needs PostgreSQL starts the cluster there
// (harness/postgres.ts); the teardown stops it and removes the folder. A run without integration
// tests starts nothing.
import type { TestProject } from 'vitest/node';
import { makeClusterRoot, stopCluster } from './harness/postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the run's PostgreSQL cluster ('' when not provided). */
    pvstudioPgRoot: string;
  }
}

export default function setup(project: TestProject) {
  const root = makeClusterRoot();
  project.provide('pvstudioPgRoot', root);
  return () => stopCluster(root);
}
