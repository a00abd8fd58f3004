import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOICE_LOG_MESSAGES, type TVoiceLogPage } from '@crm/shared';
import type { TConfig } from '../../config.ts';
import { createUser, sessionTokenFor, useTestApp } from '../../test/harness.ts';
import { startFakeVoiceLog, type FakeVoiceLog } from '../../test/fake-voice-log.ts';
import { createProxyVoiceLog } from './proxy.ts';
import { silentMp3 } from '../../test/test-audio.ts';

const DAY = '2026-11-17';
const AUDIO = silentMp3(3);
const FILE = '20261117-101500_01712345678_AG-1001-all.mp3';

// The fake external server starts first (hooks run in order), then the app is built pointing at it. Its time-out is
// generous, so an answer is never mistaken for a hang on a busy machine; the hang is met by a proxy of its own, below.
const overrides: Partial<TConfig> = { voiceLogTimeoutMs: 10_000 };
let fake: FakeVoiceLog;
beforeAll(async () => {
  fake = await startFakeVoiceLog(
    [{ date: DAY, fileName: FILE, phoneNumber: '01712345678', agentId: 'AG-1001', bytes: AUDIO }],
    '/voicelog',
  );
  overrides.voiceLogUrl = `${fake.url}/`;
});
afterAll(async () => fake.close());
const t = useTestApp(overrides);

let auth: { authorization: string };
beforeAll(async () => {
  const u = await createUser(t.db, { role: 'qc' });
  auth = {
    authorization: `Bearer ${await t.app.tokens.sign({ sub: String(u.id), userName: u.username, name: u.name, roles: [{ roleName: 'QC', roleDescription: 'QC' }] })}`,
  };
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
const download = (fileName: string, headers: Record<string, string> = {}) =>
  get(`/api/voicelog/download-mp3?${new URLSearchParams({ fileName }).toString()}`, headers);
const lastRequest = () => fake.requests.at(-1);

describe('VOICE_LOG_URL: the external voice-log server, proxied', () => {
  it('forwards a search and answers its page in our shape', async () => {
    fake.set({ kind: 'normal' });
    const r = await get(`/api/voicelog/search?directory=${DAY}&msisdn=%2B880%201712-345678&page=0&size=5`);
    expect(r.statusCode).toBe(200);
    expect(lastRequest()?.url).toBe(`/voicelog/search?directory=${DAY}&msisdn=%2B880+1712-345678&page=0&size=5`);
    expect(r.json<TVoiceLogPage>()).toEqual({
      // Indexed on this first sight; no analysis workers in this test app, so its checks wait.
      content: [
        {
          dateTime: null,
          phoneNumber: '01712345678',
          campaignName: 'Spring Survey',
          agentId: 'AG-1001',
          fileName: FILE,
          duration: 12,
          checks: {
            status: 'pending',
            durationSec: 12,
            sampleRate: 0,
            channels: [],
            clippingShare: 0,
            tooQuiet: false,
            holdSeconds: 30,
          },
        },
      ],
      totalElements: 1,
      totalPages: 1,
      size: 5,
      number: 0,
      first: true,
      last: true,
    });
  });

  it('streams the audio back, whole or by range, with its headers', async () => {
    fake.set({ kind: 'normal' });
    const whole = await download(`${DAY}/${FILE}`);
    expect(whole.statusCode).toBe(200);
    expect(lastRequest()).toEqual({
      url: `/voicelog/download-mp3?fileName=${encodeURIComponent(`${DAY}/${FILE}`)}`,
      range: undefined,
    });
    expect(whole.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'content-length': String(AUDIO.length),
      'accept-ranges': 'bytes',
    });
    expect(Buffer.compare(whole.rawPayload, AUDIO)).toBe(0);

    const part = await download(`${DAY}/${FILE}`, { range: 'bytes=100-299' });
    expect(lastRequest()?.range).toBe('bytes=100-299');
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-range': `bytes 100-299/${AUDIO.length}`, 'content-length': '200' });
    expect(Buffer.compare(part.rawPayload, AUDIO.subarray(100, 300))).toBe(0);

    const beyond = await download(`${DAY}/${FILE}`, { range: 'bytes=999999-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${AUDIO.length}`);
    const missing = await download(`${DAY}/nothing.mp3`);
    expect([missing.statusCode, missing.json<{ message: string }>().message]).toEqual([
      404,
      VOICE_LOG_MESSAGES.notFound,
    ]);
  });

  it('checks the path and the role before asking the external server', async () => {
    fake.set({ kind: 'normal' });
    const asked = fake.requests.length;
    expect((await download('../etc/passwd')).statusCode).toBe(400);
    expect((await download(`${DAY}%2F..%2Fx.mp3`)).statusCode).toBe(400);
    const agent = await createUser(t.db, { role: 'agent' });
    const agentToken = await sessionTokenFor(t.app, agent);
    expect((await download(`${DAY}/${FILE}`, { authorization: `Bearer ${agentToken}` })).statusCode).toBe(403);
    expect(
      (await get(`/api/voicelog/search?directory=${DAY}&msisdn=017`, { authorization: `Bearer ${agentToken}` }))
        .statusCode,
    ).toBe(403);
    expect(fake.requests.length).toBe(asked);
  });

  it('answers 502 with what went wrong when the external server fails or talks nonsense', async () => {
    const cases = [
      {
        behaviour: { kind: 'status', code: 500 } as const,
        search: /search answered HTTP 500/,
        download: /download answered HTTP 500/,
      },
      { behaviour: { kind: 'garbage' } as const, search: /not a page of recordings/, download: null },
    ];
    for (const c of cases) {
      fake.set(c.behaviour);
      const s = await get(`/api/voicelog/search?directory=${DAY}&msisdn=01712345678`);
      expect(s.statusCode, c.behaviour.kind).toBe(502);
      expect(s.json<{ message: string }>().message, c.behaviour.kind).toMatch(c.search);
      expect(s.json<{ message: string }>().message).toMatch(/^The voice-log server could not be reached or failed: /);
      if (c.download) {
        const d = await download(`${DAY}/${FILE}`);
        expect(d.statusCode, c.behaviour.kind).toBe(502);
        expect(d.json<{ message: string }>().message, c.behaviour.kind).toMatch(c.download);
      }
    }
    fake.set({ kind: 'normal' });
  });

  it('gives up on a server that does not answer after the time-out, search and download alike', async () => {
    const impatient = createProxyVoiceLog(fake.url, 400);
    fake.set({ kind: 'hang' });
    try {
      const started = Date.now();
      await expect(impatient.search!({ directory: DAY, msisdn: '01712345678', page: 0, size: 10 })).rejects.toThrow(
        /^The voice-log server could not be reached or failed: .*no answer within 0.4 s/,
      );
      await expect(impatient.download({ date: DAY, name: FILE }, undefined, false)).rejects.toThrow(
        /^The voice-log server could not be reached or failed: .*no answer within 0.4 s/,
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 400 - 20);
    } finally {
      fake.set({ kind: 'normal' });
    }
  });

  it('answers 502 when nothing listens at VOICE_LOG_URL', async () => {
    // A port that was free a moment ago: connection refused.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const proxy = createProxyVoiceLog(`http://127.0.0.1:${port}`, 400);
    await expect(proxy.search!({ directory: DAY, msisdn: '017', page: 0, size: 10 })).rejects.toThrow(
      /could not be reached or failed: ECONNREFUSED/,
    );
  });

  it('refuses uploads: recordings are added on the external server (400)', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const token = await t.app.tokens.sign({
      sub: String(admin.id),
      userName: admin.username,
      name: admin.name,
      roles: [{ roleName: 'ADMIN', roleDescription: 'Admin' }],
    });
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(AUDIO)]), FILE);
    const encoded = new Response(form);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/voicelog/upload?directory=${DAY}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect([r.statusCode, r.json<{ message: string }>().message]).toEqual([400, VOICE_LOG_MESSAGES.uploadToExternal]);
  });
});
