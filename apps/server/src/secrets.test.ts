// The token secret is written whole or not at all, and a damaged one stops the start with what to do.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadJwtSecret, MIN_SECRET_LENGTH, writeFileOnce } from './secrets.ts';

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-secrets-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('loadJwtSecret', () => {
  it('makes a secret on the first start, keeps it (0600) and gives the same one at the next', async () => {
    const first = await loadJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(MIN_SECRET_LENGTH);
    expect(await loadJwtSecret(undefined, dir)).toBe(first);
    expect((await fs.stat(path.join(dir, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect((await fs.readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses an empty or short secret file with what to do, and never replaces it by itself', async () => {
    for (const content of ['', '\n', 'short-secret\n']) {
      await fs.writeFile(path.join(dir, 'jwt-secret'), content);
      await expect(loadJwtSecret(undefined, dir)).rejects.toThrow(
        /is (empty|too short).*Delete the file to have a new one made at the next start/,
      );
      expect(await fs.readFile(path.join(dir, 'jwt-secret'), 'utf8')).toBe(content);
    }
  });

  it('uses JWT_SECRET when set, without touching the file', async () => {
    expect(await loadJwtSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
    await expect(fs.access(path.join(dir, 'jwt-secret'))).rejects.toThrow();
  });

  it('gives two servers starting at once the same secret', async () => {
    const both = await Promise.all([
      loadJwtSecret(undefined, dir),
      loadJwtSecret(undefined, dir),
      loadJwtSecret(undefined, dir),
    ]);
    expect(new Set(both).size).toBe(1);
  });
});

describe('writeFileOnce', () => {
  it('keeps a file already there and leaves no temporary file behind', async () => {
    const file = path.join(dir, 'kept');
    await writeFileOnce(file, 'first\n');
    await writeFileOnce(file, 'second\n');
    expect(await fs.readFile(file, 'utf8')).toBe('first\n');
    expect(await fs.readdir(dir)).toEqual(['kept']);
  });

  it('leaves nothing at all when the write fails', async () => {
    const file = path.join(dir, 'missing-folder', 'secret');
    await expect(writeFileOnce(file, 'x')).rejects.toThrow();
    expect(await fs.readdir(dir)).toEqual([]);
  });
});
