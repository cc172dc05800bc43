// The drone modelling service: a NodeODM node (OpenDroneMap's REST API, docs/index.adoc of
// https://github.com/OpenDroneMap/NodeODM, API 2.x). A task is made in three calls so that many
// photos never travel in one request: POST /task/new/init (header set-uuid: our own UUID, so a worker
// that died after the commit finds the task again; form fields name, options, outputs,
// skipPostProcessing), POST /task/new/upload/{uuid} (form field `images`, repeated), POST
// /task/new/commit/{uuid}. Then GET /task/{uuid}/info answers status.code (10 QUEUED, 20 RUNNING,
// 30 FAILED, 40 COMPLETED, 50 CANCELED) and progress 0–100; GET /task/{uuid}/download/all.zip the
// results (limited to `outputs`); POST /task/remove drops the task. Every call carries the token
// query parameter when one is configured. NodeODM answers most failures with HTTP 200 and a body
// `{ "error": "…" }`, a missing task with `{ "error": "<uuid> not found" }`.
import type { DroneConfig } from '../config.ts';

/** NodeODM status codes (docs: TaskInfo.status.code). */
export const NODEODM_STATUS = { QUEUED: 10, RUNNING: 20, FAILED: 30, COMPLETED: 40, CANCELED: 50 } as const;

/** A processing option as NodeODM takes it ({ name, value }; GET /options lists them). */
export interface NodeOdmOption {
  name: string;
  value: string | number | boolean;
}

export interface NodeOdmTaskInfo {
  uuid: string;
  /** NODEODM_STATUS */
  status: number;
  /** [%] 0–100 */
  progress: number;
  /** The node's message for a failed task. */
  errorMessage: string | null;
  imagesCount: number;
}

export interface NodeOdmFile {
  name: string;
  bytes: Uint8Array;
}

/** unreachable: network, timeout or HTTP 5xx (try again later); refused: the node answered an error. */
export class NodeOdmError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'refused',
  ) {
    super(message);
    this.name = 'NodeOdmError';
  }
}

export interface NodeOdmProvider {
  /** Where the node is (for logs; never holds the token). */
  readonly origin: string;
  /** Starts a task under `uuid` that waits for its files. */
  init(uuid: string, task: { name: string; options: NodeOdmOption[]; outputs: string[] }): Promise<void>;
  /** Adds files to an initialised task. */
  upload(uuid: string, files: NodeOdmFile[]): Promise<void>;
  /** Queues the task for processing. */
  commit(uuid: string): Promise<void>;
  /** The task's state, or null when the node does not know the uuid. */
  info(uuid: string): Promise<NodeOdmTaskInfo | null>;
  /** The results archive (all.zip) of a completed task. */
  download(uuid: string): Promise<Buffer>;
  /** Drops a task and its files (no error when it is gone). */
  remove(uuid: string): Promise<void>;
}

/** Timeouts [ms]: a photo batch may be large; a download holds the orthophoto. */
const TIMEOUT = { call: 30_000, upload: 300_000, download: 600_000 } as const;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The HTTP client of a NodeODM node. */
export class HttpNodeOdm implements NodeOdmProvider {
  readonly origin: string;

  constructor(
    private readonly url: string,
    private readonly token: string | null,
  ) {
    this.origin = new URL(url).origin;
  }

  private endpoint(path: string): string {
    const u = new URL(this.url.replace(/\/+$/, '') + path);
    if (this.token) u.searchParams.set('token', this.token);
    return u.toString();
  }

  /** A call answering JSON; NodeODM's `{ error }` body becomes a refused NodeOdmError. */
  private async json(path: string, init: RequestInit, timeoutMs: number = TIMEOUT.call): Promise<Record<string, unknown>> {
    const res = await this.fetch(path, init, timeoutMs);
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new NodeOdmError(`${path.split('?')[0]}: the node answered HTTP ${res.status} without JSON`, res.status >= 500 ? 'unreachable' : 'refused');
    }
    if (isRecord(body) && typeof body.error === 'string') throw new NodeOdmError(body.error, 'refused');
    if (!res.ok) throw new NodeOdmError(`${path.split('?')[0]}: HTTP ${res.status}`, res.status >= 500 ? 'unreachable' : 'refused');
    if (!isRecord(body)) throw new NodeOdmError(`${path.split('?')[0]}: unexpected answer`, 'refused');
    return body;
  }

  private async fetch(path: string, init: RequestInit, timeoutMs: number): Promise<Response> {
    try {
      return await fetch(this.endpoint(path), { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      throw new NodeOdmError(`the modelling service at ${this.origin} cannot be reached (${detail})`, 'unreachable');
    }
  }

  async init(uuid: string, task: { name: string; options: NodeOdmOption[]; outputs: string[] }): Promise<void> {
    const form = new FormData();
    form.set('name', task.name);
    form.set('options', JSON.stringify(task.options));
    form.set('outputs', JSON.stringify(task.outputs));
    form.set('skipPostProcessing', 'true');
    const body = await this.json('/task/new/init', { method: 'POST', body: form, headers: { 'set-uuid': uuid } });
    if (body.uuid !== uuid) throw new NodeOdmError(`/task/new/init answered another uuid (${String(body.uuid)})`, 'refused');
  }

  async upload(uuid: string, files: NodeOdmFile[]): Promise<void> {
    const form = new FormData();
    for (const f of files) form.append('images', new Blob([new Uint8Array(f.bytes)], { type: 'image/jpeg' }), f.name);
    const body = await this.json(`/task/new/upload/${encodeURIComponent(uuid)}`, { method: 'POST', body: form }, TIMEOUT.upload);
    if (body.success !== true) throw new NodeOdmError('/task/new/upload did not confirm the files', 'refused');
  }

  async commit(uuid: string): Promise<void> {
    await this.json(`/task/new/commit/${encodeURIComponent(uuid)}`, { method: 'POST' });
  }

  async info(uuid: string): Promise<NodeOdmTaskInfo | null> {
    let body: Record<string, unknown>;
    try {
      body = await this.json(`/task/${encodeURIComponent(uuid)}/info`, { method: 'GET' });
    } catch (err) {
      if (err instanceof NodeOdmError && err.kind === 'refused' && /not found/i.test(err.message)) return null;
      throw err;
    }
    const status = isRecord(body.status) ? body.status : {};
    const code = typeof status.code === 'number' ? status.code : Number(status.code);
    if (!Number.isInteger(code)) throw new NodeOdmError('/task/info: no status code in the answer', 'refused');
    const progress = typeof body.progress === 'number' && Number.isFinite(body.progress) ? Math.min(100, Math.max(0, body.progress)) : 0;
    return {
      uuid,
      status: code,
      progress,
      errorMessage: typeof status.errorMessage === 'string' ? status.errorMessage : null,
      imagesCount: typeof body.imagesCount === 'number' ? body.imagesCount : 0,
    };
  }

  async download(uuid: string): Promise<Buffer> {
    const res = await this.fetch(`/task/${encodeURIComponent(uuid)}/download/all.zip`, { method: 'GET' }, TIMEOUT.download);
    const bytes = Buffer.from(await res.arrayBuffer());
    // An error is JSON ({ error }); the archive starts with the ZIP local header "PK\3\4".
    if (!res.ok || bytes.subarray(0, 4).toString('latin1') !== 'PK\u0003\u0004') {
      let message = `/task/download: HTTP ${res.status}`;
      try {
        const body: unknown = JSON.parse(bytes.toString('utf8'));
        if (isRecord(body) && typeof body.error === 'string') message = body.error;
      } catch {
        // not JSON: keep the status line
      }
      throw new NodeOdmError(message, res.status >= 500 ? 'unreachable' : 'refused');
    }
    return bytes;
  }

  async remove(uuid: string): Promise<void> {
    try {
      await this.json('/task/remove', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ uuid }) });
    } catch (err) {
      if (err instanceof NodeOdmError && err.kind === 'refused' && /not found/i.test(err.message)) return;
      throw err;
    }
  }
}

/** The node of the configuration, or null when NODEODM_URL is not set. */
export function createNodeOdmProvider(config: DroneConfig): NodeOdmProvider | null {
  return config.nodeodm ? new HttpNodeOdm(config.nodeodm.url, config.nodeodm.token) : null;
}
