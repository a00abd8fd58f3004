// The agent's QC Review list (issue 37): each record's grade, the criteria where marks were lost, the comments, the
// acknowledgement and the dispute window's end; a keyset page newest first with a date filter, or the older array.
import { describe, expect, it } from 'vitest';
import type { TAgentQcRecord, TAgentQcRecordPage } from '@crm/shared';
import { useTestApp, type Caller } from '../../test/harness.ts';
import { addRecord, qcWorld, scorecard } from '../../test/qc-support.ts';
import { threeSectionRecord, useThreeSectionCard } from '../../test/disputes-support.ts';

const t = useTestApp();
const DAY = 24 * 3600 * 1000;
const LIST = '/api/qcReport/list-of-qc-records-by-agent-id';

async function list(api: Caller, query = ''): Promise<TAgentQcRecord[]> {
  const r = await api.get(`${LIST}${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TAgentQcRecord[]>();
}
async function page(api: Caller, query: string): Promise<TAgentQcRecordPage> {
  const r = await api.get(`${LIST}${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json<TAgentQcRecordPage>();
}

describe("the agent's QC Review list", () => {
  it('adds the grade, the criteria where marks were lost, the comments, the acknowledgement and the dispute window', async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w, { greetings: -5, crm: 10 }));
    const c = await w.qcA.post(`/api/qc-records/${record.id}/comments`, {
      atSeconds: 4,
      criterionKey: 'greetings',
      text: 'No greeting',
    });
    expect(c.status, c.text).toBe(200);
    const [listed] = await list(w.agentApi);
    expect(listed).toMatchObject({
      id: record.id,
      total: 85,
      agentGrade: 'Meet Expectation',
      grade: 'Meet Expectation',
      acknowledgedAt: null,
      acknowledgementComment: null,
    });
    expect(listed?.lostCriteria).toEqual([
      { key: 'greetings', name: 'Greetings', choice: 'No', marks: -5, bestMarks: 0, comment: '' },
      { key: 'crm', name: 'CRM', choice: expect.any(String), marks: 10, bestMarks: 20, comment: '' },
    ]);
    expect(listed?.comments).toEqual([
      expect.objectContaining({
        atSeconds: 4,
        criterionKey: 'greetings',
        criterionName: 'Greetings',
        text: 'No greeting',
      }),
    ]);
    // The dispute window: 7 days from scoring unless the dispute settings say otherwise.
    expect(Date.parse(listed!.disputeUntil!) - Date.parse(listed!.createdAt)).toBe(7 * DAY);
    const set = await w.admin.put('/api/disputes/settings', { disputeWindowDays: 10, answerWindowHours: 48 });
    expect(set.status, set.text).toBe(200);
    const [again] = await list(w.agentApi);
    expect(Date.parse(again!.disputeUntil!) - Date.parse(again!.createdAt)).toBe(10 * DAY);
    // The fields the older client reads are all still there.
    expect(again).toMatchObject({ review: null, suggestion: record.suggestion, greetings: -5, crm: 10 });
  });

  it("names the lost criteria of the record's own scorecard, with their comments; N/A and best marks are no loss", async () => {
    const w = await qcWorld(t);
    const version = await useThreeSectionCard(w, 'Review card');
    const record = await threeSectionRecord(w, version, { greet: 'No' });
    const [listed] = await list(w.agentApi);
    expect(listed?.id).toBe(record.id);
    expect(listed?.lostCriteria).toEqual([
      { key: 'greet', name: 'Greeting', choice: 'No', marks: 0, bestMarks: 10, comment: '' },
      { key: 'listen', name: 'Active listening', choice: 'Fair', marks: 5, bestMarks: 10, comment: 'Paused twice' },
    ]);
    expect(listed?.grade).toBe(record.agentGrade);
  });

  it('pages newest call first by key with a date filter; without paging asks the older array stays', async () => {
    const w = await qcWorld(t);
    const a = await addRecord(w.qcA, scorecard(w, { callDate: '2026-11-10' }));
    const b = await addRecord(w.qcA, scorecard(w, { callDate: '2026-11-12' }));
    const c = await addRecord(w.qcA, scorecard(w, { callDate: '2026-11-12' }));
    const d = await addRecord(w.qcA, scorecard(w, { callDate: '2026-11-15' }));

    const first = await page(w.agentApi, '?size=2');
    expect(first.response.content.map((r) => r.id)).toEqual([d.id, c.id]);
    expect(first).toMatchObject({ recordCount: 4, response: { totalElements: 4, totalPages: 2, size: 2, number: 0 } });
    expect(first.cursors).toEqual({ next: `2026-11-12,${c.id}`, previous: null });
    expect(first.response.content[0]?.lostCriteria).toEqual([]);
    const second = await page(w.agentApi, `?size=2&after=${first.cursors.next}`);
    expect(second.response.content.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(second.cursors).toEqual({ next: null, previous: `2026-11-12,${b.id}` });
    const back = await page(w.agentApi, `?size=2&before=${second.cursors.previous}`);
    expect(back.response.content.map((r) => r.id)).toEqual([d.id, c.id]);
    const last = await page(w.agentApi, '?size=3&last=true');
    expect(last.response.content.map((r) => r.id)).toEqual([a.id]);

    // The date filter, on both forms.
    const narrowed = await page(w.agentApi, '?size=10&startDate=2026-11-11&endDate=2026-11-12');
    expect(narrowed.response.content.map((r) => r.id)).toEqual([c.id, b.id]);
    expect(narrowed.recordCount).toBe(2);
    expect((await list(w.agentApi, '?startDate=2026-11-12')).map((r) => r.id)).toEqual([d.id, c.id, b.id]);

    // The older client's call: the plain array, every record, with the capped list's headers.
    const old = await w.agentApi.get(LIST);
    expect(old.json<TAgentQcRecord[]>().map((r) => r.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect(old.headers['x-total-count']).toBe('4');

    // An admin pages an agent's records the same way; an agent never another's.
    const byAdmin = await page(w.admin, `?agentId=${w.agent.username}&size=1`);
    expect(byAdmin.response.content.map((r) => r.id)).toEqual([d.id]);
    expect((await w.otherAgentApi.get(`${LIST}?agentId=${w.agent.username}&size=1`)).status).toBe(403);
    expect((await page(w.otherAgentApi, '?size=5')).recordCount).toBe(0);
    expect((await w.agentApi.get(`${LIST}?size=2&after=2026-11-12`)).status).toBe(400);
    expect((await w.agentApi.get(`${LIST}?startDate=2026-11-12&endDate=2026-11-11`)).status).toBe(400);
  });
});
