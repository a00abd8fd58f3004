// The do-not-call list's API (docs/guide/dnc.md): the paged list and counts, adding, removing, the CSV upload, the audit log.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DNC_MESSAGES,
  dncUploadRejectedMessage,
  type TDncCounts,
  type TDncEntry,
  type TDncUploadRejected,
  type TDncUploadResult,
  type TPaged,
} from '@crm/shared';
import type { App } from '../../app.ts';
import { type Caller, type Reply, createCampaign, tokenForRole, useTestApp } from '../../test/harness.ts';
import { nextPhone } from '../../test/lead-upload-support.ts';
import { dncMessage, findDncEntry } from './lookup.ts';

const t = useTestApp();
let admin: Caller;
let token: string;
let campaign: { id: number; campaignName: string };

beforeAll(async () => {
  admin = await t.callerFor('admin');
  token = await tokenForRole(t.app, 'admin');
  campaign = await createCampaign(t.db, { campaignName: 'Dnc Survey' });
});

async function upload(
  app: App,
  auth: string | undefined,
  content: string,
  campaignName?: string,
  fileName = 'dnc.csv',
): Promise<Reply> {
  const form = new FormData();
  form.append('file', new Blob([new TextEncoder().encode(content)], { type: 'text/csv' }), fileName);
  const encoded = new Response(form);
  const res = await app.inject({
    method: 'POST',
    url: `/api/dnc/upload${campaignName === undefined ? '' : `?campaignName=${encodeURIComponent(campaignName)}`}`,
    headers: {
      'content-type': encoded.headers.get('content-type') ?? '',
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  const parsed: unknown =
    res.body && String(res.headers['content-type'] ?? '').includes('application/json')
      ? JSON.parse(res.body)
      : res.body;
  return { status: res.statusCode, body: parsed, headers: res.headers, text: res.body, json: <T>() => parsed as T };
}

const listed = async (phone: string) =>
  t.db.selectFrom('dncNumbers').select(['id', 'campaignId']).where('phoneNumber', '=', phone).execute();
const auditOf = async (action: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['objectId', 'changes', 'actorUsername'])
    .where('objectType', '=', 'dnc')
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .execute();

describe('who may use the do-not-call lists', () => {
  it('answers 401 without a session and 403 to agents and QC inspectors', async () => {
    expect((await t.anonymous.get('/api/dnc/pagination/0/10')).status).toBe(401);
    expect((await t.anonymous.post('/api/dnc', { number: nextPhone().local })).status).toBe(401);
    expect((await upload(t.app, undefined, 'number\n')).status).toBe(401);
    for (const role of ['agent', 'qc'] as const) {
      const c = await t.callerFor(role);
      expect((await c.get('/api/dnc/pagination/0/10')).status).toBe(403);
      expect((await c.get('/api/dnc/counts')).status).toBe(403);
      expect((await c.post('/api/dnc', { number: nextPhone().local })).status).toBe(403);
      expect((await c.delete('/api/dnc/1')).status).toBe(403);
      expect((await upload(t.app, await tokenForRole(t.app, role), 'number\n')).status).toBe(403);
    }
  });
});

describe('POST /api/dnc', () => {
  it('puts a number on the system list in E.164, audited with who added it', async () => {
    const phone = nextPhone();
    const r = await admin.post('/api/dnc', { number: phone.local, reason: 'Asked by letter' });
    expect(r.status, r.text).toBe(200);
    const entry = r.json<TDncEntry>();
    expect(entry).toMatchObject({
      phoneNumber: phone.e164,
      list: 'system',
      campaignName: null,
      reason: 'Asked by letter',
    });
    expect(await listed(phone.e164)).toEqual([{ id: entry.id, campaignId: null }]);
    const [audit] = await auditOf('create');
    expect(audit?.objectId).toBe(String(entry.id));
    expect(audit?.changes).toMatchObject({ after: { phoneNumber: phone.e164, list: 'system' } });
  });

  it("puts a number on a campaign's list; the same number may be on both lists", async () => {
    const phone = nextPhone();
    expect((await admin.post('/api/dnc', { number: phone.e164 })).status).toBe(200);
    const r = await admin.post('/api/dnc', { number: phone.local, campaignName: campaign.campaignName });
    expect(r.status, r.text).toBe(200);
    expect(r.json<TDncEntry>()).toMatchObject({ list: 'campaign', campaignName: campaign.campaignName });
    expect(await listed(phone.e164)).toHaveLength(2);
  });

  it('answers 409 for a number the list has already, in any format', async () => {
    const phone = nextPhone();
    expect((await admin.post('/api/dnc', { number: phone.local })).status).toBe(200);
    const r = await admin.post('/api/dnc', { number: phone.e164 });
    expect(r.status).toBe(409);
    expect(r.json<{ message: string }>().message).toBe(DNC_MESSAGES.alreadyListed);
  });

  it('answers 400 for something that is not a phone number, and 404 for an unknown campaign', async () => {
    const r = await admin.post('/api/dnc', { number: '12345' });
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toBe(DNC_MESSAGES.notANumber('12345'));
    expect((await admin.post('/api/dnc', { number: nextPhone().local, campaignName: 'No Such Campaign' })).status).toBe(
      404,
    );
  });
});

describe('GET /api/dnc/pagination and /api/dnc/counts', () => {
  it('finds a number in any format, narrows to one list, and counts each list', async () => {
    const phone = nextPhone();
    await admin.post('/api/dnc', { number: phone.local, campaignName: campaign.campaignName });
    const digits = phone.local.slice(3);
    for (const q of [phone.local, `+880 ${phone.local.slice(1, 5)}-${phone.local.slice(5)}`, digits]) {
      const all = (await admin.get(`/api/dnc/pagination/0/10?q=${encodeURIComponent(q)}`)).json<TPaged<TDncEntry>>();
      expect(
        all.response.content.map((e) => e.phoneNumber),
        q,
      ).toEqual([phone.e164]);
      expect(all.recordCount).toBe(1);
    }
    const system = (await admin.get(`/api/dnc/pagination/0/10?q=${digits}&campaignName=`)).json<TPaged<TDncEntry>>();
    expect(system.recordCount).toBe(0);
    const onSystem = nextPhone();
    await admin.post('/api/dnc', { number: onSystem.local });
    const systemList = (await admin.get(`/api/dnc/pagination/0/10?q=${onSystem.local}&campaignName=`)).json<
      TPaged<TDncEntry>
    >();
    expect(systemList.response.content.map((e) => [e.phoneNumber, e.list])).toEqual([[onSystem.e164, 'system']]);
    const own = (
      await admin.get(`/api/dnc/pagination/0/10?q=${digits}&campaignName=${encodeURIComponent(campaign.campaignName)}`)
    ).json<TPaged<TDncEntry>>();
    expect(own.recordCount).toBe(1);

    expect((await admin.get('/api/dnc/pagination/0/10?q=abc')).json<TPaged<TDncEntry>>().recordCount).toBe(0);

    const counts = (await admin.get('/api/dnc/counts')).json<TDncCounts>();
    const systemRows = await t.db
      .selectFrom('dncNumbers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('campaignId', 'is', null)
      .executeTakeFirstOrThrow();
    expect(counts.system).toBe(Number(systemRows.n));
    expect(counts.campaigns.find((c) => c.campaignName === campaign.campaignName)?.count).toBeGreaterThanOrEqual(1);
  });
});

describe('DELETE /api/dnc/{id}', () => {
  it('takes the number off its list (204), audited; 404 after', async () => {
    const phone = nextPhone();
    const entry = (await admin.post('/api/dnc', { number: phone.local })).json<TDncEntry>();
    expect((await admin.delete(`/api/dnc/${entry.id}`)).status).toBe(204);
    expect(await listed(phone.e164)).toEqual([]);
    expect((await auditOf('delete'))[0]?.changes).toMatchObject({
      before: { phoneNumber: phone.e164, list: 'system' },
    });
    expect((await admin.delete(`/api/dnc/${entry.id}`)).status).toBe(404);
  });
});

describe('POST /api/dnc/upload', () => {
  it('adds each new number; numbers listed already (or repeated) count as already listed; audited', async () => {
    const old = nextPhone();
    await admin.post('/api/dnc', { number: old.local, campaignName: campaign.campaignName });
    const a = nextPhone();
    const b = nextPhone();
    const r = await upload(
      t.app,
      token,
      `number\n${a.local}\n${old.e164}\n\n${b.e164}\n${a.e164}\n`,
      campaign.campaignName,
    );
    expect(r.status, r.text).toBe(200);
    expect(r.json<TDncUploadResult>()).toEqual({
      message: '2 added, 2 already listed',
      rowsRead: 4,
      added: 2,
      alreadyListed: 2,
    });
    expect(await listed(b.e164)).toEqual([expect.objectContaining({ campaignId: campaign.id })]);
    expect((await auditOf('upload'))[0]).toMatchObject({
      objectId: campaign.campaignName,
      changes: { counts: { rowsRead: 4, added: 2, alreadyListed: 2 } },
    });
  });

  it('puts the numbers on the system list without a campaign', async () => {
    const a = nextPhone();
    const r = await upload(t.app, token, `number\r\n${a.local}\r\n`);
    expect(r.status, r.text).toBe(200);
    expect(await listed(a.e164)).toEqual([expect.objectContaining({ campaignId: null })]);
  });

  it('refuses the whole file with a per-row report when any row is bad, storing nothing', async () => {
    const good = nextPhone();
    const r = await upload(t.app, token, `name,number\nA,${good.local}\nB,12345\nC,\n`);
    expect(r.status, r.text).toBe(400);
    expect(r.json<TDncUploadRejected>()).toEqual({
      message: dncUploadRejectedMessage(2),
      rowsRead: 3,
      errorCount: 2,
      errors: [
        { row: 3, column: 'number', reason: '"12345" is not a phone number' },
        { row: 4, column: 'number', reason: 'the number is missing' },
      ],
    });
    expect(await listed(good.e164)).toEqual([]);
  });

  it('answers 400 without a number column or for a file not named .csv, and 404 for an unknown campaign', async () => {
    expect((await upload(t.app, token, `phone\n${nextPhone().local}\n`)).json<{ message: string }>().message).toBe(
      DNC_MESSAGES.noHeader,
    );
    expect((await upload(t.app, token, `number\n${nextPhone().local}\n`, undefined, 'dnc.txt')).status).toBe(400);
    expect((await upload(t.app, token, `number\n${nextPhone().local}\n`, 'No Such Campaign')).status).toBe(404);
  });
});

describe('findDncEntry and dncMessage', () => {
  it('finds the oldest entry of the system list or the campaign, never another campaign', async () => {
    const other = await createCampaign(t.db);
    const phone = nextPhone();
    expect(await findDncEntry(t.db, phone.e164, campaign.id, 'UTC')).toBeNull();
    await t.db
      .insertInto('dncNumbers')
      .values({
        campaignId: other.id,
        phoneNumber: phone.e164,
        addedBy: 'x',
        createdAt: new Date('2026-11-01T10:00:00Z'),
      })
      .execute();
    expect(await findDncEntry(t.db, phone.e164, campaign.id, 'UTC')).toBeNull();
    await t.db
      .insertInto('dncNumbers')
      .values({
        campaignId: campaign.id,
        phoneNumber: phone.e164,
        addedBy: 'x',
        createdAt: new Date('2026-11-19T20:00:00Z'),
      })
      .execute();
    const own = await findDncEntry(t.db, phone.e164, campaign.id, 'Asia/Dhaka');
    expect(own).toEqual({ list: 'campaign', since: '2026-11-20' });
    expect(dncMessage(own!)).toBe('Do not call: on the campaign list since 2026-11-20');
    await t.db
      .insertInto('dncNumbers')
      .values({ campaignId: null, phoneNumber: phone.e164, addedBy: 'x', createdAt: new Date('2026-11-10T10:00:00Z') })
      .execute();
    const system = await findDncEntry(t.db, phone.e164, campaign.id, 'UTC');
    expect(dncMessage(system!)).toBe('Do not call: on the system list since 2026-11-10');
  });
});
