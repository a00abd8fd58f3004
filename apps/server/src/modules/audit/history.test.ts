// A QC record's history on its edit page: its own and its review's entries, oldest first, to its inspector and
// admins only; and the log itself cannot be changed or emptied through the application's database connection.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { QC_MESSAGES, type TAuditEntry } from '@crm/shared';
import { useTestApp } from '../../test/harness.ts';
import { addRecord, qcWorld, scorecard } from '../../test/qc-support.ts';
import { recordAudit, type TAuditActor } from './record.ts';

const t = useTestApp();

const inspector = (username: string): TAuditActor => ({ userId: null, username, role: 'QC', ip: '10.0.0.9' });

describe('GET /api/audit/qcRecord/{id}', () => {
  it("shows the record's and its review's entries, oldest first, to its inspector and to admins", async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w));
    const other = await addRecord(w.qcA, scorecard(w));
    const actor = inspector(w.inspectorA.username);
    await recordAudit(t.db, actor, {
      action: 'update',
      objectType: 'qcRecord',
      objectId: record.id,
      changes: { before: { crm: 20 }, after: { crm: 10 } },
    });
    await recordAudit(t.db, actor, {
      action: 'update',
      objectType: 'qcRecord',
      objectId: other.id,
      changes: { before: { crm: 20 }, after: { crm: 0 } },
    });
    await recordAudit(t.db, actor, {
      action: 'resolve',
      objectType: 'review',
      objectId: record.id,
      changes: { after: { isResolved: true } },
    });
    // Same id, another kind of object: not this record's history.
    await recordAudit(t.db, actor, { action: 'update', objectType: 'campaign', objectId: record.id, changes: {} });

    const r = await w.qcA.get(`/api/audit/qcRecord/${record.id}`);
    expect(r.status, r.text).toBe(200);
    const history = r.json<TAuditEntry[]>();
    expect(
      history.every((e) => e.objectId === String(record.id) && ['qcRecord', 'review'].includes(e.objectType)),
    ).toBe(true);
    expect(history.map((e) => e.id)).toEqual([...history.map((e) => e.id)].sort((a, b) => a - b));
    const mine = history.filter((e) => e.action !== 'create');
    expect(mine.map((e) => [e.objectType, e.action, e.changes])).toEqual([
      ['qcRecord', 'update', { before: { crm: 20 }, after: { crm: 10 } }],
      ['review', 'resolve', { after: { isResolved: true } }],
    ]);
    expect(mine[0]).toMatchObject({ actorUsername: w.inspectorA.username, actorRole: 'QC' });
    // An inspector is not shown where changes came from; an admin is.
    expect(history.every((e) => e.ip === null)).toBe(true);
    const asAdmin = await w.admin.get(`/api/audit/qcRecord/${record.id}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json<TAuditEntry[]>().find((e) => e.action === 'resolve')?.ip).toBe('10.0.0.9');
  });

  it("refuses another inspector's record and agents, and answers 404 for a record that does not exist", async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w));
    const other = await w.qcB.get(`/api/audit/qcRecord/${record.id}`);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: QC_MESSAGES.otherInspector });
    expect((await w.agentApi.get(`/api/audit/qcRecord/${record.id}`)).status).toBe(403);
    expect((await t.anonymous.get(`/api/audit/qcRecord/${record.id}`)).status).toBe(401);
    const missing = await w.admin.get('/api/audit/qcRecord/987654');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'No QC record with id 987654' });
    expect((await w.admin.get('/api/audit/qcRecord/abc')).status).toBe(400);
  });

  it('keeps the history of a deleted record on /audit for admins', async () => {
    const w = await qcWorld(t);
    const record = await addRecord(w.qcA, scorecard(w));
    await recordAudit(t.db, inspector(w.inspectorA.username), {
      action: 'delete',
      objectType: 'qcRecord',
      objectId: record.id,
      changes: { before: { total: 100 } },
    });
    await t.db.deleteFrom('qcRecords').where('id', '=', record.id).execute();
    expect((await w.admin.get(`/api/audit/qcRecord/${record.id}`)).status).toBe(404);
    const r = await w.admin.get(`/api/audit/pagination/0/10?objectType=qcRecord&objectId=${record.id}`);
    expect(r.status).toBe(200);
    expect(r.json<{ recordCount: number }>().recordCount).toBeGreaterThanOrEqual(1);
  });
});

describe('the audit log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE through a real connection, and keeps every row', async () => {
    await recordAudit(t.db, inspector('qc.append'), {
      action: 'update',
      objectType: 'qcRecord',
      objectId: 1,
      changes: { note: 'kept' },
    });
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('auditLog')
            .select((e) => e.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    // The table's owner (the app's own role may not even try: db/roles.test.ts) meets the trigger.
    await expect(sql`update audit_log set action = 'tampered'`.execute(t.ownerDb)).rejects.toThrow(
      /append-only: UPDATE is not allowed/,
    );
    await expect(sql`delete from audit_log`.execute(t.ownerDb)).rejects.toThrow(/append-only: DELETE is not allowed/);
    await expect(sql`truncate audit_log`.execute(t.ownerDb)).rejects.toThrow(/append-only: TRUNCATE is not allowed/);
    await expect(
      t.ownerDb
        .updateTable('auditLog')
        .set({ actorUsername: 'someone' })
        .where('actorUsername', '=', 'qc.append')
        .execute(),
    ).rejects.toThrow(/append-only/);
    expect(await count()).toBe(before);
    const kept = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorUsername'])
      .where('actorUsername', '=', 'qc.append')
      .execute();
    expect(kept).toEqual([{ action: 'update', actorUsername: 'qc.append' }]);
    expect(await t.db.selectFrom('auditLog').select('id').where('action', '=', 'tampered').execute()).toEqual([]);
  });
});
