// Lists the older client reads whole answer at most their cap, newest first, and say so in their headers
// (docs/older-client.md, docs/api.md Pages).
import { describe, expect, it } from 'vitest';
import { createUser, useTestApp } from '../test/harness.ts';
import { insertRecords } from '../test/qc-reports-support.ts';
import { AGENT_QC_RECORDS_CAP } from '../modules/qc/reviews.ts';
import { QC_PRINT_ROWS_CAP } from '../modules/qc-reports/records.ts';

const t = useTestApp();

describe('capped lists', () => {
  it("answers an agent's newest QC records up to the cap, and names the truncation in its headers", async () => {
    const inspector = await createUser(t.db, { role: 'qc' });
    await insertRecords(t.db, { count: AGENT_QC_RECORDS_CAP + 5, callDate: '2024-03-01', inspector, agents: 1 });
    await insertRecords(t.db, { count: 3, callDate: '2024-03-02', inspector, agents: 1 });
    const admin = await t.callerFor('admin');
    const r = await admin.get('/api/qcReport/list-of-qc-records-by-agent-id?agentId=agent000');
    expect(r.status).toBe(200);
    const rows = r.json<{ id: number; callDate: string }[]>();
    expect(rows).toHaveLength(AGENT_QC_RECORDS_CAP);
    // The newest first: the three of the later day lead.
    expect(rows.slice(0, 4).map((row) => row.callDate)).toEqual([
      '2024-03-02',
      '2024-03-02',
      '2024-03-02',
      '2024-03-01',
    ]);
    expect(r.headers['x-result-truncated']).toBe('true');
    expect(r.headers['x-total-count']).toBe(String(AGENT_QC_RECORDS_CAP + 8));
    expect(r.headers['x-result-limit']).toBe(String(AGENT_QC_RECORDS_CAP));
  });

  it('says nothing was cut when the list is under its cap', async () => {
    const inspector = await createUser(t.db, { role: 'qc' });
    await insertRecords(t.db, { count: 4, callDate: '2024-03-03', inspector, agents: 1 });
    await t.db.updateTable('qcRecords').set({ agentId: 'agent-few' }).where('callDate', '=', '2024-03-03').execute();
    const admin = await t.callerFor('admin');
    const r = await admin.get('/api/qcReport/list-of-qc-records-by-agent-id?agentId=agent-few');
    expect(r.status).toBe(200);
    expect(r.json<unknown[]>()).toHaveLength(4);
    expect(r.headers['x-total-count']).toBe('4');
    expect(r.headers['x-result-truncated']).toBeUndefined();
  });

  it("caps the day's print JSON and names the truncation", async () => {
    const inspector = await createUser(t.db, { role: 'qc' });
    await insertRecords(t.db, {
      count: QC_PRINT_ROWS_CAP + 2,
      callDate: '2024-03-04',
      inspector,
      agents: 3,
      suggestionLength: 1,
    });
    const api = await t.as(inspector);
    const r = await api.get('/api/qcReport/get-all-qc-records-in-house-for-excel-print?date=2024-03-04');
    expect(r.status).toBe(200);
    expect(r.json<unknown[]>()).toHaveLength(QC_PRINT_ROWS_CAP);
    expect(r.headers['x-result-truncated']).toBe('true');
    expect(r.headers['x-total-count']).toBe(String(QC_PRINT_ROWS_CAP + 2));
  });
});
