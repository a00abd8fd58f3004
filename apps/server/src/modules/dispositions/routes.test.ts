// A campaign's dispositions (docs/guide/call-loop.md "Dispositions"): every role of the campaign reads them, admins replace
// the whole set (audited), and a bad set is refused whole with every problem named.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DISPOSITIONS, type TDisposition, type TDispositions } from '@crm/shared';
import { createCampaign, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();
let admin: Caller;

beforeAll(async () => {
  admin = await t.callerFor('admin');
});

const url = (campaignName: string) => `/api/dispositions?campaignName=${encodeURIComponent(campaignName)}`;

const OWN_SET: TDisposition[] = [
  { code: 'DONE', name: 'Survey done', kind: 'completed', vicidialStatus: 'SALE' },
  { code: 'BUSY', name: 'Busy, call later', kind: 'retry', vicidialStatus: 'B' },
  { code: 'CB', name: 'Call back', kind: 'callback', vicidialStatus: 'CALLBK' },
  { code: 'DNC', name: 'Do not call', kind: 'dnc', vicidialStatus: 'DNC' },
];

async function storedRows(campaignId: number) {
  return t.db
    .selectFrom('campaignDispositions')
    .select(['position', 'code'])
    .where('campaignId', '=', campaignId)
    .orderBy('position')
    .execute();
}

describe('who may read and change dispositions', () => {
  it('answers 401 without a session', async () => {
    const c = await createCampaign(t.db);
    expect((await t.anonymous.get(url(c.campaignName))).status).toBe(401);
    expect(
      (await t.anonymous.put('/api/dispositions', { campaignName: c.campaignName, dispositions: OWN_SET })).status,
    ).toBe(401);
  });

  it('refuses an agent another campaign’s set (403), and everyone but admins the change (403)', async () => {
    const c = await createCampaign(t.db);
    const other = await createCampaign(t.db);
    const agent = await t.callerFor('agent', { campaign: other.campaignName });
    const r = await agent.get(url(c.campaignName));
    expect(r.status).toBe(403);
    expect(r.json<{ message: string }>().message).toBe('You are signed in to another campaign');
    for (const role of ['agent', 'qc'] as const) {
      const api = await t.callerFor(role, { campaign: c.campaignName });
      expect(
        (await api.put('/api/dispositions', { campaignName: c.campaignName, dispositions: OWN_SET })).status,
        role,
      ).toBe(403);
    }
    expect(await storedRows(c.id)).toEqual([]);
  });
});

describe('GET /api/dispositions', () => {
  it('answers the default set for a campaign that has none stored, to its agents, QC inspectors and admins', async () => {
    const c = await createCampaign(t.db);
    const readers = [
      await t.callerFor('agent', { campaign: c.campaignName.toUpperCase() }),
      await t.callerFor('qc'),
      admin,
    ];
    for (const reader of readers) {
      const r = await reader.get(url(c.campaignName));
      expect(r.status, r.text).toBe(200);
      expect(r.json<TDispositions>()).toEqual(DEFAULT_DISPOSITIONS);
    }
    expect(DEFAULT_DISPOSITIONS.map((d) => d.name)).toEqual([
      'Completed',
      'Partial / call back',
      'Not interested',
      'Wrong number',
      'Language barrier',
      'Do not call',
    ]);
  });

  it('answers 404 for an unknown campaign and 400 without one', async () => {
    const r = await admin.get(url('No Such Campaign'));
    expect(r.status).toBe(404);
    expect(r.json<{ message: string }>().message).toBe('Campaign "No Such Campaign" does not exist');
    expect((await admin.get('/api/dispositions')).status).toBe(400);
  });
});

describe('PUT /api/dispositions', () => {
  it("replaces the campaign's whole set in the order given, answers it, and records the change in the audit log", async () => {
    const c = await createCampaign(t.db);
    const r = await admin.put('/api/dispositions', {
      campaignName: c.campaignName.toLowerCase(),
      dispositions: OWN_SET,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.json<TDispositions>()).toEqual(OWN_SET);
    expect((await admin.get(url(c.campaignName))).json<TDispositions>()).toEqual(OWN_SET);
    const agent = await t.callerFor('agent', { campaign: c.campaignName });
    expect((await agent.get(url(c.campaignName))).json<TDispositions>()).toEqual(OWN_SET);

    // A second set replaces the first whole: nothing of it is left, the new order holds.
    const second = [OWN_SET[2], OWN_SET[0]] as TDisposition[];
    expect(
      (
        await admin.put('/api/dispositions', { campaignName: c.campaignName, dispositions: second })
      ).json<TDispositions>(),
    ).toEqual(second);
    expect(await storedRows(c.id)).toEqual([
      { position: 0, code: 'CB' },
      { position: 1, code: 'DONE' },
    ]);

    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'objectId', 'changes', 'actorUsername'])
      .where('objectType', '=', 'dispositions')
      .where('objectId', '=', c.campaignName)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['update', 'update']);
    expect(audit[0]?.changes).toEqual({
      before: { dispositions: DEFAULT_DISPOSITIONS },
      after: { dispositions: OWN_SET },
    });
    expect(audit[1]?.changes).toEqual({ before: { dispositions: OWN_SET }, after: { dispositions: second } });
  });

  it('trims what it stores', async () => {
    const c = await createCampaign(t.db);
    const padded = OWN_SET.map((d) => ({ ...d, code: ` ${d.code} `, name: ` ${d.name} ` }));
    expect(
      (
        await admin.put('/api/dispositions', { campaignName: c.campaignName, dispositions: padded })
      ).json<TDispositions>(),
    ).toEqual(OWN_SET);
  });

  it('refuses a set with problems whole, naming every one, and keeps the set it had', async () => {
    const c = await createCampaign(t.db);
    expect((await admin.put('/api/dispositions', { campaignName: c.campaignName, dispositions: OWN_SET })).status).toBe(
      200,
    );
    const bad = [
      { code: 'DONE', name: 'Survey done', kind: 'final', vicidialStatus: 'SALE' },
      { code: 'done', name: 'Again', kind: 'final', vicidialStatus: 'TOOLONG' },
      { code: 'a b', name: '', kind: 'maybe', vicidialStatus: 'X' },
    ];
    const r = await admin.put('/api/dispositions', { campaignName: c.campaignName, dispositions: bad });
    expect(r.status).toBe(400);
    const { message } = r.json<{ message: string }>();
    for (const problem of [
      'A VICIdial status is 1 to 6 letters, digits or _',
      'A disposition code is 1 to 20 letters, digits, _ or -',
      'A disposition needs a name',
      'kind must be one of completed, callback, dnc, final, retry',
    ])
      expect(message).toContain(problem);
    expect((await admin.get(url(c.campaignName))).json<TDispositions>()).toEqual(OWN_SET);

    // Well-formed rows, but the set lacks a completed and a callback disposition and uses a code twice.
    const wellFormed = [
      { code: 'NI', name: 'Not interested', kind: 'final', vicidialStatus: 'NI' },
      { code: 'ni', name: 'Not interested again', kind: 'retry', vicidialStatus: 'NI' },
    ];
    const set = await admin.put('/api/dispositions', { campaignName: c.campaignName, dispositions: wellFormed });
    expect(set.status).toBe(400);
    for (const problem of [
      'The code ni is used twice',
      'A campaign needs a completed disposition',
      'A campaign needs a callback disposition (Partial Call uses it)',
    ]) {
      expect(set.json<{ message: string }>().message).toContain(problem);
    }
    expect((await admin.get(url(c.campaignName))).json<TDispositions>()).toEqual(OWN_SET);
  });

  it('refuses fewer than two or more than twenty dispositions', async () => {
    const c = await createCampaign(t.db);
    const one = await admin.put('/api/dispositions', { campaignName: c.campaignName, dispositions: [OWN_SET[0]] });
    expect(one.status).toBe(400);
    expect(one.json<{ message: string }>().message).toContain(
      'A campaign needs at least a completed and a callback disposition',
    );
    const many = Array.from({ length: 21 }, (_, i) => ({
      code: `C${i}`,
      name: `D ${i}`,
      kind: i === 0 ? 'completed' : 'callback',
      vicidialStatus: 'X',
    }));
    const tooMany = await admin.put('/api/dispositions', { campaignName: c.campaignName, dispositions: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toContain('A campaign has at most 20 dispositions');
    expect(await storedRows(c.id)).toEqual([]);
  });

  it('answers 404 for an unknown campaign, storing nothing', async () => {
    const r = await admin.put('/api/dispositions', { campaignName: 'No Such Campaign', dispositions: OWN_SET });
    expect(r.status).toBe(404);
    expect(r.json<{ message: string }>().message).toBe('Campaign "No Such Campaign" does not exist');
    expect(
      await t.db
        .selectFrom('auditLog')
        .select('id')
        .where('objectType', '=', 'dispositions')
        .where('objectId', '=', 'No Such Campaign')
        .execute(),
    ).toEqual([]);
  });
});
