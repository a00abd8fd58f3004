// The server built as `npm start` builds it (src/build.ts), into a folder of its own under apps/server/dist (inside
// the repository, so its npm packages resolve from node_modules), for one test run. The build lies one folder deeper
// than dist/main.js: a test that starts it gives DATA_DIR and WEB_DIST itself.
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildServer, DEFAULT_OUTFILE } from '../build.ts';

export type BuiltServer = { entry: string; remove: () => Promise<void> };

export async function buildServerForTests(): Promise<BuiltServer> {
  const dist = path.dirname(DEFAULT_OUTFILE);
  await fs.mkdir(dist, { recursive: true });
  const dir = await fs.mkdtemp(path.join(dist, 'test-'));
  const remove = () => fs.rm(dir, { recursive: true, force: true });
  const entry = path.join(dir, 'main.js');
  try {
    await buildServer(entry);
  } catch (e) {
    await remove();
    throw e;
  }
  return { entry, remove };
}
