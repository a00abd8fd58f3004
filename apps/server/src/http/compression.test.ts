// Compression of the API's replies (http/compression.ts): a JSON reply over the threshold and a streamed CSV download
// go out as brotli or gzip, as the client accepts; small replies, recordings (whole or by Range) and the dialer's live
// stream go out as they are.
import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_ROLES, DIALER_EVENT, ROLE_DESCRIPTIONS } from '@crm/shared';
import { recordAudit } from '../modules/audit/record.ts';
import { readSse } from '../test/sse-client.ts';
import { silentMp3, writeRecordings } from '../test/test-audio.ts';
import { createCampaign, createUser, useTestApp } from '../test/harness.ts';
import { COMPRESS_THRESHOLD_BYTES } from './compression.ts';

const base = mkdtempSync(path.join(os.tmpdir(), 'crm-compression-'));
const t = useTestApp({ recordingsDir: path.join(base, 'recordings') });
afterAll(() => fs.rm(base, { recursive: true, force: true }));

const DAY = '2026-11-17';
const MP3 = '20261117-101500_01712345678_AG-1001-all.mp3';
const mp3Bytes = silentMp3(3);
const CAMPAIGNS = 40;

let adminToken: string;
beforeAll(async () => {
  const admin = await createUser(t.db, { role: 'admin' });
  const roleName = DB_ROLES.admin;
  adminToken = await t.app.tokens.sign({
    sub: String(admin.id),
    userName: admin.username,
    name: admin.name,
    roles: [{ roleName, roleDescription: ROLE_DESCRIPTIONS[roleName] }],
  });
  for (let i = 0; i < CAMPAIGNS; i += 1)
    await createCampaign(t.db, { campaignName: `Compression campaign ${String(i).padStart(2, '0')}` });
  for (let i = 0; i < 60; i += 1) {
    await recordAudit(
      t.db,
      { userId: admin.id, username: admin.username, role: roleName, ip: '10.0.0.9' },
      {
        action: 'update',
        objectType: 'campaign',
        objectId: i,
        changes: { before: { callTarget: i }, after: { callTarget: i + 1 } },
      },
    );
  }
  await writeRecordings(path.join(base, 'recordings'), DAY, { [MP3]: mp3Bytes });
});

/** A GET as the admin, with the given Accept-Encoding (none when undefined) and any other headers. */
function get(url: string, acceptEncoding: string | undefined, headers: Record<string, string> = {}) {
  return t.app.inject({
    url,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      ...headers,
    },
  });
}

describe('JSON replies', () => {
  it('over the threshold: brotli when the client accepts it, gzip when it accepts only that, the same JSON either way', async () => {
    const plain = await get('/cc/campaigns', undefined);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const campaigns: unknown = JSON.parse(plain.body);
    expect(campaigns).toHaveLength(CAMPAIGNS);

    const br = await get('/cc/campaigns', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(campaigns);

    const gzip = await get('/cc/campaigns', 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(campaigns);
  });

  it('keeps the security headers on a compressed reply', async () => {
    const r = await get('/cc/campaigns', 'br');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['referrer-policy']).toBe('same-origin');
  });

  it.each([['identity'], ['deflate'], ['*;q=0, identity']])(
    'go out as they are when the client accepts %s',
    async (acceptEncoding) => {
      const r = await get('/cc/campaigns', acceptEncoding);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(r.body)).toHaveLength(CAMPAIGNS);
    },
  );

  it('under the threshold go out as they are (a compressed small reply costs more than it saves)', async () => {
    const r = await get('/cc/totalCampaigns', 'gzip, deflate, br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(JSON.parse(r.body)).toBeGreaterThanOrEqual(CAMPAIGNS);
  });

  it('an error reply is JSON like any other: small, so as it is', async () => {
    const r = await t.app.inject({
      url: '/cc/campaign/999999',
      headers: { authorization: `Bearer ${adminToken}`, 'accept-encoding': 'br' },
    });
    expect(r.statusCode).toBe(404);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.body)).toHaveProperty('message');
  });
});

describe('CSV downloads', () => {
  it('stream compressed, whole, with their download headers and no Content-Length of the uncompressed file', async () => {
    const plain = await get('/api/audit/export', undefined);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.split('\n').length).toBeGreaterThan(60);

    const br = await get('/api/audit/export', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/csv/);
    expect(br.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.headers['content-length']).toBeUndefined();
    expect(br.headers['transfer-encoding']).toBe('chunked');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get('/api/audit/export', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});

describe('recordings', () => {
  const audio = `/api/voicelog/download-mp3?${new URLSearchParams({ fileName: `${DAY}/${MP3}` }).toString()}`;

  it('go out as they are, whole, with their Content-Length, whatever the client accepts', async () => {
    const r = await get(audio, 'gzip, deflate, br');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('audio/mpeg');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(Number(r.headers['content-length'])).toBe(mp3Bytes.length);
    expect(r.rawPayload.equals(mp3Bytes)).toBe(true);
  });

  it('and by Range: 206 with the bytes of the file at those offsets', async () => {
    const r = await get(audio, 'gzip, deflate, br', { range: 'bytes=1000-1999' });
    expect(r.statusCode).toBe(206);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-range']).toBe(`bytes 1000-1999/${mp3Bytes.length}`);
    expect(Number(r.headers['content-length'])).toBe(1000);
    expect(r.rawPayload.equals(mp3Bytes.subarray(1000, 2000))).toBe(true);
  });
});

describe("the dialer's live stream", () => {
  it('goes out as it is, event by event, to a client that accepts brotli and gzip', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const media = await fetch(`${origin}/api/auth/media-token`, { headers: { authorization: `Bearer ${adminToken}` } });
    const { token } = (await media.json()) as { token: string };
    const controller = new AbortController();
    try {
      const res = await fetch(`${origin}/api/dialer/stream?token=${encodeURIComponent(token)}`, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('content-encoding')).toBeNull();
      // The first event arrives at once: nothing holds it back to fill a compressor's block.
      const first = await readSse(res.body!).next(2000);
      expect(first?.event).toBe(DIALER_EVENT);
    } finally {
      controller.abort();
    }
  });
});
