// worker_threads entry: Node 20 cannot start a .ts worker even under tsx, so this registers tsx in
// the worker and then imports the real entry (workerData.entry, default ./node-worker.ts). Messages
// sent meanwhile wait in the port until the entry calls comlink's expose.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData?.entry ?? new URL('./node-worker.ts', import.meta.url).href);
