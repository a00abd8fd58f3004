import { mkdtempSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QC_MESSAGES, type TPaged, type TQcClientRecord, type TQcRecord } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { toneWav, writeRecordings } from '../../test/test-audio.ts';
import { addClientRecord, addRecord, clientScorecard, qcWorld, scorecard } from '../../test/qc-support.ts';

const recordingsDir = mkdtempSync(path.join(os.tmpdir(), 'crm-qc-recordings-'));
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));
// The recordings these tests link: a link must name a file of the record's call date and number (files.test.ts).
const RECORDING = '20261120-101500_8801712345678_AG1-all.wav';
const OTHER_RECORDING = '20261120-111500_01712345678_AG2-all.wav';
beforeAll(async () => {
  await writeRecordings(recordingsDir, '2026-11-20', { [RECORDING]: toneWav(1), [OTHER_RECORDING]: toneWav(1) });
});
const countRecords = async () =>
  Number(
    (
      await t.db
        .selectFrom('qcRecords')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /api/qcReport/add and /addforclient', () => {
  it('computes total and grade itself, fills the agent name, records the inspector and stores the number normalised', async () => {
    const w = await qcWorld(t);
    const sent = {
      ...scorecard(w, { liveliness: 5, crm: 10, consumerNumber: '+88 017-1234-5678' }),
      total: 100,
      agentGrade: 'Exceed Expectation',
      qcInspector: 'someone-else',
      agentName: 'Wrong Name',
    };
    const r = await addRecord(w.qcA, sent);
    expect(r).toMatchObject({
      total: 85,
      agentGrade: 'Meet Expectation',
      agentName: 'Rina Akter',
      agentId: w.agent.username,
      qcInspector: w.inspectorA.username,
      consumerNumber: '+8801712345678',
      callDate: '2026-11-20',
      campaignName: w.campaign,
      duration: 95,
      liveliness: 5,
      crm: 10,
      fileName: null,
    });
    const stored = await t.db.selectFrom('qcRecords').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      kind: 'in-house',
      total: 85,
      agentGrade: 'Meet Expectation',
      agentUserId: w.agent.id,
      qcInspectorId: w.inspectorA.id,
    });
  });

  it('grades at the band edges: 90 Exceed, 85 and 80 Meet, 75 and 70 Average, 65 Below, fatal Below', async () => {
    const w = await qcWorld(t);
    const cases = [
      { scores: { liveliness: 0 }, total: 90, grade: 'Exceed Expectation' },
      { scores: { liveliness: 5 }, total: 95, grade: 'Exceed Expectation' },
      { scores: { liveliness: 0, pace: 5 }, total: 85, grade: 'Meet Expectation' },
      { scores: { liveliness: 0, pace: 0 }, total: 80, grade: 'Meet Expectation' },
      { scores: { liveliness: 0, pace: 0, pitch: 5 }, total: 75, grade: 'Average Expectation' },
      { scores: { crm: 0, closing: -5, greetings: -5 }, total: 70, grade: 'Average Expectation' },
      { scores: { crm: 0, closing: -5, greetings: -5, holdProcess: -5 }, total: 65, grade: 'Below Expectation' },
      { scores: { fatal: -100 }, total: 0, grade: 'Below Expectation' },
    ] as const;
    for (const c of cases) {
      const r = await addRecord(w.qcA, scorecard(w, c.scores));
      expect([r.total, r.agentGrade], JSON.stringify(c.scores)).toEqual([c.total, c.grade]);
    }
  });

  it("refuses a mark outside its criterion's scale or a missing one, naming the criterion, and stores nothing", async () => {
    const w = await qcWorld(t);
    const before = await countRecords();
    const bad = await w.qcA.post('/api/qcReport/add', scorecard(w, { liveliness: 7 }));
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(
      'Liveliness must be one of Yes (10), Need Improvement (5), No (0)',
    );
    const fatal = await w.qcA.post('/api/qcReport/add', scorecard(w, { fatal: -50 }));
    expect(fatal.json<{ message: string }>().message).toContain('Fatal must be one of Yes (-100), No (0)');
    const { crm: _dropped, ...withoutCrm } = scorecard(w);
    const missing = await w.qcA.post('/api/qcReport/add', withoutCrm);
    expect(missing.status).toBe(400);
    expect(missing.json<{ message: string }>().message).toContain('CRM must be one of');
    const client = await w.qcA.post(
      '/api/qcReport/addforclient',
      clientScorecard(w, { poorObjectionAndNegotiationSkillMarks: -15 }),
    );
    expect(client.status).toBe(400);
    expect(client.json<{ message: string }>().message).toContain(
      'Poor objection & Negotiation skill must be one of Yes (0), Need Improvement (-10), No (-20)',
    );
    expect(await countRecords()).toBe(before);
  });

  it('answers 400 for an unknown agent, an unknown campaign, a number that is not one and a date that is not a day', async () => {
    const w = await qcWorld(t);
    const before = await countRecords();
    const cases = [
      [{ agentId: 'NOPE-1' }, 'No agent with agentId "NOPE-1"'],
      [{ campaignName: 'No Such Campaign' }, 'No campaign named "No Such Campaign"'],
      [{ consumerNumber: 'abc' }, '"abc" is not a phone number'],
      [{ callDate: '2026-02-30' }, 'callDate must be a date written yyyy-MM-dd'],
      [{ duration: 2.5 }, 'duration must be whole seconds'],
    ] as const;
    for (const [overrides, message] of cases) {
      const r = await w.qcA.post('/api/qcReport/add', scorecard(w, overrides));
      expect(r.status, message).toBe(400);
      expect(r.json<{ message: string }>().message).toContain(message);
    }
    expect(await countRecords()).toBe(before);
  });

  it('keeps client records apart, under the Marks-suffixed names', async () => {
    const w = await qcWorld(t);
    const client = await addClientRecord(
      w.qcA,
      clientScorecard(w, { crmMarks: 10, suggestionMarks: 'Remark for the client' }),
    );
    expect(client).toMatchObject({
      total: 90,
      agentGrade: 'Exceed Expectation',
      crmMarks: 10,
      suggestionMarks: 'Remark for the client',
      easVoiceMatchedWithReportMarks: 'yes',
    });
    expect(client).not.toHaveProperty('crm');
    const read = await w.qcA.get(`/api/qcReport/getClientQc/${client.id}`);
    expect(read.json<TQcClientRecord>().crmMarks).toBe(10);
    expect((await w.qcA.get(`/api/qcReport/getqc/${client.id}`)).status).toBe(404);
  });
});

describe('editing, reading and deleting QC records', () => {
  it('recomputes total and grade on edit and leaves the call, agent and inspector as they were', async () => {
    const w = await qcWorld(t);
    const r = await addRecord(w.qcA, scorecard(w));
    const edited = await w.qcA.put('/api/qcReport/editqc', {
      ...r,
      crm: 0,
      courtesy: 5,
      total: 100,
      agentGrade: 'Exceed Expectation',
      callDate: '2020-01-01',
      qcInspector: 'x',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json<TQcRecord>()).toMatchObject({
      total: 75,
      agentGrade: 'Average Expectation',
      callDate: '2026-11-20',
      qcInspector: w.inspectorA.username,
      crm: 0,
      courtesy: 5,
    });
    const c = await addClientRecord(w.qcA, clientScorecard(w));
    const clientEdit = await w.qcA.put('/api/qcReport/edit-Client-Qc', {
      ...c,
      fatalMarks: -100,
      fatalReasonMarks: 'Rude to the customer',
    });
    expect(clientEdit.json<TQcClientRecord>()).toMatchObject({
      total: 0,
      agentGrade: 'Below Expectation',
      fatalReasonMarks: 'Rude to the customer',
    });
    const bad = await w.qcA.put('/api/qcReport/editqc', { ...r, pitch: 3 });
    expect(bad.status).toBe(400);
    expect((await w.qcA.get(`/api/qcReport/getqc/${r.id}`)).json<TQcRecord>().pitch).toBe(10);
  });

  it("refuses an inspector another inspector's records (read, edit, delete); an admin may", async () => {
    const w = await qcWorld(t);
    const r = await addRecord(w.qcA, scorecard(w));
    const forbidden = [
      await w.qcB.get(`/api/qcReport/getqc/${r.id}`),
      await w.qcB.put('/api/qcReport/editqc', { ...r, crm: 0 }),
      await w.qcB.delete(`/api/qcReport/deleteQc/${r.id}`),
      await w.qcB.post('/api/qcReport/add-qc-report-file', { qcReport: { id: r.id }, fileName: 'call.wav' }),
    ];
    for (const f of forbidden) {
      expect(f.status).toBe(403);
      expect(f.body).toEqual({ message: QC_MESSAGES.otherInspector });
    }
    expect((await w.qcA.get(`/api/qcReport/getqc/${r.id}`)).json<TQcRecord>().crm).toBe(20);
    expect((await w.admin.put('/api/qcReport/editqc', { ...r, crm: 10 })).json<TQcRecord>().total).toBe(90);
    expect((await w.admin.delete(`/api/qcReport/deleteQc/${r.id}`)).status).toBe(200);
    expect((await w.qcA.get(`/api/qcReport/getqc/${r.id}`)).status).toBe(404);
  });

  it('deletes a record with its recording links and its review, and answers 404 for one that is gone', async () => {
    const w = await qcWorld(t);
    const r = await addRecord(w.qcA, scorecard(w));
    expect(
      (await w.qcA.post('/api/qcReport/add-qc-report-file', { qcReport: { id: r.id }, fileName: RECORDING })).status,
    ).toBe(200);
    expect(
      (
        await w.agentApi.post('/api/qcReport/submit', {
          qcId: r.id,
          agreed: 'No',
          raiseConcern: true,
          comment: 'Not me',
        })
      ).status,
    ).toBe(200);
    const del = await w.qcA.delete(`/api/qcReport/deleteQc/${r.id}`);
    expect(del.status).toBe(200);
    expect(await t.db.selectFrom('qcRecordFiles').select('id').where('qcRecordId', '=', r.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('agentReviews').select('id').where('qcId', '=', r.id).execute()).toEqual([]);
    expect((await w.qcA.delete(`/api/qcReport/deleteQc/${r.id}`)).status).toBe(404);
  });
});

describe('QC record lists', () => {
  it('pages for real, newest call first, an inspector seeing only its own whatever username it names', async () => {
    const w = await qcWorld(t);
    const mine = [];
    for (let day = 1; day <= 12; day += 1)
      mine.push(await addRecord(w.qcA, scorecard(w, { callDate: `2026-10-${String(day).padStart(2, '0')}` })));
    await addRecord(w.qcB, scorecard(w, { callDate: '2026-10-30' }));
    const page0 = (await w.qcA.get('/api/qcReport/getqcreportbyqcinspector?page=0&size=10')).json<TPaged<TQcRecord>>();
    expect(page0.recordCount).toBe(12);
    expect(page0.response.totalPages).toBe(2);
    expect(page0.response.content.map((r) => r.callDate)[0]).toBe('2026-10-12');
    const page1 = (
      await w.qcA.get(`/api/qcReport/getqcreportbyqcinspector/1/10?username=${w.inspectorA.username}`)
    ).json<TPaged<TQcRecord>>();
    expect(page1.response.content.map((r) => r.id)).toEqual([mine[1]?.id, mine[0]?.id]);
    const other = await w.qcA.get(`/api/qcReport/getqcreportbyqcinspector?username=${w.inspectorB.username}`);
    expect(other.status).toBe(403);
    const byDate = (await w.qcA.get('/api/qcReport/getqcreportbyqcinspector?date=2026-10-05')).json<
      TPaged<TQcRecord>
    >();
    expect(byDate.response.content.map((r) => r.id)).toEqual([mine[4]?.id]);
  });

  it("gives an admin every inspector's records, one inspector's by username, and searches", async () => {
    const w = await qcWorld(t);
    const a = await addRecord(w.qcA, scorecard(w, { consumerNumber: '01811111111' }));
    const b = await addRecord(w.qcB, scorecard(w, { agentId: w.otherAgent.username, consumerNumber: '01822222222' }));
    const all = (await w.admin.get('/api/qcReport/getqcreportbyqcinspector?size=100')).json<TPaged<TQcRecord>>();
    expect(all.response.content.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const onlyB = (
      await w.admin.get(`/api/qcReport/getqcreportbyqcinspector?size=100&username=${w.inspectorB.username}`)
    ).json<TPaged<TQcRecord>>();
    expect(onlyB.response.content.map((r) => r.id)).toEqual([b.id]);
    const search = (await w.admin.get('/api/qcReport/getqcreportbyqcinspector?size=100&search=Sabbir')).json<
      TPaged<TQcRecord>
    >();
    expect(search.response.content.map((r) => r.id)).toEqual([b.id]);
    const byNumber = (await w.admin.get('/api/qcReport/getqcreportbyqcinspector?size=100&search=1811111')).json<
      TPaged<TQcRecord>
    >();
    expect(byNumber.response.content.map((r) => r.id)).toEqual([a.id]);
    const client = (await w.admin.get('/api/qcReport/getQcRecordsClientViewByQcInspector?size=100')).json<
      TPaged<TQcClientRecord>
    >();
    expect(client.response.content.map((r) => r.id)).not.toContain(a.id);
  });

  it('lists the agents an inspector can score; agents and anonymous callers are refused the QC calls', async () => {
    const w = await qcWorld(t);
    const agents = (await w.qcA.get('/api/qcReport/agents')).json<{ agentId: string; name: string }[]>();
    expect(agents).toEqual(expect.arrayContaining([{ agentId: w.agent.username, name: 'Rina Akter' }]));
    for (const [method, url] of [
      ['GET', '/api/qcReport/agents'],
      ['POST', '/api/qcReport/add'],
      ['GET', '/api/qcReport/getqcreportbyqcinspector'],
      ['PUT', '/api/qcReport/editqc'],
    ] as const) {
      expect((await w.agentApi.request(method, url, method === 'GET' ? undefined : {})).status, url).toBe(403);
      expect((await t.anonymous.request(method, url, method === 'GET' ? undefined : {})).status, url).toBe(401);
    }
  });
});

describe('recording links', () => {
  it('links a file once, refuses a path, and shows each caller only the links of records it may see', async () => {
    const w = await qcWorld(t);
    const r = await addRecord(w.qcA, scorecard(w));
    const other = await addRecord(w.qcB, scorecard(w, { agentId: w.otherAgent.username }));
    const body = { qcReport: { id: r.id }, fileName: RECORDING };
    const first = await w.qcA.post('/api/qcReport/add-qc-report-file', body);
    expect(first.json()).toMatchObject({ fileName: body.fileName, qcReport: { id: r.id }, callDate: '2026-11-20' });
    expect((await w.qcA.post('/api/qcReport/add-qc-report-file', body)).json()).toEqual(first.json());
    for (const fileName of ['../secret.wav', '2026-11-20/x.wav', '..\\x.wav']) {
      expect(
        (await w.qcA.post('/api/qcReport/add-qc-report-file', { qcReport: { id: r.id }, fileName })).status,
        fileName,
      ).toBe(400);
    }
    expect(
      (await w.qcB.post('/api/qcReport/add-qc-report-file', { qcReport: { id: other.id }, fileName: OTHER_RECORDING }))
        .status,
    ).toBe(200);
    expect((await w.qcA.get(`/api/qcReport/getqc/${r.id}`)).json<TQcRecord>().fileName).toBe(body.fileName);
    const ids = async (api: typeof w.qcA) =>
      (await api.get('/api/qcReport/all-qc-report-file'))
        .json<{ qcReport: { id: number } }[]>()
        .map((f) => f.qcReport.id);
    expect(await ids(w.qcA)).toEqual([r.id]);
    expect(await ids(w.agentApi)).toEqual([r.id]);
    expect(await ids(w.otherAgentApi)).toEqual([other.id]);
    expect(await ids(w.admin)).toEqual(expect.arrayContaining([r.id, other.id]));
  });
});
