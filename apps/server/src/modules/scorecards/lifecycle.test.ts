// The scorecards' lifecycle (docs/scorecards.md, Versions and the lifecycle): drafts change, published versions never
// do; copyOf makes the next draft; publishing moves the campaigns; retiring is refused while in use; every write audited.
import { describe, expect, it } from 'vitest';
import {
  SCORECARD_MESSAGES,
  STANDARD_SCORECARD,
  STANDARD_SCORECARD_ID,
  type TScorecard,
  type TScorecardList,
} from '@crm/shared';
import { createCampaign, useTestApp } from '../../test/harness.ts';
import { auditEntries } from '../../test/audit-support.ts';
import {
  chooseScorecards,
  createDraft,
  createPublished,
  insertScoredRecord,
  publish,
  smallDefinition,
  uniqueName,
} from '../../test/scorecards-support.ts';

const t = useTestApp();

describe('/api/scorecards', () => {
  it('answers 401 to anonymous callers, 403 to agents, and 403 to QC inspectors on every write', async () => {
    const agent = await t.callerFor('agent');
    const qc = await t.callerFor('qc');
    expect((await t.anonymous.get('/api/scorecards')).status).toBe(401);
    expect((await agent.get('/api/scorecards')).status).toBe(403);
    expect((await agent.get(`/api/scorecards/${STANDARD_SCORECARD_ID}`)).status).toBe(403);
    expect((await qc.get('/api/scorecards')).status).toBe(200);
    expect((await qc.post('/api/scorecards', smallDefinition())).status).toBe(403);
    expect((await qc.put(`/api/scorecards/${STANDARD_SCORECARD_ID}`, smallDefinition())).status).toBe(403);
    expect((await qc.post(`/api/scorecards/${STANDARD_SCORECARD_ID}/publish`)).status).toBe(403);
    expect((await qc.post(`/api/scorecards/${STANDARD_SCORECARD_ID}/retire`)).status).toBe(403);
    expect(await t.db.selectFrom('scorecards').select('id').execute()).toEqual([{ id: STANDARD_SCORECARD_ID }]);
  });

  it('lists the built-in "Standard" first: published version 1, every campaign on it for both kinds', async () => {
    const admin = await t.callerFor('admin');
    const campaign = await createCampaign(t.db, { campaignName: uniqueName('Mobile') });
    const list = (await admin.get('/api/scorecards')).json<TScorecardList>();
    const standard = list.scorecards[0]!;
    expect(standard).toMatchObject({ scorecardId: STANDARD_SCORECARD_ID, name: 'Standard', builtIn: true });
    expect(standard.versions[0]).toMatchObject({ id: 1, version: 1, state: 'published', criteria: 14 });
    expect(standard.versions[0]!.usedBy).toEqual(
      expect.arrayContaining([
        { campaignName: campaign.campaignName, kind: 'in-house' },
        { campaignName: campaign.campaignName, kind: 'client' },
      ]),
    );
    const one = (await admin.get(`/api/scorecards/${STANDARD_SCORECARD_ID}`)).json<TScorecard>();
    expect(one).toMatchObject({ name: 'Standard', builtIn: true, state: 'published', scoringMode: 'points' });
    expect(one.sections).toEqual(STANDARD_SCORECARD.sections);
    expect((await admin.get('/api/scorecards/999999')).status).toBe(404);
  });

  it('keeps a published version unchanged: an edit is a new draft version, publishing it moves the campaign', async () => {
    const admin = await t.callerFor('admin');
    const campaign = await createCampaign(t.db, { campaignName: uniqueName('Bank') });
    const name = uniqueName('Client form');
    const v1 = await createDraft(admin, smallDefinition({ name }));
    expect(v1).toMatchObject({ scorecardId: v1.id, version: 1, state: 'draft', builtIn: false, records: 0 });
    // A draft changes.
    const edited = await admin.put(`/api/scorecards/${v1.id}`, smallDefinition({ name, passMark: 60 }));
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json<TScorecard>().passMark).toBe(60);
    await publish(admin, v1.id);
    await chooseScorecards(admin, campaign.campaignName, v1.id, STANDARD_SCORECARD_ID);
    const record = await insertScoredRecord(t.db, {
      campaign,
      scorecardId: v1.id,
      marks: { greeting: { choice: 'Yes', marks: 10, comment: '' } },
      total: 100,
      agentGrade: 'Exceed Expectation',
    });

    // Published: never changes.
    const refused = await admin.put(`/api/scorecards/${v1.id}`, smallDefinition({ name, passMark: 50 }));
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ message: SCORECARD_MESSAGES.publishedCannotChange, code: 'WRONG_STATE' });

    // copyOf alone: the next version, a draft with the copied content.
    const v2 = await createDraft(admin, { copyOf: v1.id });
    expect(v2).toMatchObject({ scorecardId: v1.id, version: 2, state: 'draft', passMark: 60, name });
    const second = await admin.post('/api/scorecards', { copyOf: v1.id });
    expect(second.status).toBe(409);
    expect(second.json()).toMatchObject({ message: SCORECARD_MESSAGES.draftExists(name, 2), code: 'DRAFT_EXISTS' });
    expect((await admin.put(`/api/scorecards/${v2.id}`, smallDefinition({ name, passMark: 80 }))).status).toBe(200);

    const published = await publish(admin, v2.id);
    expect(published).toMatchObject({
      state: 'published',
      usedBy: [{ campaignName: campaign.campaignName, kind: 'in-house' }],
    });
    const choice = await admin.get(
      `/api/campaign-scorecards?campaignName=${encodeURIComponent(campaign.campaignName)}`,
    );
    expect(choice.json()).toMatchObject({ inHouse: { id: v2.id, version: 2 }, client: { id: STANDARD_SCORECARD_ID } });

    // The old version stays published, unchanged, with its record.
    const old = (await admin.get(`/api/scorecards/${v1.id}`)).json<TScorecard>();
    expect(old).toMatchObject({ state: 'published', passMark: 60, usedBy: [], records: 1 });
    const kept = await t.db
      .selectFrom('qcRecords')
      .select(['scorecardId', 'total', 'agentGrade'])
      .where('id', '=', record)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ scorecardId: v1.id, total: 100, agentGrade: 'Exceed Expectation' });

    const list = (await admin.get('/api/scorecards')).json<TScorecardList>();
    const entry = list.scorecards.find((s) => s.scorecardId === v1.id)!;
    expect(entry.versions.map((v) => [v.version, v.state, v.records])).toEqual([
      [2, 'published', 0],
      [1, 'published', 1],
    ]);

    const audit = await auditEntries(t.db, 'scorecard');
    expect(audit.filter((e) => [String(v1.id), String(v2.id)].includes(e.objectId)).map((e) => e.action)).toEqual([
      'create',
      'update',
      'update',
      'create',
      'update',
      'update',
    ]);
    const moved = await auditEntries(t.db, 'campaignScorecards', campaign.campaignName);
    expect(moved.at(-1)!.changes).toMatchObject({
      before: { inHouse: v1.id, client: STANDARD_SCORECARD_ID },
      after: { inHouse: v2.id, client: STANDARD_SCORECARD_ID },
    });
  });

  it('makes a new version with copyOf and a body; refuses a name another scorecard has, in any case', async () => {
    const admin = await t.callerFor('admin');
    const first = await createPublished(admin);
    const other = await createDraft(admin);
    const taken = await admin.post('/api/scorecards', smallDefinition({ name: first.name.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(taken.json()).toEqual({
      message: `A scorecard named "${first.name.toUpperCase()}" already exists`,
      code: 'DUPLICATE',
      field: 'name',
    });
    expect((await admin.put(`/api/scorecards/${other.id}`, smallDefinition({ name: first.name }))).status).toBe(409);
    // Its own scorecard's name is free to keep, or to change.
    const renamed = uniqueName('Renamed');
    const v2 = await createDraft(admin, { ...smallDefinition({ name: renamed }), copyOf: first.id });
    expect(v2).toMatchObject({ scorecardId: first.id, version: 2, name: renamed });
    expect((await admin.post('/api/scorecards', { copyOf: 999999 })).status).toBe(404);
  });

  it('refuses to publish a draft equal to the published version, and to publish twice', async () => {
    const admin = await t.callerFor('admin');
    const v1 = await createPublished(admin);
    const v2 = await createDraft(admin, { copyOf: v1.id });
    const same = await admin.post(`/api/scorecards/${v2.id}/publish`);
    expect(same.status).toBe(400);
    expect(same.json()).toMatchObject({ message: SCORECARD_MESSAGES.noChange(v1.name, 2), code: 'NO_CHANGE' });
    expect((await admin.get(`/api/scorecards/${v2.id}`)).json()).toMatchObject({ state: 'draft', publishedAt: null });
    const again = await admin.post(`/api/scorecards/${v1.id}/publish`);
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ message: SCORECARD_MESSAGES.alreadyPublished });
  });

  it('retires a version no campaign uses; refuses while one does, for a draft, twice, and for "Standard"', async () => {
    const admin = await t.callerFor('admin');
    const campaign = await createCampaign(t.db, { campaignName: uniqueName('Retail') });
    const used = await createPublished(admin);
    await chooseScorecards(admin, campaign.campaignName, STANDARD_SCORECARD_ID, used.id);
    const inUse = await admin.post(`/api/scorecards/${used.id}/retire`);
    expect(inUse.status).toBe(409);
    expect(inUse.json()).toMatchObject({
      message: SCORECARD_MESSAGES.inUse(`${campaign.campaignName} (client)`),
      code: 'IN_USE',
    });
    const standard = await admin.post(`/api/scorecards/${STANDARD_SCORECARD_ID}/retire`);
    expect(standard.status).toBe(409);
    expect(standard.json()).toMatchObject({ message: SCORECARD_MESSAGES.builtInStays, code: 'BUILT_IN' });
    const draft = await createDraft(admin);
    expect((await admin.post(`/api/scorecards/${draft.id}/retire`)).status).toBe(409);

    await chooseScorecards(admin, campaign.campaignName, STANDARD_SCORECARD_ID, STANDARD_SCORECARD_ID);
    const retired = await admin.post(`/api/scorecards/${used.id}/retire`);
    expect(retired.status, retired.text).toBe(200);
    expect(retired.json()).toMatchObject({ state: 'retired', retiredAt: expect.any(String) });
    const twice = await admin.post(`/api/scorecards/${used.id}/retire`);
    expect(twice.json()).toMatchObject({ message: SCORECARD_MESSAGES.alreadyRetired });
    const edit = await admin.put(`/api/scorecards/${used.id}`, smallDefinition());
    expect(edit.json()).toMatchObject({ message: SCORECARD_MESSAGES.retiredCannotChange });
    expect((await admin.post(`/api/scorecards/${used.id}/publish`)).json()).toMatchObject({
      message: SCORECARD_MESSAGES.onlyDraftsPublish,
    });
    const entries = await auditEntries(t.db, 'scorecard', used.id);
    expect(entries.at(-1)!.changes).toMatchObject({ after: { state: 'retired' } });
  });

  it('makes one draft of two copies sent at once, and one scorecard of two creates of one name', async () => {
    const admin = await t.callerFor('admin');
    const v1 = await createPublished(admin);
    const copies = await Promise.all([0, 1].map(() => admin.post('/api/scorecards', { copyOf: v1.id })));
    expect(copies.map((r) => r.status).sort()).toEqual([200, 409]);
    const body = smallDefinition();
    const creates = await Promise.all([0, 1].map(() => admin.post('/api/scorecards', body)));
    expect(creates.map((r) => r.status).sort()).toEqual([200, 409]);
    const named = await t.db.selectFrom('scorecards').select('id').where('name', '=', body.name).execute();
    expect(named).toHaveLength(1);
  });

  it('refuses a new version of the built-in "Standard"; a copy under another name is a scorecard of its own', async () => {
    const admin = await t.callerFor('admin');
    const refused = await admin.post('/api/scorecards', { copyOf: STANDARD_SCORECARD_ID });
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'BUILT_IN',
      message:
        'The built-in "Standard" scorecard is the spec\'s and does not change: copy it into a scorecard of your own',
    });
    const copy = await createDraft(admin, {
      ...STANDARD_SCORECARD,
      name: uniqueName('Standard for Bank'),
      passMark: 75,
    });
    expect(copy).toMatchObject({ version: 1, builtIn: false, passMark: 75 });
    expect(copy.scorecardId).not.toBe(STANDARD_SCORECARD_ID);
    expect(
      await t.db.selectFrom('scorecards').select('id').where('scorecardId', '=', STANDARD_SCORECARD_ID).execute(),
    ).toEqual([{ id: STANDARD_SCORECARD_ID }]);
  });
});
