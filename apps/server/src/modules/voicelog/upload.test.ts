import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VOICE_LOG_MESSAGES,
  VOICE_LOG_UPLOAD_MAX_FILES,
  VOICE_LOG_UPLOAD_MAX_MB,
  type TVoiceLogPage,
  type TVoiceLogUploadResult,
} from '@crm/shared';
import { createUser, sessionTokenFor, useTestApp } from '../../test/harness.ts';
import { silentMp3, toneWav, writeRecordings } from '../../test/test-audio.ts';

const base = mkdtempSync(path.join(os.tmpdir(), 'crm-voicelog-'));
const recordingsDir = path.join(base, 'recordings');
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(base, { recursive: true, force: true }));

const DAY = '2026-11-19';
type Part = { name: string; bytes: Buffer | string };

/** A multipart/form-data body as a browser sends it: a text field, then each file in the field "files". */
function multipartBody(parts: Part[]): { boundary: string; body: Buffer } {
  const boundary = `----crm-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nfields are ignored\r\n`),
  ];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${p.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(typeof p.bytes === 'string' ? Buffer.from(p.bytes) : p.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, body: Buffer.concat(chunks) };
}

async function upload(token: string | undefined, parts: Part[], directory = DAY) {
  const { boundary, body } = multipartBody(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/voicelog/upload?directory=${encodeURIComponent(directory)}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body,
  });
  return {
    status: res.statusCode,
    json: <T>() => JSON.parse(res.body) as T,
    message: () => (JSON.parse(res.body) as { message: string }).message,
  };
}

/** Every file under the recordings folder (temporary upload folders included), relative to it. */
async function storedFiles(): Promise<string[]> {
  const entries = await fs.readdir(recordingsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(recordingsDir, path.join(e.parentPath, e.name)))
    .sort();
}

let admin: string;
beforeAll(async () => {
  const user = await createUser(t.db, { role: 'admin' });
  admin = await t.app.tokens.sign({
    sub: String(user.id),
    userName: user.username,
    name: user.name,
    roles: [{ roleName: 'ADMIN', roleDescription: 'Admin' }],
  });
});

describe('POST /api/voicelog/upload', () => {
  it('is for admins only (401, 403 for QC inspectors and agents)', async () => {
    const parts = [{ name: 'a_01712345678.mp3', bytes: silentMp3(1.2) }];
    expect((await upload(undefined, parts)).status).toBe(401);
    for (const role of ['qc', 'agent'] as const) {
      const u = await createUser(t.db, { role });
      const token = await sessionTokenFor(t.app, u);
      expect((await upload(token, parts)).status, role).toBe(403);
    }
    expect(await storedFiles()).toEqual([]);
  });

  it('stores MP3 and WAV recordings in the date folder, tells their durations, and search finds them', async () => {
    const mp3 = silentMp3(3);
    const wav = toneWav(2);
    const r = await upload(admin, [
      { name: '20261119-090000_01712345678_AG-1001-all.mp3', bytes: mp3 },
      { name: '20261119-091500_01712345678_AG-1002-all.WAV', bytes: wav },
    ]);
    expect(r.status).toBe(200);
    expect(r.json<TVoiceLogUploadResult>()).toEqual({
      directory: DAY,
      files: [
        { fileName: '20261119-090000_01712345678_AG-1001-all.mp3', size: mp3.length, duration: 3 },
        { fileName: '20261119-091500_01712345678_AG-1002-all.WAV', size: wav.length, duration: 2 },
      ],
    });
    expect(await storedFiles()).toEqual([
      `${DAY}/20261119-090000_01712345678_AG-1001-all.mp3`,
      `${DAY}/20261119-091500_01712345678_AG-1002-all.WAV`,
    ]);
    expect(
      Buffer.compare(
        await fs.readFile(path.join(recordingsDir, DAY, '20261119-090000_01712345678_AG-1001-all.mp3')),
        mp3,
      ),
    ).toBe(0);
    // Indexed by the upload itself, before any search or scan, and waiting for its analysis.
    const indexed = await t.db
      .selectFrom('recordings')
      .select(['fileName', 'durationSec', 'analysisStatus'])
      .where('callDate', '=', DAY)
      .orderBy('fileName')
      .execute();
    expect(indexed).toEqual([
      { fileName: '20261119-090000_01712345678_AG-1001-all.mp3', durationSec: 3, analysisStatus: 'pending' },
      { fileName: '20261119-091500_01712345678_AG-1002-all.WAV', durationSec: 2, analysisStatus: 'pending' },
    ]);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/voicelog/search?directory=${DAY}&msisdn=%2B8801712345678`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(found.json<TVoiceLogPage>().content.map((f) => [f.agentId, f.duration])).toEqual([
      ['AG-1001', 3],
      ['AG-1002', 2],
    ]);
  });

  it('rejects the whole upload when one file is not a usable recording, storing nothing (400)', async () => {
    const before = await storedFiles();
    const good = { name: '20261119-100000_01712345678_AG-1001-all.mp3', bytes: silentMp3(1.2) };
    const cases: [Part, string][] = [
      [{ name: 'notes.txt', bytes: 'hello' }, VOICE_LOG_MESSAGES.extension('notes.txt')],
      [{ name: 'call.mp3.exe', bytes: silentMp3(1.2) }, VOICE_LOG_MESSAGES.extension('call.mp3.exe')],
      [
        { name: '../escape_01712345678.mp3', bytes: silentMp3(1.2) },
        VOICE_LOG_MESSAGES.badName('../escape_01712345678.mp3'),
      ],
      [
        { name: '2026-11-20/inside_01712345678.mp3', bytes: silentMp3(1.2) },
        VOICE_LOG_MESSAGES.badName('2026-11-20/inside_01712345678.mp3'),
      ],
      [{ name: '.hidden.mp3', bytes: silentMp3(1.2) }, VOICE_LOG_MESSAGES.badName('.hidden.mp3')],
      [
        { name: 'fake_01712345678.mp3', bytes: 'this is text, not audio' },
        VOICE_LOG_MESSAGES.unreadable('fake_01712345678.mp3'),
      ],
      [{ name: 'wav-in-disguise.mp3', bytes: toneWav(1) }, VOICE_LOG_MESSAGES.unreadable('wav-in-disguise.mp3')],
      [{ name: 'empty.wav', bytes: '' }, VOICE_LOG_MESSAGES.unreadable('empty.wav')],
      [good, VOICE_LOG_MESSAGES.duplicateInUpload(good.name)],
    ];
    for (const [bad, message] of cases) {
      const r = await upload(admin, [good, bad]);
      expect(r.status, bad.name).toBe(400);
      expect(r.message(), bad.name).toContain(message);
      expect(await storedFiles(), bad.name).toEqual(before);
    }
    await fs.rm(path.join(base, 'escape_01712345678.mp3'), { force: true });
    expect(await fs.readdir(base)).toEqual(['recordings']);
  });

  it('refuses to replace a recording already there (409), storing none of the upload', async () => {
    const existing = '20261119-110000_01712345678_AG-1001-all.wav';
    const [file] = await writeRecordings(recordingsDir, DAY, { [existing]: toneWav(1) });
    const original = await fs.readFile(file!);
    const before = await storedFiles();
    const r = await upload(admin, [
      { name: '20261119-111500_01712345678_AG-1001-all.mp3', bytes: silentMp3(1.2) },
      { name: existing, bytes: toneWav(3) },
    ]);
    expect(r.status).toBe(409);
    expect(r.message()).toBe(VOICE_LOG_MESSAGES.exists([existing]));
    expect(await storedFiles()).toEqual(before);
    expect(Buffer.compare(await fs.readFile(file!), original)).toBe(0);
  });

  it('refuses an upload without files, a body that is not multipart, and a bad date folder (400)', async () => {
    const none = await upload(admin, []);
    expect([none.status, none.message()]).toEqual([400, VOICE_LOG_MESSAGES.noFiles]);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/voicelog/upload?directory=${DAY}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { files: [] },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json<{ message: string }>().message).toBe(VOICE_LOG_MESSAGES.notMultipart);
    for (const directory of ['2026-02-30', '../2026-11-19', '']) {
      const r = await upload(admin, [{ name: 'a_01712345678.mp3', bytes: silentMp3(1.2) }], directory);
      expect(r.status, directory).toBe(400);
      expect(r.message(), directory).toMatch(/directory/);
    }
  });

  it(`refuses more than ${VOICE_LOG_UPLOAD_MAX_FILES} files in one upload (413), storing nothing`, async () => {
    const before = await storedFiles();
    const parts = Array.from({ length: VOICE_LOG_UPLOAD_MAX_FILES + 1 }, (_, i) => ({
      name: `many-${i}_01712345678.mp3`,
      bytes: silentMp3(0.024),
    }));
    const r = await upload(admin, parts);
    expect([r.status, r.message()]).toEqual([413, VOICE_LOG_MESSAGES.tooMany]);
    expect(await storedFiles()).toEqual(before);
  });

  it(`refuses a file over ${VOICE_LOG_UPLOAD_MAX_MB} MB (413), storing nothing`, async () => {
    const before = await storedFiles();
    const frame = silentMp3(0.024);
    const big = Buffer.alloc(VOICE_LOG_UPLOAD_MAX_MB * 1024 * 1024 + frame.length);
    for (let at = 0; at + frame.length <= big.length; at += frame.length) frame.copy(big, at);
    const r = await upload(admin, [
      { name: 'small_01712345678.mp3', bytes: silentMp3(1.2) },
      { name: 'huge_01712345678.mp3', bytes: big },
    ]);
    expect(r.status).toBe(413);
    expect(r.message()).toBe(VOICE_LOG_MESSAGES.tooLarge);
    expect(await storedFiles()).toEqual(before);
  });
});
