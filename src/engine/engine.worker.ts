// The engine in a browser Web Worker (module worker, started by browser.ts). `expose` runs before
// anything is awaited, so no message is lost; calls made while the wasm loads wait for it.
import { expose } from 'comlink';
import wasmUrl from '../../build/engine.wasm?url';
import { workerApi } from './api.ts';
import { preserveWorkerErrors } from './pool.ts';
import { loadEngineUrl } from './wasm.ts';

preserveWorkerErrors();
expose(workerApi(loadEngineUrl(wasmUrl)));
