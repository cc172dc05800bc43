// Types for comlink's Node adapter: the package ships node-adapter.d.ts but no .d.mts beside the
// .mjs that Node resolves, so TypeScript needs this shim.
declare module 'comlink/dist/esm/node-adapter.mjs' {
  import type { Endpoint } from 'comlink';

  export interface NodeEndpoint {
    postMessage(message: unknown, transfer?: readonly unknown[]): void;
    on(type: string, listener: (value: unknown) => void): void;
    off(type: string, listener: (value: unknown) => void): void;
    start?: () => void;
  }

  /** Wraps a worker_threads Worker, MessagePort or parentPort as a comlink endpoint. */
  export default function nodeEndpoint(nep: NodeEndpoint): Endpoint;
}
