// Comments on a QC record: on a moment of the recording and on a criterion of its scorecard version; written and
// removed by the record's inspector or an admin, read by them and by the record's agent only.
import { describe, expect, it } from 'vitest';
import {
  QC_MESSAGES,
  QC_RECORD_COMMENT_MAX,
  type TAgentQcRecord,
  type TAuditHistory,
  type TQcRecordComment,
} from '@crm/shared';
import { useTestApp, type Caller } from '../../test/harness.ts';
import { addClientRecord, addRecord, clientScorecard, qcWorld, scorecard } from '../../test/qc-support.ts';
import { threeSectionRecord, useThreeSectionCard } from '../../test/disputes-support.ts';

const t = useTestApp();

async function comment(api: Caller, id: number, body: object): Promise<TQcRecordComment> {
  const r = await api.post(`/api/qc-records/${id}/comments`, body);
  expect(r.status, r.text).toBe(200);
  return r.json<TQcRecordComment>();
}

async function comments(api: Caller, id: number): Promise<TQcRecordComment[]> {
  const r = await api.get(`/api/qc-records/${id}/comments`);
  expect(r.status, r.text).toBe(200);
  return r.json<TQcRecordComment[]>();
}

describe('comments on a QC record', () => {
  it('answers 401 without a session, 403 to other agents and inspectors, and lets only the inspector and admins write', async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w));
    const url = `/api/qc-records/${record.id}/comments`;
    expect((await t.anonymous.get(url)).status).toBe(401);
    expect((await t.anonymous.post(url, { text: 'x' })).status).toBe(401);
    const other = await w.otherAgentApi.get(url);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: QC_MESSAGES.otherAgent });
    expect((await w.qcB.get(url)).status).toBe(403);
    expect((await w.qcB.post(url, { text: 'Not mine' })).status).toBe(403);
    expect((await w.agentApi.post(url, { text: 'Mine, but agents only read' })).status).toBe(403);
    expect(
      await t.db.selectFrom('qcRecordComments').select('id').where('qcRecordId', '=', record.id).execute(),
    ).toEqual([]);
    expect((await w.agentApi.get(url)).status).toBe(200);
    // A client record is not the agent's to see.
    const client = await addClientRecord(w.qcA, clientScorecard(w));
    expect((await w.agentApi.get(`/api/qc-records/${client.id}/comments`)).status).toBe(403);
    expect((await w.qcA.get(`/api/qc-records/${client.id}/comments`)).status).toBe(200);
    const unknown = await w.admin.get('/api/qc-records/999999/comments');
    expect(unknown.status).toBe(404);
  });

  it('stores a timeline comment on a criterion and comments of the inspector and an admin; the agent reads them', async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w, { greetings: -5 }));
    const general = await comment(w.admin, record.id, { text: '  Good recovery overall  ' });
    const timed = await comment(w.qcA, record.id, {
      atSeconds: 12.345,
      criterionKey: 'greetings',
      text: 'No greeting here',
    });
    expect(timed).toMatchObject({
      qcRecordId: record.id,
      atSeconds: 12.35,
      criterionKey: 'greetings',
      criterionName: 'Greetings',
      text: 'No greeting here',
      authorName: w.inspectorA.name,
    });
    expect(Date.parse(timed.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const onCriterion = await comment(w.qcA, record.id, { criterionKey: 'crm', text: 'Ask Q3 in order' });
    const early = await comment(w.qcA, record.id, { atSeconds: 3, text: 'Pause before the script' });
    expect(general).toMatchObject({
      atSeconds: null,
      criterionKey: null,
      criterionName: null,
      text: 'Good recovery overall',
    });
    expect(onCriterion.criterionName).toBe('CRM');

    // The timeline's first, by moment; then the others, oldest first. The agent reads the same.
    const order = [early.id, timed.id, general.id, onCriterion.id];
    expect((await comments(w.qcA, record.id)).map((c) => c.id)).toEqual(order);
    expect((await comments(w.agentApi, record.id)).map((c) => c.id)).toEqual(order);
    expect((await comments(w.admin, record.id)).map((c) => c.id)).toEqual(order);

    // The agent's QC Review shows them on its own record only.
    const mine = (await w.agentApi.get('/api/qcReport/list-of-qc-records-by-agent-id')).json<TAgentQcRecord[]>();
    expect(mine.find((r) => r.id === record.id)?.comments?.map((c) => c.id)).toEqual(order);
    const others = (await w.otherAgentApi.get('/api/qcReport/list-of-qc-records-by-agent-id')).json<TAgentQcRecord[]>();
    expect(others).toEqual([]);

    const history = (await w.admin.get(`/api/audit/qcRecord/${record.id}`)).json<TAuditHistory>();
    expect(history.filter((h) => h.objectType === 'review').map((h) => h.changes?.note)).toEqual([
      `comment ${general.id}`,
      `comment ${timed.id}`,
      `comment ${onCriterion.id}`,
      `comment ${early.id}`,
    ]);
  });

  it('refuses a moment past the recording, a criterion not of the version, and blank or long text', async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w, { duration: 95 }));
    const url = `/api/qc-records/${record.id}/comments`;
    const past = await w.qcA.post(url, { atSeconds: 95.5, text: 'After the end' });
    expect(past.status).toBe(400);
    expect(past.body).toEqual({
      message: "atSeconds must be within the recording's 95 seconds",
      code: 'INVALID_VALUE',
      field: 'atSeconds',
    });
    expect((await w.qcA.post(url, { atSeconds: 95, text: 'At the very end' })).status).toBe(200);
    const unknown = await w.qcA.post(url, { criterionKey: 'listen', text: 'Not on Standard' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'INVALID_VALUE', field: 'criterionKey' });
    expect(unknown.json<{ message: string }>().message).toMatch(
      /"listen" is not a criterion of the scorecard "Standard"/,
    );
    expect((await w.qcA.post(url, { atSeconds: -1, text: 'Before the start' })).status).toBe(400);
    expect((await w.qcA.post(url, { text: '   ' })).status).toBe(400);
    expect((await w.qcA.post(url, { text: 'x'.repeat(QC_RECORD_COMMENT_MAX + 1) })).status).toBe(400);
    expect((await w.qcA.post(url, { text: 'x'.repeat(QC_RECORD_COMMENT_MAX) })).status).toBe(200);
    expect((await w.qcA.post('/api/qc-records/999999/comments', { text: 'Nowhere' })).status).toBe(404);
  });

  it("takes the keys of the record's own scorecard version, with their names", async () => {
    const w = await qcWorld(t);
    const version = await useThreeSectionCard(w, 'Comments card');
    const record = await threeSectionRecord(w, version);
    const listen = await comment(w.qcA, record.id, { atSeconds: 40, criterionKey: 'listen', text: 'Interrupted' });
    expect(listen.criterionName).toBe('Active listening');
    const standard = await w.qcA.post(`/api/qc-records/${record.id}/comments`, {
      criterionKey: 'greetings',
      text: 'x',
    });
    expect(standard.status).toBe(400);
    expect(standard.body).toMatchObject({ code: 'INVALID_VALUE', field: 'criterionKey' });
  });

  it("deletes a comment: the record's inspector or an admin, whoever wrote it; 404 for one not on the record", async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w));
    const other = await addRecord(w.qcA, scorecard(w));
    const byAdmin = await comment(w.admin, record.id, { atSeconds: 5, text: 'From the admin' });
    const byInspector = await comment(w.qcA, record.id, { text: 'From the inspector' });
    const url = (id: number) => `/api/qc-records/${record.id}/comments/${id}`;
    expect((await t.anonymous.delete(url(byAdmin.id))).status).toBe(401);
    expect((await w.agentApi.delete(url(byAdmin.id))).status).toBe(403);
    expect((await w.qcB.delete(url(byAdmin.id))).status).toBe(403);
    expect((await w.qcA.delete(`/api/qc-records/${other.id}/comments/${byAdmin.id}`)).status).toBe(404);
    expect((await w.qcA.delete(url(byAdmin.id))).status).toBe(200);
    expect((await w.qcA.delete(url(byAdmin.id))).status).toBe(404);
    expect((await w.admin.delete(url(byInspector.id))).status).toBe(200);
    expect(await comments(w.agentApi, record.id)).toEqual([]);
    const history = (await w.admin.get(`/api/audit/qcRecord/${record.id}`)).json<TAuditHistory>();
    expect(history.at(-2)).toMatchObject({
      objectType: 'review',
      action: 'delete',
      changes: { before: { text: 'From the admin', atSeconds: 5 }, note: `comment ${byAdmin.id}` },
    });
  });
});
