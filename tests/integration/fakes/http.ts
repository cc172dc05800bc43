// A local HTTP server for fake outside services: records requests, answers with a handler.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface Recorded {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeServer {
  origin: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export async function startFake(handler: (req: Recorded, res: ServerResponse) => void): Promise<FakeServer> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rec: Recorded = { method: req.method ?? '', url: new URL(req.url ?? '/', 'http://fake'), headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(rec);
      handler(rec, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const a = server.address();
  const port = typeof a === 'object' && a ? a.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
