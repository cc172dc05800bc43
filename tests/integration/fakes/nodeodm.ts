// A local NodeODM node speaking its documented API (OpenDroneMap/NodeODM docs/index.adoc, API 2.x):
// POST /task/new/init (header set-uuid, form fields name/options/outputs), POST
// /task/new/upload/{uuid} (form field images), POST /task/new/commit/{uuid}, GET /task/{uuid}/info
// ({ uuid, status: { code }, progress, imagesCount, … }), GET /task/{uuid}/download/all.zip, POST
// /task/remove; failures as HTTP 200 with { error } like the real node; the token query parameter is
// required when one is set. Each info call of a committed task moves it along a script (by default
// QUEUED → RUNNING → RUNNING → COMPLETED); the archive holds the orthophoto the test gives.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export const STATUS = { QUEUED: 10, RUNNING: 20, FAILED: 30, COMPLETED: 40, CANCELED: 50 } as const;

export interface ScriptStep {
  status: number;
  progress: number;
  errorMessage?: string;
}

export interface FakeTask {
  uuid: string;
  name: string;
  options: { name: string; value: unknown }[];
  outputs: string[];
  /** File names received. */
  images: string[];
  committed: boolean;
  infoCalls: number;
  removed: boolean;
}

export interface FakeNodeOdm {
  origin: string;
  token: string;
  tasks: Map<string, FakeTask>;
  /** Every request as "METHOD /path". */
  log: string[];
  /** The status path of the next task committed (default: the happy path). */
  script: ScriptStep[];
  /** The archive GET …/download/all.zip answers. */
  archive: Buffer;
  /** true: every request is answered with HTTP 503 (the node is down). */
  down: boolean;
  close(): Promise<void>;
}

export const HAPPY_PATH: ScriptStep[] = [
  { status: STATUS.QUEUED, progress: 0 },
  { status: STATUS.RUNNING, progress: 35 },
  { status: STATUS.RUNNING, progress: 80 },
  { status: STATUS.COMPLETED, progress: 100 },
];

/** The form fields and file names of a multipart body. */
function parseMultipart(req: IncomingMessage, body: Buffer): { fields: Record<string, string>; files: string[] } {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/.exec(req.headers['content-type'] ?? '');
  const fields: Record<string, string> = {};
  const files: string[] = [];
  if (!m) return { fields, files };
  const boundary = `--${m[1] ?? m[2]}`;
  const text = body.toString('latin1');
  for (const part of text.split(boundary).slice(1, -1)) {
    const end = part.indexOf('\r\n\r\n');
    const head = part.slice(0, end);
    const value = part.slice(end + 4, part.length - 2);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) files.push(filename);
    else fields[name] = Buffer.from(value, 'latin1').toString('utf8');
  }
  return { fields, files };
}

export async function startFakeNodeOdm(options: { token?: string; archive: Buffer }): Promise<FakeNodeOdm> {
  const token = options.token ?? 'fake-token';
  const fake: FakeNodeOdm = {
    origin: '',
    token,
    tasks: new Map(),
    log: [],
    script: HAPPY_PATH,
    archive: options.archive,
    down: false,
    close: async () => undefined,
  };
  const scripts = new Map<string, ScriptStep[]>();
  const json = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, body: Buffer, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.log.push(`${req.method} ${url.pathname}`);
    if (fake.down) {
      res.writeHead(503);
      res.end('down');
      return;
    }
    if (url.searchParams.get('token') !== token) return json(res, { error: 'Invalid authentication token' });
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && url.pathname === '/task/new/init') {
      const uuid = String(req.headers['set-uuid'] ?? '');
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(uuid) || fake.tasks.has(uuid)) return json(res, { error: `Invalid set-uuid: ${uuid}` });
      const { fields } = parseMultipart(req, body);
      fake.tasks.set(uuid, {
        uuid,
        name: fields.name ?? '',
        options: fields.options ? (JSON.parse(fields.options) as FakeTask['options']) : [],
        outputs: fields.outputs ? (JSON.parse(fields.outputs) as string[]) : [],
        images: [],
        committed: false,
        infoCalls: 0,
        removed: false,
      });
      return json(res, { uuid });
    }
    if (req.method === 'POST' && (m = /^\/task\/new\/upload\/([^/]+)$/.exec(url.pathname))) {
      const task = fake.tasks.get(m[1]);
      if (!task || task.committed) return json(res, { error: `${m[1]} not found` });
      const { files } = parseMultipart(req, body);
      if (files.length === 0) return json(res, { error: 'Need at least 1 file.' });
      task.images.push(...files);
      return json(res, { success: true });
    }
    if (req.method === 'POST' && (m = /^\/task\/new\/commit\/([^/]+)$/.exec(url.pathname))) {
      const task = fake.tasks.get(m[1]);
      if (!task || task.committed) return json(res, { error: `${m[1]} not found` });
      task.committed = true;
      scripts.set(task.uuid, fake.script);
      return json(res, { uuid: task.uuid });
    }
    if (req.method === 'GET' && (m = /^\/task\/([^/]+)\/info$/.exec(url.pathname))) {
      const task = fake.tasks.get(m[1]);
      if (!task || !task.committed || task.removed) return json(res, { error: `${m[1]} not found` });
      const script = scripts.get(task.uuid) ?? HAPPY_PATH;
      const step = script[Math.min(task.infoCalls, script.length - 1)];
      task.infoCalls++;
      return json(res, {
        uuid: task.uuid,
        name: task.name,
        dateCreated: Date.now(),
        processingTime: 1000 * task.infoCalls,
        status: step.errorMessage ? { code: step.status, errorMessage: step.errorMessage } : { code: step.status },
        options: task.options,
        imagesCount: task.images.length,
        progress: step.progress,
      });
    }
    if (req.method === 'GET' && (m = /^\/task\/([^/]+)\/download\/([^/]+)$/.exec(url.pathname))) {
      const task = fake.tasks.get(m[1]);
      if (!task || !task.committed || task.removed) return json(res, { error: `${m[1]} not found` });
      if (m[2] !== 'all.zip') return json(res, { error: 'Invalid asset' });
      const script = scripts.get(task.uuid) ?? HAPPY_PATH;
      const step = script[Math.min(Math.max(0, task.infoCalls - 1), script.length - 1)];
      if (step.status !== STATUS.COMPLETED) return json(res, { error: 'Asset not ready' });
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': fake.archive.length });
      res.end(fake.archive);
      return;
    }
    if (req.method === 'POST' && url.pathname === '/task/remove') {
      const uuid = (JSON.parse(body.toString('utf8') || '{}') as { uuid?: string }).uuid ?? '';
      const task = fake.tasks.get(uuid);
      if (!task) return json(res, { success: false, error: `${uuid} not found` });
      task.removed = true;
      return json(res, { success: true });
    }
    res.writeHead(404);
    res.end('Cannot ' + (req.method ?? '') + ' ' + url.pathname);
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const a = server.address();
  fake.origin = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
