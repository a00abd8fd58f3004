// The token-signing secret: JWT_SECRET, or one generated on first start and kept in DATA_DIR.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A shorter secret (say a file cut short by a full disk) would sign tokens anyone could forge or none could check. */
export const MIN_SECRET_LENGTH = 32;

/**
 * Writes `content` to `file` unless the file exists, all or nothing: into a temporary file beside it, flushed, then
 * linked into place. A full disk leaves no file rather than an empty one, and of two processes starting at the
 * same moment the second keeps the first one's file.
 */
export async function writeFileOnce(file: string, content: string, mode = 0o600): Promise<void> {
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    const handle = await fs.open(tmp, 'wx', mode);
    try {
      await handle.writeFile(content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.link(tmp, file).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'EEXIST') throw e;
    });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOSPC')
      throw new Error(`Cannot write ${file}: the disk is full. Free some space, then start again.`);
    throw e;
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

/** The file's text, trimmed; undefined when there is no such file. */
export async function readSecretFile(file: string): Promise<string | undefined> {
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

function checked(secret: string, file: string): string {
  if (secret.length >= MIN_SECRET_LENGTH) return secret;
  throw new Error(
    `The token secret in ${file} is ${secret.length === 0 ? 'empty' : `too short (${secret.length} characters, at least ${MIN_SECRET_LENGTH} are needed)`}, ` +
      'perhaps cut short by a full disk. Delete the file to have a new one made at the next start (everyone signed in will have to sign in again), or set JWT_SECRET.',
  );
}

export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  const existing = await readSecretFile(file);
  if (existing !== undefined) return checked(existing, file);
  await fs.mkdir(dataDir, { recursive: true });
  await writeFileOnce(file, `${randomBytes(48).toString('base64url')}\n`);
  return checked((await readSecretFile(file)) ?? '', file);
}
