import { describe, expect, it } from 'vitest';
import {
  qcGrade,
  qcTotal,
  type TAgentQcRecord,
  type TAgentReview,
  type TPaged,
  type TQcRecord,
  type TQcScores,
} from '@crm/shared';
import { useTestApp } from '../test/harness.ts';
import { DEMO_USERS, seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo data of quality control', () => {
  it('holds a month of scored calls by both inspectors, client scorings, the recordings linked, and open and resolved concerns', async () => {
    const recording = {
      date: '2026-11-20',
      fileName: '20261120-101500_8801711000001_AG-1002-all.wav',
      phoneNumber: '+8801711000001',
      agentId: 'AG-1002',
      durationSeconds: 7,
    };
    await seedDemo(t.db, [recording]);
    await seedDemo(t.db, [recording]);
    // Spring Survey's, on the built-in Standard (Customer Care's own scorecard: demo/scorecards.test.ts).
    const rows = await t.db.selectFrom('qcRecords').selectAll().where('scorecardId', '=', 1).execute();
    const inHouse = rows.filter((r) => r.kind === 'in-house');
    expect(new Set(inHouse.map((r) => r.callDate)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(inHouse.map((r) => r.agentId)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.qcInspector))).toEqual(new Set(['qc.rahman', 'qc.sultana']));
    expect(rows.some((r) => r.kind === 'client')).toBe(true);
    for (const r of rows) {
      expect(r.total).toBe(qcTotal(r as unknown as TQcScores));
      expect(r.agentGrade).toBe(qcGrade(r.total));
    }
    expect(new Set(inHouse.map((r) => r.agentGrade)).size).toBeGreaterThanOrEqual(3);

    const linked = await t.db
      .selectFrom('qcRecordFiles')
      .innerJoin('qcRecords', 'qcRecords.id', 'qcRecordFiles.qcRecordId')
      .select(['fileName', 'callDate', 'agentId', 'duration'])
      .execute();
    expect(linked).toEqual([{ fileName: recording.fileName, callDate: '2026-11-20', agentId: 'AG-1002', duration: 7 }]);

    const reviews = await t.db.selectFrom('agentReviews').selectAll().execute();
    expect(reviews.some((r) => r.raiseConcern && !r.isResolved)).toBe(true);
    expect(reviews.some((r) => r.raiseConcern && r.isResolved)).toBe(true);
    expect(reviews.some((r) => !r.raiseConcern)).toBe(true);

    // What the screens show: the demo inspector's records and open flags, the demo agent's records.
    const qcUser = DEMO_USERS.find((u) => u.role === 'qc');
    const agentUser = DEMO_USERS.find((u) => u.role === 'agent');
    if (!qcUser || !agentUser) throw new Error('demo users missing');
    const inspector = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', qcUser.username)
      .executeTakeFirstOrThrow();
    const qc = await t.as({ ...inspector, password: qcUser.password });
    const list = (await qc.get('/api/qcReport/getqcreportbyqcinspector?size=10')).json<TPaged<TQcRecord>>();
    expect(list.recordCount).toBeGreaterThan(10);
    expect(list.response.content.every((r) => r.qcInspector === qcUser.username)).toBe(true);
    const flags = (await qc.get('/api/qcReport/get-agent-reviews')).json<TAgentReview[]>();
    expect(flags.length).toBeGreaterThan(0);
    const agentRow = await t.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', agentUser.username)
      .executeTakeFirstOrThrow();
    const agent = await t.as({ ...agentRow, password: agentUser.password }, { campaign: 'Spring Survey' });
    const own = (await agent.get('/api/qcReport/list-of-qc-records-by-agent-id')).json<TAgentQcRecord[]>();
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.agentId === agentUser.username)).toBe(true);
  });
});
