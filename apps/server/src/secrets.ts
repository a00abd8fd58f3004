// The token-signing secret: JWT_SECRET, or one generated on first start and kept in DATA_DIR.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx': two processes starting together must not overwrite each other's secret.
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EEXIST') throw e;
  });
  return (await fs.readFile(file, 'utf8')).trim();
}
