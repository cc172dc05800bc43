// Security headers (helmet) with the cross-origin isolation the web app needs for shared wasm
// memory in workers (docs/ARCHITECTURE.md): COOP same-origin, COEP require-corp, CORP same-origin. The CSP
// allows what the app uses: wasm compilation, module and blob workers, inline styles (antd's CSS-in-JS),
// images and tiles from https sources (and http ones when the server itself is on plain http), and the
// sandbox / API pages of this server. 'unsafe-eval': the editor's 2D plan renderer (regl,
// docs/ARCHITECTURE.md "Web") compiles its draw commands with new Function; scripts still load only
// from this origin (no inline scripts). connect-src blob:: the map reads the drone orthophoto the page downloaded (with the
// session) as a blob: URL.
//
// The headers do not depend on the request (no CSP nonces), so helmet computes them once at start on
// a probe app and one hook copies them into every answer: @fastify/helmet itself would build helmet's
// middleware, re-parsing the CSP, on every request (a measurable share of a small answer's cost).
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import '../types.ts';

/** The headers helmet adds to an answer with `options`: a probe app with and without it. */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => 'probe');
    const res = await probe.inject({ method: 'GET', url: '/' });
    await probe.close();
    return res.headers;
  };
  const plain = await answer(false);
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(await answer(true))) {
    if (plain[name] === undefined && value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

export default fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https:');
    // A server on plain http (a test, an intranet) may use an http tile server too (a user's XYZ imagery).
    const plainHttp = https ? [] : ['http:'];
    const headers = await helmetHeaders({
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: { policy: 'require-corp' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: false } : false,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", "'unsafe-eval'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...plainHttp],
          connectSrc: ["'self'", 'blob:', 'https:', ...plainHttp],
          workerSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
    });
    const entries = Object.entries(headers);
    app.addHook('onRequest', (_request, reply, done) => {
      // On the raw answer, as helmet does: also answers written around Fastify carry them.
      for (const [name, value] of entries) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
