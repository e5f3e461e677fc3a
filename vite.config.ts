import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { fileURLToPath } from 'node:url';

const domain = fileURLToPath(new URL('./api/src/domain', import.meta.url));
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// One config for the console build, the dev server and every test project.
export default defineConfig({
  root: 'admin',
  // The console's files are compressed once here, in both encodings browsers ask for, and sent
  // as they are by the API (api/src/http/console.ts).
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'], threshold: 1024 })],
  resolve: { alias: { '@domain': domain } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { port: 5173, proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  test: {
    root: '.',
    reporters: ['default', './test/countReporter.ts'],
    projects: [
      {
        extends: true,
        // Outer limits that only a hang reaches: the suite shares small machines with other work.
        test: {
          name: 'api', root: '.', include: ['api/test/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 240_000,
          // Migrates once per run; every test database is a copy (api/test/support/templateDatabases.ts).
          globalSetup: ['api/test/support/templateDatabases.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'admin', root: '.', include: ['admin/src/**/*.test.{ts,tsx}'], environment: 'node', testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e', root: '.', include: ['e2e/**/*.test.ts'], environment: 'node',
          globalSetup: ['e2e/global-setup.ts'], testTimeout: 60000, hookTimeout: 180000,
          fileParallelism: false,
        },
      },
    ],
  },
});
