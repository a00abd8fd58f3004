// PUT editqc with applyToClient (docs/qc-records.md, Applying an edit to the client record): exactly the fields the
// edit changed land on the client record of the call, in one transaction, audited; a stale client record refuses all.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  QC_MESSAGES,
  REFUSAL_CODES,
  ZScorecardDefinition,
  type TQcClientRecord,
  type TQcRecord,
  type TQcRecordEditReply,
  type TScorecardDefinitionInput,
} from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import {
  addClientRecord,
  addRecord,
  clientScorecard,
  qcWorld,
  scorecard,
  type QcWorld,
} from '../../test/qc-support.ts';

const t = useTestApp();

/** An in-house record and the client record of the same call (its own number), both by inspector A. */
async function pair(w: QcWorld, number: string) {
  const inHouse = await addRecord(w.qcA, scorecard(w, { consumerNumber: number, suggestion: 'Slow down' }));
  // The client read Taking Permission differently: a field the edit does not touch stays the client's.
  const client = await addClientRecord(
    w.qcA,
    clientScorecard(w, { consumerNumber: number, takingPermissionMarks: 5, suggestionMarks: 'Slow down' }),
  );
  const read = (await w.qcA.get(`/api/qcReport/getqc/${inHouse.id}`)).json<TQcRecord>();
  return { inHouse: read, client };
}

const getClient = async (w: QcWorld, id: number) =>
  (await w.admin.get(`/api/qcReport/getClientQc/${id}`)).json<TQcClientRecord>();

const auditOf = (id: number) =>
  t.db
    .selectFrom('auditLog')
    .select(['action', 'changes', 'actorUsername'])
    .where('objectType', '=', 'qcRecord')
    .where('objectId', '=', String(id))
    .orderBy('id')
    .execute();

describe('PUT /api/qcReport/editqc with applyToClient', () => {
  it('answers 401 signed out and 403 for an agent or another inspector, writing nothing', async () => {
    const w = await qcWorld(t);
    const { inHouse, client } = await pair(w, '01710000001');
    const body = { ...inHouse, pace: 0, applyToClient: true, clientVersion: client.version };
    expect((await t.anonymous.put('/api/qcReport/editqc', body)).status).toBe(401);
    expect((await w.agentApi.put('/api/qcReport/editqc', body)).status).toBe(403);
    const other = await w.qcB.put('/api/qcReport/editqc', body);
    expect([other.status, other.json<{ message: string }>().message]).toEqual([403, QC_MESSAGES.otherInspector]);
    expect((await getClient(w, client.id)).version).toBe(client.version);
  });

  it('names the client record of the call on getqc, or null when the call has none', async () => {
    const w = await qcWorld(t);
    const { inHouse, client } = await pair(w, '01710000002');
    expect(inHouse.clientRecord).toEqual({ id: client.id, version: client.version });
    const alone = await addRecord(w.qcA, scorecard(w, { consumerNumber: '01710000003' }));
    expect((await w.qcA.get(`/api/qcReport/getqc/${alone.id}`)).json<TQcRecord>().clientRecord).toBeNull();
  });

  it('applies exactly the changed marks and texts, rescored, audited on both records; the rest stays the client’s', async () => {
    const w = await qcWorld(t);
    const { inHouse, client } = await pair(w, '01710000004');
    const r = await w.qcA.put('/api/qcReport/editqc', {
      ...inHouse,
      pace: 0,
      suggestion: 'Let the customer finish',
      applyToClient: true,
      clientVersion: client.version,
    });
    expect(r.status, r.text).toBe(200);
    const reply = r.json<TQcRecordEditReply>();
    expect(reply).toMatchObject({ pace: 0, total: 90, suggestion: 'Let the customer finish' });
    expect(reply.appliedToClient).toMatchObject({ criteria: ['pace'], texts: ['suggestion'] });
    expect(reply.appliedToClient?.record).toMatchObject({
      id: client.id,
      version: client.version + 1,
      paceMarks: 0,
      takingPermissionMarks: 5,
      suggestionMarks: 'Let the customer finish',
      total: 85,
      agentGrade: 'Meet Expectation',
    });
    expect(await getClient(w, client.id)).toMatchObject({ paceMarks: 0, takingPermissionMarks: 5, total: 85 });

    const clientAudit = (await auditOf(client.id)).at(-1)!;
    expect(clientAudit).toMatchObject({ action: 'update', actorUsername: w.inspectorA.username });
    expect(clientAudit.changes).toMatchObject({
      note: `Applied from in-house QC record #${inHouse.id}`,
      before: { paceMarks: 10, suggestionMarks: 'Slow down', total: 95 },
      after: { paceMarks: 0, suggestionMarks: 'Let the customer finish', total: 85 },
    });
    expect((await auditOf(inHouse.id)).at(-1)?.changes).toMatchObject({
      note: `Also applied to client QC record #${client.id}`,
      after: { pace: 0 },
    });
  });

  it('an admin may apply it too; without applyToClient the client record is left as it was', async () => {
    const w = await qcWorld(t);
    const { inHouse, client } = await pair(w, '01710000005');
    const off = await w.qcA.put('/api/qcReport/editqc', { ...inHouse, crm: 10 });
    expect(off.status, off.text).toBe(200);
    expect(off.json<TQcRecordEditReply>().appliedToClient).toBeUndefined();
    expect(await getClient(w, client.id)).toMatchObject({ crmMarks: 20, version: client.version });
    const byAdmin = await w.admin.put('/api/qcReport/editqc', {
      ...off.json<TQcRecord>(),
      courtesy: 5,
      applyToClient: true,
      clientVersion: client.version,
    });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    // Only what this edit changed: courtesy, not the crm of the edit before.
    expect(byAdmin.json<TQcRecordEditReply>().appliedToClient?.criteria).toEqual(['courtesy']);
    expect(await getClient(w, client.id)).toMatchObject({ crmMarks: 20, courtesyMarks: 5 });
  });

  it('refuses whole with 409 CLIENT_RECORD_CHANGED when the client record was saved or deleted since it was read', async () => {
    const w = await qcWorld(t);
    const { inHouse, client } = await pair(w, '01710000006');
    const clientEdit = await w.qcB.put('/api/qcReport/edit-Client-Qc', { ...client, greetingsMarks: -5 });
    expect(clientEdit.status).toBe(403);
    expect((await w.admin.put('/api/qcReport/edit-Client-Qc', { ...client, greetingsMarks: -5 })).status).toBe(200);
    const auditRows = (await auditOf(inHouse.id)).length + (await auditOf(client.id)).length;
    const stale = await w.qcA.put('/api/qcReport/editqc', {
      ...inHouse,
      pace: 0,
      applyToClient: true,
      clientVersion: client.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.json()).toMatchObject({ code: REFUSAL_CODES.clientRecordChanged });
    expect(stale.json<{ message: string }>().message).toMatch(
      /^The client QC record of this call was changed by \S+ at .+\. Nothing was saved/,
    );
    const stored = (await w.qcA.get(`/api/qcReport/getqc/${inHouse.id}`)).json<TQcRecord>();
    expect([stored.pace, stored.version]).toEqual([10, inHouse.version]);
    expect(await getClient(w, client.id)).toMatchObject({ paceMarks: 10, greetingsMarks: -5 });
    expect((await auditOf(inHouse.id)).length + (await auditOf(client.id)).length).toBe(auditRows);

    expect((await w.qcA.delete(`/api/qcReport/deleteClientQc/${client.id}`)).status).toBe(200);
    const gone = await w.qcA.put('/api/qcReport/editqc', {
      ...inHouse,
      pace: 0,
      applyToClient: true,
      clientVersion: client.version + 1,
    });
    expect([gone.status, gone.json()]).toEqual([
      409,
      { message: QC_MESSAGES.noClientRecord, code: REFUSAL_CODES.clientRecordChanged },
    ]);
    expect((await w.qcA.get(`/api/qcReport/getqc/${inHouse.id}`)).json<TQcRecord>().pace).toBe(10);
    const noVersion = await w.qcA.put('/api/qcReport/editqc', { ...inHouse, pace: 0, applyToClient: true });
    expect(noVersion.status).toBe(400);
    expect(noVersion.json<{ message: string }>().message).toContain('clientVersion');
  });
});

const CARD: TScorecardDefinitionInput = {
  name: 'Care form',
  scoringMode: 'points',
  passMark: 50,
  gradeBands: [
    { name: 'Pass', from: 50 },
    { name: 'Fail', from: 0 },
  ],
  sections: [
    {
      name: 'Call',
      criteria: [
        {
          key: 'greet',
          name: 'Greet',
          question: 'Greeted?',
          choices: [
            { label: 'Yes', marks: 40 },
            { label: 'No', marks: 0 },
          ],
        },
        {
          key: 'probe',
          name: 'Probe',
          question: 'Probed?',
          choices: [
            { label: 'Yes', marks: 60 },
            { label: 'No', marks: 0 },
          ],
          commentRequired: true,
        },
      ],
    },
  ],
};

/** A published CARD, the campaign's scorecard for in-house QC and (with `forClient`) client QC. */
async function useCard(w: QcWorld, forClient: boolean): Promise<number> {
  const definition = JSON.stringify(ZScorecardDefinition.parse(CARD));
  const { rows } = await sql<{ id: number }>`
    with v as (select nextval('scorecards_id_seq') as id)
    insert into scorecards (id, scorecard_id, version, name, state, definition, created_by, published_at)
    select v.id, v.id, 1, ${`Care ${String(Math.random()).slice(2, 10)}`}, 'published', ${definition}::jsonb, 'admin', now() from v
    returning id`.execute(t.db);
  const id = rows[0]!.id;
  await sql`insert into campaign_scorecards (campaign_id, in_house_id, client_id, updated_by)
            select id, ${id}, ${forClient ? id : 1}, 'admin' from campaigns where campaign_name = ${w.campaign}`.execute(
    t.db,
  );
  return id;
}

const BEST = [
  { key: 'greet', choice: 'Yes', comment: '' },
  { key: 'probe', choice: 'Yes', comment: '' },
];

function cardCall(w: QcWorld, number: string) {
  const { callDate, agentId, campaignName, duration } = scorecard(w);
  return { callDate, agentId, campaignName, duration, consumerNumber: number };
}

describe('applyToClient on records of another scorecard', () => {
  it('applies a changed choice and its comment, scored on the client record’s version', async () => {
    const w = await qcWorld(t);
    const id = await useCard(w, true);
    const inHouse = await addRecord(w.qcA, { ...cardCall(w, '01710000007'), scorecard: { id, marks: BEST } } as never);
    const client = await addClientRecord(w.qcA, {
      ...cardCall(w, '01710000007'),
      scorecard: { id, marks: BEST },
    } as never);
    const r = await w.qcA.put('/api/qcReport/editqc', {
      id: inHouse.id,
      version: inHouse.version,
      scorecard: { id, marks: [BEST[0], { key: 'probe', choice: 'No', comment: 'Never asked why' }] },
      applyToClient: true,
      clientVersion: client.version,
    });
    expect(r.status, r.text).toBe(200);
    const applied = r.json<TQcRecordEditReply>().appliedToClient!;
    expect([applied.criteria, applied.texts]).toEqual([['probe'], []]);
    expect(applied.record).toMatchObject({ total: 40, agentGrade: 'Fail' });
    const probe = (await getClient(w, client.id)).scorecard?.criteria.find((c) => c.key === 'probe');
    expect([probe?.choice, probe?.comment]).toEqual(['No', 'Never asked why']);
  });

  it('refuses whole (400 INVALID_VALUE applyToClient) when the client record’s scorecard lacks a changed criterion', async () => {
    const w = await qcWorld(t);
    const id = await useCard(w, false);
    const inHouse = await addRecord(w.qcA, { ...cardCall(w, '01710000008'), scorecard: { id, marks: BEST } } as never);
    const client = await addClientRecord(w.qcA, clientScorecard(w, { consumerNumber: '01710000008' }));
    const r = await w.qcA.put('/api/qcReport/editqc', {
      id: inHouse.id,
      version: inHouse.version,
      scorecard: { id, marks: [{ key: 'greet', choice: 'No', comment: '' }, BEST[1]] },
      applyToClient: true,
      clientVersion: client.version,
    });
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ code: REFUSAL_CODES.invalidValue, field: 'applyToClient' });
    expect(r.json<{ message: string }>().message).toContain('"greet"');
    const stored = (await w.qcA.get(`/api/qcReport/getqc/${inHouse.id}`)).json<TQcRecord>();
    expect([stored.version, stored.total]).toEqual([inHouse.version, 100]);
    expect((await getClient(w, client.id)).version).toBe(client.version);
  });
});
