// The scanner's passes over RECORDINGS_DIR: what each kind of pass reads, what it queues, what it marks gone.
import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.ts';
import { toneWav, writeRecordings } from '../../../test/test-audio.ts';
import { refreshFolder, scanAll, scanFolder, type TCatalog } from './scan.ts';

const recordingsDir = mkdtempSync(path.join(os.tmpdir(), 'crm-scan-'));
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));

const OLD = '2020-01-06';
const TODAY = new Date().toISOString().slice(0, 10);
const name = (date: string, n: number) => `${date.replaceAll('-', '')}-10000${n}_0171234567${n}_AG-100${n}-all.wav`;

let queued: number[];
let catalog: TCatalog;
beforeAll(() => {
  queued = [];
  catalog = { db: t.db, recordingsDir, country: 'BD', enqueue: async (ids) => void queued.push(...ids) };
});

const rows = (date: string) =>
  t.db
    .selectFrom('recordings')
    .select(['id', 'fileName', 'durationSec', 'analysisStatus', 'goneAt'])
    .where('callDate', '=', date)
    .orderBy('fileName')
    .execute();

/** A folder's modification time set to a whole second, so that putting it back later gives the very same time. */
async function settleFolder(date: string): Promise<void> {
  const stamp = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
  await fs.utimes(path.join(recordingsDir, date), stamp, stamp);
}

/** Rewrites a file in place (another length) and puts its folder's modification time back, as an in-place edit does. */
async function rewriteInPlace(date: string, file: string, seconds: number): Promise<void> {
  const folder = path.join(recordingsDir, date);
  const before = await fs.stat(folder);
  await fs.writeFile(path.join(folder, file), toneWav(seconds));
  await fs.utimes(folder, before.atime, before.mtime);
}

describe('scanning RECORDINGS_DIR', () => {
  it('indexes every folder in full on a pass over everything, and queues each new recording once', async () => {
    await writeRecordings(recordingsDir, OLD, { [name(OLD, 1)]: toneWav(2), [name(OLD, 2)]: toneWav(3) });
    await writeRecordings(recordingsDir, TODAY, { [name(TODAY, 1)]: toneWav(1) });
    await settleFolder(OLD);
    await settleFolder(TODAY);
    expect(await scanAll(catalog, 'everything')).toEqual({ indexed: 3, gone: 0 });
    expect((await rows(OLD)).map((r) => [r.fileName, r.durationSec, r.analysisStatus])).toEqual([
      [name(OLD, 1), 2, 'pending'],
      [name(OLD, 2), 3, 'pending'],
    ]);
    expect(queued).toHaveLength(3);
    // Nothing changed: nothing indexed or queued again.
    expect(await scanAll(catalog, 'everything')).toEqual({ indexed: 0, gone: 0 });
    expect(queued).toHaveLength(3);
  });

  it("reads today's folder in full on every pass, an unchanged old folder only on a pass over everything", async () => {
    await rewriteInPlace(TODAY, name(TODAY, 1), 4);
    await rewriteInPlace(OLD, name(OLD, 1), 5);
    expect(await scanAll(catalog, 'changed')).toEqual({ indexed: 1, gone: 0 });
    expect((await rows(TODAY))[0]!.durationSec).toBe(4);
    expect((await rows(OLD))[0]!.durationSec).toBe(2);
    expect(await scanAll(catalog, 'everything')).toEqual({ indexed: 1, gone: 0 });
    expect((await rows(OLD))[0]!.durationSec).toBe(5);
    expect(queued).toHaveLength(5);
  });

  it('reads an old folder whose contents changed, and marks removed files and folders gone', async () => {
    await fs.rm(path.join(recordingsDir, OLD, name(OLD, 2)));
    expect(await scanAll(catalog, 'changed')).toEqual({ indexed: 0, gone: 1 });
    expect((await rows(OLD)).map((r) => [r.fileName, r.goneAt === null])).toEqual([
      [name(OLD, 1), true],
      [name(OLD, 2), false],
    ]);
    await fs.rm(path.join(recordingsDir, TODAY), { recursive: true });
    expect(await scanAll(catalog, 'changed')).toEqual({ indexed: 0, gone: 1 });
    expect((await rows(TODAY)).every((r) => r.goneAt !== null)).toBe(true);
  });

  it('brings a file back with its analysis state when it reappears unchanged', async () => {
    const back = path.join(recordingsDir, OLD, name(OLD, 2));
    await fs.writeFile(back, toneWav(3));
    const stamp = new Date('2020-01-06T10:00:00Z');
    await fs.utimes(back, stamp, stamp);
    await scanFolder(catalog, OLD, 'quick');
    const row = (await rows(OLD)).find((r) => r.fileName === name(OLD, 2))!;
    expect([row.goneAt, row.durationSec]).toEqual([null, 3]);
  });

  it('queues again, on a pass over everything, a recording left waiting long after it was indexed (its job lost)', async () => {
    const [row] = await rows(OLD);
    await t.db
      .updateTable('recordings')
      .set({ analysisStatus: 'pending', indexedAt: new Date(Date.now() - 3_600_000) })
      .where('id', '=', row!.id)
      .execute();
    const before = queued.length;
    await scanAll(catalog, 'changed');
    expect(queued.slice(before)).not.toContain(row!.id);
    await scanAll(catalog, 'everything');
    expect(queued.slice(before)).toContain(row!.id);
  });

  it('reads a date folder before a search only when it changed since it was last read', async () => {
    const date = '2021-03-04';
    await writeRecordings(recordingsDir, date, { [name(date, 1)]: toneWav(1) });
    await settleFolder(date);
    await refreshFolder(catalog, date);
    expect(await rows(date)).toHaveLength(1);
    // Changed in place, folder untouched: a search does not stat every file, so it is not seen yet.
    await rewriteInPlace(date, name(date, 1), 2);
    await refreshFolder(catalog, date);
    expect((await rows(date))[0]!.durationSec).toBe(1);
    await writeRecordings(recordingsDir, date, { [name(date, 2)]: toneWav(1) });
    await refreshFolder(catalog, date);
    expect(await rows(date)).toHaveLength(2);
  });
});
