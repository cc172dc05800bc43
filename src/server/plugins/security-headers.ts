// Security headers (helmet) with the cross-origin isolation the web app needs for shared wasm
// memory in workers (TOOLCHAIN.md): COOP same-origin, COEP require-corp, CORP same-origin. The CSP
// allows what the app uses: wasm compilation, module and blob workers, inline styles (antd's CSS-in-JS),
// images and tiles from https sources, and the sandbox / API pages of this server. 'unsafe-eval': the
// editor's 2D plan renderer (regl, ARCHITECTURE "Web") compiles its draw commands with new Function;
// scripts still load only from this origin (no inline scripts). connect-src blob:: the map reads the
// drone orthophoto the page downloaded (with the session) as a blob: URL.
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import '../types.ts';

export default fp(
  async (app) => {
    const https = app.config.publicUrl.startsWith('https:');
    await app.register(helmet, {
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
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: ["'self'", 'blob:', 'https:'],
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
  },
  { name: 'security-headers', dependencies: ['config'] },
);
