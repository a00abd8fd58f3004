// Vite build and dev server of the web app; the dev server forwards API paths to the Fastify server.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const API_TARGET = process.env.CRM_API_URL ?? 'http://localhost:3000';
// Every path prefix the server answers (docs/product.md §7), so the browser talks to one origin in development too.
const API_PREFIXES = ['/api', '/cc', '/dt', '/dynamic', '/questions', '/healthz'];
/** Files smaller than this are not worth a compressed twin: the saving is less than a header line. */
const PRECOMPRESS_MIN_BYTES = 1024;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    // Each JS, CSS and HTML file of the build gets a .br and a .gz twin at the highest levels (paid once, at build);
    // the server sends the one the browser accepts (apps/server/src/http/web.ts, preCompressed). Source maps get none.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|html|svg|json)$/,
      threshold: PRECOMPRESS_MIN_BYTES,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(API_PREFIXES.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hidden: the maps are written beside the build (to read a stack trace by hand) but no bundle points to them,
    // and the server never serves a .map (apps/server/src/http/web.ts): the source stays off the public site.
    sourcemap: 'hidden',
    rolldownOptions: {
      // The shared contract has no side effects at load (zod schemas and pure rules): a screen's bundle keeps only the
      // schema files it uses, instead of every one that the package's index re-exports.
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }] },
      // No manual chunk groups: one "mantine" and one "vendor" chunk put charts, dates and every library any screen uses
      // into the login page (1.5 MB). Rolldown's own splitting gives each screen the modules it uses, and the login
      // page only what the sign-in form and the app's frame need (bench/login-weight.ts measures it).
    },
  },
});
