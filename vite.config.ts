import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';

/** Cross-origin isolation: needed for SharedArrayBuffer / shared wasm memory in the browser. */
export const isolationHeaders = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [react(), wasm()],
  worker: { format: 'es', plugins: () => [wasm()] },
  build: { target: 'esnext', outDir: '../../dist', emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  server: { port: 5173, headers: isolationHeaders, fs: { allow: ['../..'] } },
  preview: { headers: isolationHeaders },
  test: {
    root: '.',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/global-setup.ts', 'tests/integration/global-setup.ts'],
    // Two workers on two cores: the integration and end-to-end tests mostly wait on I/O.
    maxWorkers: 2,
    setupFiles: ['tests/setup-fast-check.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
