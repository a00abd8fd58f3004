// Vite build and dev server of the web app; the dev server forwards API paths to the Fastify server.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API_TARGET = process.env.CRM_API_URL ?? 'http://localhost:3000';
// Every path prefix the server answers (spec §7), so the browser talks to one origin in development too.
const API_PREFIXES = ['/api', '/cc', '/dt', '/dynamic', '/questions', '/healthz'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
      output: {
        // Libraries change less often than screens; separate chunks keep them cached across releases.
        codeSplitting: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
