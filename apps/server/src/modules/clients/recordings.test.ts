// GET /api/clients/recordings/{id} (docs/guide/clients.md "Recordings"): a client account plays the recording of a
// client QC record of its campaigns, by the record's id, only while its administrator allows it; seeking by Range.
import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CLIENT_RECORDING_MESSAGES,
  MESSAGES,
  REFUSAL_CODES,
  clientRecordingPath,
  type TMediaToken,
  type TUser,
} from '@crm/shared';
import { caller, createCampaign, useTestApp, type Caller } from '../../test/harness.ts';
import {
  addClientRecord,
  addRecord,
  clientScorecard,
  qcWorld,
  scorecard,
  type QcWorld,
} from '../../test/qc-support.ts';
import { silentMp3, writeRecordings } from '../../test/test-audio.ts';

const base = mkdtempSync(path.join(os.tmpdir(), 'crm-client-recordings-'));
const recordingsDir = path.join(base, 'recordings');
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(base, { recursive: true, force: true }));

const DAY = '2026-11-20';
const RECORDING = '20261120-101500_01712345678_AG-1001-all.mp3';
const OTHER_RECORDING = '20261120-111500_01899990000_AG-1001-all.mp3';
const bytes = silentMp3(3); // 48,000 bytes

let n = 0;
async function addClient(
  admin: Caller,
  campaigns: string[],
  recordings: boolean,
): Promise<{ user: TUser; token: string }> {
  n += 1;
  const r = await admin.post('/api/users', {
    username: `client.recordings${n}`,
    name: `Radiant Foods ${n}`,
    password: 'client-pass-1',
    role: 'CLIENT',
    campaigns,
    recordings,
  });
  expect(r.status, r.text).toBe(200);
  const user = r.json<TUser>();
  const signIn = await t.anonymous.post('/api/auth/signInSuperAdmin', {
    username: user.username,
    password: 'client-pass-1',
  });
  expect(signIn.status, signIn.text).toBe(200);
  return { user, token: signIn.json<{ jwtToken: string }>().jwtToken };
}

/** A raw request: the audio as bytes, the headers, and the refusal's body. */
async function play(id: number, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', query = '') {
  const res = await t.app.inject({ method, url: `${clientRecordingPath(id)}${query}`, headers });
  const json = () => JSON.parse(res.body) as { message: string; code?: string };
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json };
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The world's campaign with a client record whose recording is linked, an in-house record and an unlinked one. */
async function recordsOf(w: QcWorld) {
  await writeRecordings(recordingsDir, DAY, { [RECORDING]: bytes, [OTHER_RECORDING]: bytes });
  const linked = await addClientRecord(w.qcA, clientScorecard(w));
  const link = await w.qcA.post('/api/qcReport/add-qc-report-file', {
    qcReport: { id: linked.id },
    fileName: RECORDING,
  });
  expect(link.status, link.text).toBe(200);
  const unlinked = await addClientRecord(w.qcA, clientScorecard(w, { consumerNumber: '01899990000' }));
  const inHouse = await addRecord(w.qcA, scorecard(w));
  const inHouseLink = await w.qcA.post('/api/qcReport/add-qc-report-file', {
    qcReport: { id: inHouse.id },
    fileName: RECORDING,
  });
  expect(inHouseLink.status, inHouseLink.text).toBe(200);
  return { linked, unlinked, inHouse };
}

describe('GET /api/clients/recordings/{id}: who may call it', () => {
  it('answers 401 to anonymous callers and 403 to agents and QC inspectors', async () => {
    const w = await qcWorld(t);
    const { linked } = await recordsOf(w);
    expect((await play(linked.id)).status).toBe(401);
    for (const api of [w.agentApi, w.qcA]) {
      const r = await api.get(clientRecordingPath(linked.id));
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
    }
  });
});

describe('GET /api/clients/recordings/{id}', () => {
  it("plays a client record's recording of its campaign to a client allowed to, whole, by Range and by media token", async () => {
    const w = await qcWorld(t);
    const { linked } = await recordsOf(w);
    const { token } = await addClient(w.admin, [w.campaign], true);

    const whole = await play(linked.id, bearer(token));
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['cache-control']).toBe('no-store');
    expect(whole.bytes.equals(bytes)).toBe(true);
    // Nothing in the reply names the file (its name holds the number).
    expect(JSON.stringify(whole.headers)).not.toContain('1712345678');

    // Seeking: one range, 206 with where it is in the file.
    const part = await play(linked.id, { ...bearer(token), range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.bytes.equals(bytes.subarray(1000, 2000))).toBe(true);
    const past = await play(linked.id, { ...bearer(token), range: `bytes=${bytes.length}-` });
    expect(past.status).toBe(416);

    // HEAD: the headers only.
    const head = await play(linked.id, bearer(token), 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.bytes.length).toBe(0);

    // An <audio> element: the media token in the address.
    const media = (await caller(t.app, token).get('/api/auth/media-token')).json<TMediaToken>();
    const byToken = await play(linked.id, {}, 'GET', `?token=${encodeURIComponent(media.token)}`);
    expect(byToken.status).toBe(200);
    expect(byToken.bytes.equals(bytes)).toBe(true);
  });

  it('refuses with RECORDINGS_NOT_ALLOWED while the flag is off, reading the flag at each request', async () => {
    const w = await qcWorld(t);
    const { linked } = await recordsOf(w);
    const { user, token } = await addClient(w.admin, [w.campaign], false);
    const off = await play(linked.id, bearer(token));
    expect(off.status).toBe(403);
    expect(off.json()).toEqual({
      message: CLIENT_RECORDING_MESSAGES.notAllowed,
      code: REFUSAL_CODES.recordingsNotAllowed,
    });
    // The admin allows it: the same session plays at once; takes it back: refused at once.
    expect((await w.admin.put(`/api/users/${user.id}`, { recordings: true })).status).toBe(200);
    expect((await play(linked.id, bearer(token))).status).toBe(200);
    expect((await w.admin.put(`/api/users/${user.id}`, { recordings: false })).status).toBe(200);
    expect((await play(linked.id, bearer(token))).json().code).toBe(REFUSAL_CODES.recordingsNotAllowed);
  });

  it("refuses with NOT_YOUR_RECORD another campaign's record, an in-house record and an unknown id alike", async () => {
    const w = await qcWorld(t);
    const { linked, inHouse } = await recordsOf(w);
    const other = await createCampaign(t.db);
    const mine = await addClient(w.admin, [other.campaignName], true);
    const notYours = { message: CLIENT_RECORDING_MESSAGES.notYourRecord, code: REFUSAL_CODES.notYourRecord };
    for (const id of [linked.id, inHouse.id, 2_000_000_000]) {
      const r = await play(id, bearer(mine.token));
      expect(r.status, String(id)).toBe(403);
      expect(r.json()).toEqual(notYours);
    }
    // The in-house record of its own campaign is not a client record either.
    const ownCampaign = await addClient(w.admin, [w.campaign], true);
    expect((await play(inHouse.id, bearer(ownCampaign.token))).json()).toEqual(notYours);
    // The campaign taken away: refused at once.
    expect((await w.admin.put(`/api/users/${ownCampaign.user.id}`, { campaigns: [other.campaignName] })).status).toBe(
      200,
    );
    expect((await play(linked.id, bearer(ownCampaign.token))).json()).toEqual(notYours);
  });

  it('answers 404 NO_RECORDING for a client record with no recording linked', async () => {
    const w = await qcWorld(t);
    const { unlinked } = await recordsOf(w);
    const { token } = await addClient(w.admin, [w.campaign], true);
    const r = await play(unlinked.id, bearer(token));
    expect(r.status).toBe(404);
    expect(r.json()).toEqual({ message: CLIENT_RECORDING_MESSAGES.noRecording, code: REFUSAL_CODES.noRecording });
  });

  it("lets an admin hear any client record's recording, and answers 404 for an in-house record", async () => {
    const w = await qcWorld(t);
    const { linked, inHouse } = await recordsOf(w);
    const r = await w.admin.get(clientRecordingPath(linked.id));
    expect(r.status).toBe(200);
    const inHouseReply = await w.admin.get(clientRecordingPath(inHouse.id));
    expect(inHouseReply.status).toBe(404);
    expect(inHouseReply.body).toEqual({ message: CLIENT_RECORDING_MESSAGES.noClientRecord(inHouse.id) });
  });

  it('refuses an id that is not a number with 400', async () => {
    const admin = await t.callerFor('admin');
    expect((await admin.get('/api/clients/recordings/abc')).status).toBe(400);
  });
});
