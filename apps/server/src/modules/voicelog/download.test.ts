import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_LOG_MESSAGES, type TMediaToken } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { createUser, sessionTokenFor, useTestApp, type Caller, type TestUser } from '../../test/harness.ts';
import { silentMp3, toneWav, writeRecordings } from '../../test/test-audio.ts';
import { standardValues } from '../qc/scoring.ts';

// A file beside the recordings folder, which no fileName may reach.
const base = mkdtempSync(path.join(os.tmpdir(), 'crm-voicelog-'));
const recordingsDir = path.join(base, 'recordings');
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(base, { recursive: true, force: true }));

const DAY = '2026-11-17';
const MP3 = '20261117-101500_01712345678_AG-1001-all.mp3';
const WAV = '20261117-103000_01712345678_AG-1001-all.wav';
const OTHER = '20261117-110000_01812345678_AG-1002-all.mp3';
const mp3Bytes = silentMp3(3); // 48,000 bytes
const wavBytes = toneWav(2); // 32,044 bytes
const url = (fileName: string, token?: string) =>
  `/api/voicelog/download-mp3?${new URLSearchParams({ fileName, ...(token ? { token } : {}) }).toString()}`;

/** A raw request: the audio bytes as bytes, and any headers (Range, Authorization). */
async function fetchAudio(target: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  const res = await t.app.inject({ method, url: target, headers });
  return {
    status: res.statusCode,
    headers: res.headers,
    bytes: res.rawPayload,
    message: () => (JSON.parse(res.body) as { message: string }).message,
  };
}

async function tokenOf(user: TestUser): Promise<string> {
  return sessionTokenFor(t.app, user);
}

async function linkToQcRecord(
  db: Db,
  r: { agent: TestUser; kind: 'in-house' | 'client'; callDate: string; fileName: string },
) {
  const zero = {
    greetings: 0,
    liveliness: 0,
    pronunciation: 0,
    mumbling: 0,
    pace: 0,
    pitch: 0,
    courtesy: 0,
    holdProcess: 0,
    takingPermission: 0,
    acknowledgementAndFollowUp: 0,
    poorObjectionAndNegotiationSkill: 0,
    crm: 0,
    closing: 0,
    fatal: 0,
  };
  const record = await db
    .insertInto('qcRecords')
    .values({
      kind: r.kind,
      callDate: r.callDate,
      agentUserId: r.agent.id,
      agentId: r.agent.username,
      agentName: r.agent.name,
      campaignName: 'Spring Survey',
      consumerNumber: '01712345678',
      qcInspector: 'qc',
      fatalReason: '',
      easVoiceMatchedWithReport: '',
      suggestion: '',
      ...standardValues(zero),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('qcRecordFiles').values({ qcRecordId: record.id, fileName: r.fileName }).execute();
}

let qcUser: TestUser;
let qcToken: string;
beforeAll(async () => {
  await writeRecordings(recordingsDir, DAY, {
    [MP3]: mp3Bytes,
    [WAV]: wavBytes,
    [OTHER]: silentMp3(1.2),
    'notes.txt': 'not audio',
  });
  await fs.writeFile(path.join(base, 'secret.mp3'), silentMp3(1.2));
  qcUser = await createUser(t.db, { role: 'qc' });
  qcToken = await tokenOf(qcUser);
});

const asQc = () => ({ authorization: `Bearer ${qcToken}` });

describe('GET /api/voicelog/download-mp3: who may play', () => {
  it('is refused without a sign-in, with a bad token, and with a session token in the query (401)', async () => {
    expect((await fetchAudio(url(`${DAY}/${MP3}`))).status).toBe(401);
    expect((await fetchAudio(url(`${DAY}/${MP3}`, 'not-a-token'))).status).toBe(401);
    // A session token never travels in a URL: only the short-lived media token opens media that way.
    expect((await fetchAudio(url(`${DAY}/${MP3}`, qcToken))).status).toBe(401);
  });

  it('plays for an <audio> element with a media token in the query', async () => {
    const media = (
      await t.app.inject({ method: 'GET', url: '/api/auth/media-token', headers: asQc() })
    ).json<TMediaToken>();
    const r = await fetchAudio(url(`${DAY}/${MP3}`, media.token));
    expect(r.status).toBe(200);
    expect(Buffer.compare(r.bytes, mp3Bytes)).toBe(0);
  });

  it('lets an agent play only recordings linked to its own in-house QC records (403 otherwise)', async () => {
    const agent = await createUser(t.db, { role: 'agent' });
    const other = await createUser(t.db, { role: 'agent' });
    await linkToQcRecord(t.db, { agent, kind: 'in-house', callDate: DAY, fileName: MP3 });
    await linkToQcRecord(t.db, { agent, kind: 'client', callDate: DAY, fileName: WAV });
    await linkToQcRecord(t.db, { agent: other, kind: 'in-house', callDate: DAY, fileName: OTHER });
    // The same name linked on another call date is another recording.
    await linkToQcRecord(t.db, { agent, kind: 'in-house', callDate: '2026-11-18', fileName: OTHER });
    const agentCaller: Caller = await t.as(agent);
    const media = (await agentCaller.get('/api/auth/media-token')).json<TMediaToken>();

    const own = await fetchAudio(url(`${DAY}/${MP3}`, media.token));
    expect(own.status).toBe(200);
    expect(Buffer.compare(own.bytes, mp3Bytes)).toBe(0);
    for (const name of [WAV, OTHER]) {
      const refused = await fetchAudio(url(`${DAY}/${name}`, media.token));
      expect(refused.status, name).toBe(403);
      expect(refused.message()).toBe(VOICE_LOG_MESSAGES.notYours);
    }
    // An agent with no records cannot even learn whether a file exists.
    expect((await fetchAudio(url(`${DAY}/missing.mp3`, media.token))).status).toBe(403);
    // Admins and QC inspectors play any recording.
    expect((await fetchAudio(url(`${DAY}/${OTHER}`), asQc())).status).toBe(200);
    const admin = await tokenOf(await createUser(t.db, { role: 'admin' }));
    expect((await fetchAudio(url(`${DAY}/${WAV}`), { authorization: `Bearer ${admin}` })).status).toBe(200);
  });
});

describe('GET /api/voicelog/download-mp3: Range, so the player can seek', () => {
  it('sends the whole file with Accept-Ranges, its type and length', async () => {
    const r = await fetchAudio(url(`${DAY}/${MP3}`), asQc());
    expect(r.status).toBe(200);
    expect(r.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'audio/mpeg',
      'content-length': '48000',
    });
    expect(Buffer.compare(r.bytes, mp3Bytes)).toBe(0);
    const wav = await fetchAudio(url(`${DAY}/${WAV}`), asQc());
    expect(wav.headers).toMatchObject({ 'content-type': 'audio/wav', 'content-length': String(wavBytes.length) });
    expect(Buffer.compare(wav.bytes, wavBytes)).toBe(0);
  });

  it('sends one byte range as 206 with Content-Range: a-b, a-, -n and an end past the file', async () => {
    const cases = [
      { range: 'bytes=0-99', start: 0, end: 99 },
      { range: 'bytes=1000-1999', start: 1000, end: 1999 },
      { range: 'bytes=47900-', start: 47900, end: 47999 },
      { range: 'bytes=-500', start: 47500, end: 47999 },
      { range: 'bytes=47990-90000', start: 47990, end: 47999 },
      { range: 'bytes=-90000', start: 0, end: 47999 },
      { range: 'bytes=47999-47999', start: 47999, end: 47999 },
    ];
    for (const c of cases) {
      const r = await fetchAudio(url(`${DAY}/${MP3}`), { ...asQc(), range: c.range });
      expect(r.status, c.range).toBe(206);
      expect(r.headers, c.range).toMatchObject({
        'content-range': `bytes ${c.start}-${c.end}/48000`,
        'content-length': String(c.end - c.start + 1),
        'accept-ranges': 'bytes',
        'content-type': 'audio/mpeg',
      });
      expect(Buffer.compare(r.bytes, mp3Bytes.subarray(c.start, c.end + 1)), c.range).toBe(0);
    }
  });

  it('marks every reply with a strong ETag and keeps it cacheable, so a range read ahead serves the player', async () => {
    const whole = await fetchAudio(url(`${DAY}/${MP3}`), asQc());
    const head = await fetchAudio(url(`${DAY}/${MP3}`), { ...asQc(), range: 'bytes=0-99' });
    expect(whole.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(head.headers.etag).toBe(whole.headers.etag);
    expect(head.headers['cache-control']).toBe('private, max-age=300');
    expect(head.headers['last-modified']).toBe(whole.headers['last-modified']);
  });

  it('sends the rest of a range under an If-Range naming the file as it is, else the whole file', async () => {
    const { headers } = await fetchAudio(url(`${DAY}/${MP3}`), { ...asQc(), range: 'bytes=0-99' });
    const etag = String(headers.etag);
    const rest = await fetchAudio(url(`${DAY}/${MP3}`), { ...asQc(), range: 'bytes=100-', 'if-range': etag });
    expect(rest.status).toBe(206);
    expect(Buffer.compare(rest.bytes, mp3Bytes.subarray(100))).toBe(0);
    const byDate = String(headers['last-modified']);
    expect(
      (await fetchAudio(url(`${DAY}/${MP3}`), { ...asQc(), range: 'bytes=100-', 'if-range': byDate })).status,
    ).toBe(206);
    for (const stale of ['"0-0"', `W/${etag}`, 'Mon, 01 Jan 2001 00:00:00 GMT']) {
      const r = await fetchAudio(url(`${DAY}/${MP3}`), { ...asQc(), range: 'bytes=100-', 'if-range': stale });
      expect(r.status, stale).toBe(200);
      expect(Buffer.compare(r.bytes, mp3Bytes), stale).toBe(0);
    }
  });

  it('answers 416 with the size for a range it cannot serve', async () => {
    for (const range of ['bytes=48000-', 'bytes=50000-50100', 'bytes=-0']) {
      const r = await fetchAudio(url(`${DAY}/${MP3}`), { ...asQc(), range });
      expect(r.status, range).toBe(416);
      expect(r.headers['content-range'], range).toBe('bytes */48000');
      expect(r.message()).toBe(VOICE_LOG_MESSAGES.unsatisfiableRange);
    }
  });

  it('ignores a Range header it does not serve (several ranges, another unit, garbage) and sends the whole file', async () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-5', 'bytes=9-3', 'rubbish']) {
      const r = await fetchAudio(url(`${DAY}/${MP3}`), { ...asQc(), range });
      expect(r.status, range).toBe(200);
      expect(r.bytes.length, range).toBe(48000);
    }
  });

  it('answers HEAD with the headers only', async () => {
    const r = await fetchAudio(url(`${DAY}/${MP3}`), { ...asQc(), range: 'bytes=100-199' }, 'HEAD');
    expect(r.status).toBe(206);
    expect(r.headers).toMatchObject({ 'content-range': 'bytes 100-199/48000', 'content-length': '100' });
    expect(r.bytes.length).toBe(0);
  });

  it('answers 404 for a recording that is not there', async () => {
    for (const name of [`${DAY}/20261117-235959_01700000000_AG-1001-all.mp3`, '2026-01-01/x.mp3']) {
      const r = await fetchAudio(url(name), asQc());
      expect(r.status, name).toBe(404);
      expect(r.message()).toBe(VOICE_LOG_MESSAGES.notFound);
    }
  });
});

describe('GET /api/voicelog/download-mp3: path traversal', () => {
  it('refuses every way out of the date folder with 400 and a reason', async () => {
    const attempts: [string, string][] = [
      ['../secret.mp3', VOICE_LOG_MESSAGES.parentFolder],
      [`${DAY}/../../secret.mp3`, VOICE_LOG_MESSAGES.parentFolder],
      [`${DAY}/..`, VOICE_LOG_MESSAGES.parentFolder],
      ['../../../../etc/passwd', VOICE_LOG_MESSAGES.parentFolder],
      ['/etc/passwd', VOICE_LOG_MESSAGES.absolutePath],
      [`/${DAY}/${MP3}`, VOICE_LOG_MESSAGES.absolutePath],
      ['C:/Windows/win.ini', VOICE_LOG_MESSAGES.absolutePath],
      [`${DAY}\\..\\secret.mp3`, VOICE_LOG_MESSAGES.backslash],
      [`${DAY}\\${MP3}`, VOICE_LOG_MESSAGES.backslash],
      // Sent encoded twice (%252F): after the one decoding it still holds an encoded separator.
      [`${DAY}%2F..%2F..%2Fsecret.mp3`, VOICE_LOG_MESSAGES.encoded],
      [`${DAY}/%2e%2e%2fsecret.mp3`, VOICE_LOG_MESSAGES.encoded],
      [`${DAY}/${MP3}\u0000.txt`, VOICE_LOG_MESSAGES.controlCharacter],
      [`${DAY}/${MP3}\n`, VOICE_LOG_MESSAGES.controlCharacter],
      [`2026-13-40/${MP3}`, VOICE_LOG_MESSAGES.dateFolder],
      [`recordings/${MP3}`, VOICE_LOG_MESSAGES.dateFolder],
      [`${DAY}/sub/${MP3}`, VOICE_LOG_MESSAGES.fileNameShape],
      [MP3, VOICE_LOG_MESSAGES.fileNameShape],
      [`${DAY}/`, VOICE_LOG_MESSAGES.badName('')],
      [`${DAY}/.${MP3}`, VOICE_LOG_MESSAGES.badName(`.${MP3}`)],
      [`${DAY}/notes.txt`, VOICE_LOG_MESSAGES.extension('notes.txt')],
    ];
    for (const [fileName, message] of attempts) {
      const r = await fetchAudio(url(fileName), asQc());
      expect(r.status, JSON.stringify(fileName)).toBe(400);
      expect(r.message(), JSON.stringify(fileName)).toBe(message);
    }
    // Encoded once, the way a browser sends it, a traversal is decoded and refused the same way.
    const once = await fetchAudio('/api/voicelog/download-mp3?fileName=%2e%2e%2fsecret.mp3', asQc());
    expect([once.status, once.message()]).toEqual([400, VOICE_LOG_MESSAGES.parentFolder]);
    const nul = await fetchAudio(`/api/voicelog/download-mp3?fileName=${DAY}%2F${MP3}%00`, asQc());
    expect([nul.status, nul.message()]).toEqual([400, VOICE_LOG_MESSAGES.controlCharacter]);
  });

  it('refuses a missing or empty fileName (400)', async () => {
    expect((await fetchAudio('/api/voicelog/download-mp3', asQc())).status).toBe(400);
    expect((await fetchAudio('/api/voicelog/download-mp3?fileName=', asQc())).status).toBe(400);
  });
});

describe('GET /api/voicelog/download-mp3: a player that hangs up', () => {
  it('stops reading and closes the file, and the server keeps serving', async () => {
    const big = '20261117-120000_01712345678_AG-1001-all.wav';
    const [file] = await writeRecordings(recordingsDir, DAY, { [big]: toneWav(120) }); // 1.9 MB
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const openHandles = async () => {
      const fds = await fs.readdir('/proc/self/fd').catch(() => []);
      const targets = await Promise.all(fds.map((fd) => fs.readlink(`/proc/self/fd/${fd}`).catch(() => '')));
      return targets.filter((p) => p === file).length;
    };
    await new Promise<void>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: url(`${DAY}/${big}`), headers: asQc() }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (e) => (req.destroyed ? undefined : reject(e)));
    });
    await expect.poll(openHandles, { timeout: 2000 }).toBe(0);
    const again = await fetchAudio(url(`${DAY}/${big}`), { ...asQc(), range: 'bytes=0-9' });
    expect(again.status).toBe(206);
  });
});
