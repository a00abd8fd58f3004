// The production build of the server: src/main.ts and everything it loads bundled by esbuild into one JavaScript file,
// run by plain `node dist/main.js` (no TypeScript compiled at start-up). npm packages stay imports, resolved from
// node_modules at run time; the workspace's @crm/shared (TypeScript source) is bundled in.
//   node --import tsx src/build.ts            → dist/main.js (+ dist/main.js.map)
//
// The output must sit one folder below apps/server, as src/main.ts does: config.ts finds the default DATA_DIR
// (./data at the top of the repository) and the built web app (apps/web/dist) relative to the running file.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const SERVER = path.resolve(import.meta.dirname, '..');
export const DEFAULT_OUTFILE = path.join(SERVER, 'dist', 'main.js');

/** Bare imports stay imports, except our own workspaces (@crm/…), which are TypeScript source and get bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@crm/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * The worker thread that analyses recordings, built beside main.js as analysis-thread.js: the server starts it by that
 * name (modules/voicelog/checks/thread-pool.ts).
 */
const THREAD_ENTRY = path.join(SERVER, 'src', 'modules', 'voicelog', 'checks', 'thread.ts');
export const THREAD_OUTFILE_NAME = 'analysis-thread.js';

/** Builds the server into `outfile` (a folder one below apps/server: see above), and its analysis thread beside it. */
export async function buildServer(outfile: string = DEFAULT_OUTFILE): Promise<void> {
  await bundle(path.join(SERVER, 'src', 'main.ts'), outfile);
  await bundle(THREAD_ENTRY, path.join(path.dirname(outfile), THREAD_OUTFILE_NAME));
}

async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [externalPackages],
    // A map beside the file: NODE_OPTIONS=--enable-source-maps shows stack traces with src/ lines.
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_OUTFILE);
}
