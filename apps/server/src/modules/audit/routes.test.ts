// The /audit screen's calls: admins only; every filter narrows the entries, newest first, paged with the usual
// wrapper; the CSV export holds every filtered entry, spreadsheet-safe; a real campaign change shows up.
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import {
  MESSAGES,
  auditExportFileName,
  localDayText,
  startOfLocalDay,
  startOfNextLocalDay,
  type TAuditEntry,
  type TAuditQuery,
  type TCampaign,
  type TPaged,
} from '@crm/shared';
import { useTestApp, type Caller, type Reply } from '../../test/harness.ts';
import { TEST_TIME_ZONES, atLocal } from '../../test/time-zones.ts';
import { recordAudit, type TAuditActor } from './record.ts';

// Days and the export's times are the call centre's (TIME_ZONE): the same cases in Dhaka and in UTC.
describe.each(TEST_TIME_ZONES)('the audit log, with TIME_ZONE=%s', (zone) => {
  const t = useTestApp({ timeZone: zone });
  let admin: Caller;

  const rahman: TAuditActor = { userId: null, username: 'QC.Rahman', role: 'QC', ip: '10.0.0.7' };
  const boss: TAuditActor = { userId: null, username: 'boss', role: 'ADMIN', ip: '10.0.0.1' };

  /** An entry at a chosen wall clock of the zone (the column's default is the insert time, so the test writes it itself). */
  async function insertAt(
    local: string,
    actor: TAuditActor,
    entry: { action: string; objectType: string; objectId: string; changes?: object },
  ) {
    await sql`insert into audit_log (at, actor_id, actor_username, actor_role, action, object_type, object_id, changes, ip)
              values (${atLocal(zone, local)}, ${actor.userId}, ${actor.username}, ${actor.role}, ${entry.action}, ${entry.objectType},
                      ${entry.objectId}, ${JSON.stringify(entry.changes ?? {})}::jsonb, ${actor.ip})`.execute(t.db);
  }

  beforeAll(async () => {
    admin = await t.callerFor('admin');
    // Around the day 2026-03-02 of the zone: one just before it, two inside it (one at 00:30, still 1 March in UTC
    // when the zone is Dhaka), one just after it.
    await insertAt('2026-03-01 23:59:59', rahman, {
      action: 'update',
      objectType: 'qcRecord',
      objectId: '41',
      changes: { before: { crm: 20 }, after: { crm: 10 } },
    });
    await insertAt('2026-03-02 00:30:00', rahman, {
      action: 'create',
      objectType: 'qcRecord',
      objectId: '42',
      changes: { after: { total: 90 } },
    });
    await insertAt('2026-03-02 23:59:59', boss, {
      action: 'update',
      objectType: 'campaign',
      objectId: '42',
      changes: { before: { status: true }, after: { status: false } },
    });
    await insertAt('2026-03-03 00:00:00', boss, {
      action: 'upload',
      objectType: 'leads',
      objectId: '7',
      changes: { counts: { leads: 1250 } },
    });
    for (let i = 0; i < 25; i += 1)
      await recordAudit(t.db, boss, {
        action: 'update',
        objectType: 'agent',
        objectId: 1000 + i,
        changes: { before: { name: `A${i}` }, after: { name: `B${i}` } },
      });
  });

  const url = (path: string, query: Record<string, string> = {}) =>
    Object.keys(query).length === 0 ? path : `${path}?${new URLSearchParams(query).toString()}`;
  const pageOf = async (query: Record<string, string> = {}, page = 0, size = 100) => {
    const r = await admin.get(url(`/api/audit/pagination/${page}/${size}`, query));
    expect(r.status, r.text).toBe(200);
    return r.json<TPaged<TAuditEntry>>();
  };

  /** Every entry in the log, newest first, straight from the table. */
  async function everyEntry(): Promise<TAuditEntry[]> {
    return (await pageOf({}, 0, 500)).response.content;
  }

  /** What each filter means, in JavaScript: the server's answer must be exactly the entries this keeps. */
  function matches(e: TAuditEntry, q: TAuditQuery): boolean {
    const at = Date.parse(e.at);
    return (
      (q.actor === undefined || e.actorUsername.toLowerCase() === q.actor.toLowerCase()) &&
      (q.objectType === undefined || e.objectType === q.objectType) &&
      (q.objectId === undefined || e.objectId === q.objectId) &&
      (q.action === undefined || e.action === q.action) &&
      (q.from === undefined || at >= startOfLocalDay(q.from, zone).getTime()) &&
      (q.to === undefined || at < startOfNextLocalDay(q.to, zone).getTime())
    );
  }

  describe('who may read the audit log', () => {
    it('answers 401 without a token, 403 to agents and QC inspectors on the list and the export', async () => {
      const agent = await t.callerFor('agent');
      const qc = await t.callerFor('qc');
      for (const path of ['/api/audit/pagination/0/10', '/api/audit/export']) {
        expect((await t.anonymous.get(path)).status, path).toBe(401);
        for (const api of [agent, qc]) {
          const r = await api.get(path);
          expect(r.status, path).toBe(403);
          expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
        }
      }
      const agentHistory = await agent.get('/api/audit/qcRecord/1');
      expect(agentHistory.status).toBe(403);
    });
  });

  describe('GET /api/audit/pagination/{page}/{size}', () => {
    it('narrows the entries by each filter, and by several at once', async () => {
      const all = await everyEntry();
      const cases: TAuditQuery[] = [
        { actor: 'qc.rahman' },
        { actor: 'QC.RAHMAN' },
        { objectType: 'campaign' },
        { objectId: '42' },
        { action: 'upload' },
        { from: '2026-03-02', to: '2026-03-02' },
        { from: '2026-03-02' },
        { to: '2026-03-01' },
        { objectType: 'qcRecord', objectId: '42' },
        { actor: 'boss', from: '2026-03-02', to: '2026-03-03' },
      ];
      for (const q of cases) {
        const want = all.filter((e) => matches(e, q)).map((e) => e.id);
        const got = (await pageOf(q as Record<string, string>)).response.content.map((e) => e.id);
        expect(got, JSON.stringify(q)).toEqual(want);
        expect(want.length, JSON.stringify(q)).toBeGreaterThan(0);
        expect(want.length, JSON.stringify(q)).toBeLessThan(all.length);
      }
      // The day filter takes whole days of the zone: 00:30 in, the last second in, and nothing either side.
      const day = (await pageOf({ from: '2026-03-02', to: '2026-03-02' })).response.content;
      expect(day.map((e) => [e.objectType, e.objectId])).toEqual([
        ['campaign', '42'],
        ['qcRecord', '42'],
      ]);
      // The actor is matched whole, not as a part of a name.
      expect((await pageOf({ actor: 'rahman' })).recordCount).toBe(0);
    });

    it('pages newest first with the usual wrapper and totals', async () => {
      const query = { objectType: 'agent' };
      const first = await pageOf(query, 0, 10);
      expect(first.recordCount).toBe(25);
      expect(first.response).toMatchObject({ totalElements: 25, totalPages: 3, size: 10, number: 0 });
      expect(first.response.content.map((e) => e.objectId)).toEqual(
        Array.from({ length: 10 }, (_, i) => String(1024 - i)),
      );
      const last = await pageOf(query, 2, 10);
      expect(last.response.content.map((e) => e.objectId)).toEqual(['1004', '1003', '1002', '1001', '1000']);
      expect((await pageOf(query, 3, 10)).response.content).toEqual([]);
      expect(first.response.content[0]).toMatchObject({
        actorUsername: 'boss',
        actorRole: 'ADMIN',
        action: 'update',
        changes: { before: { name: 'A24' }, after: { name: 'B24' } },
        ip: '10.0.0.1',
      });
    });

    it('refuses filters it cannot read, naming them', async () => {
      const cases: [Record<string, string>, RegExp][] = [
        [{ from: '2026-13-01' }, /from must be a date/],
        [{ to: '02/03/2026' }, /to must be a date/],
        [{ from: '2026-03-03', to: '2026-03-02' }, /from must not be after to/],
        [{ objectType: 'password' }, /objectType must be one of/],
        [{ action: 'drop' }, /action must be one of/],
      ];
      for (const [query, message] of cases) {
        const r = await admin.get(url('/api/audit/pagination/0/10', query));
        expect(r.status, JSON.stringify(query)).toBe(400);
        expect(r.json<{ message: string }>().message).toMatch(message);
      }
      expect((await admin.get('/api/audit/pagination/0/0')).status).toBe(400);
    });

    it('shows a real campaign change with its before and after, by its admin', async () => {
      const added = await admin.post('/cc/addCampaign', {
        campaignType: 'Outbound',
        campaignName: 'Audit Spring',
        campaignId: 'AUD-1',
        callTarget: 40,
      });
      expect(added.status, added.text).toBe(200);
      const campaign = added.json<TCampaign>();
      const updated = await admin.put('/cc/updateCampaign', {
        id: campaign.id,
        campaignName: 'Audit Summer',
        campaignId: 'AUD-1',
        callTarget: 55,
      });
      expect(updated.status, updated.text).toBe(200);
      const entries = (await pageOf({ objectType: 'campaign', objectId: String(campaign.id) })).response.content;
      expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
      expect(entries[0]?.changes).toEqual({
        before: { campaignName: 'Audit Spring', callTarget: 40 },
        after: { campaignName: 'Audit Summer', callTarget: 55 },
      });
      expect(entries[0]?.actorRole).toBe('ADMIN');
    });
  });

  /** A 200 CSV download, parsed: header row, then one object per entry keyed by header. */
  function csvOf(r: Reply): { header: string[]; rows: Record<string, string>[] } {
    expect(r.status, r.text).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="${auditExportFileName(localDayText(new Date(), zone))}"`,
    );
    expect(r.headers['cache-control']).toBe('no-store');
    const [header = [], ...records] = parse(r.text, { bom: true }) as string[][];
    return { header, rows: records.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']))) };
  }

  describe('GET /api/audit/export', () => {
    it('holds every filtered entry, not one page, newest first, with the changes written out', async () => {
      const { header, rows } = csvOf(await admin.get(url('/api/audit/export', { objectType: 'agent' })));
      expect(header).toEqual([
        'id',
        'time',
        'actor',
        'actor role',
        'action',
        'object type',
        'object id',
        'changes',
        'changes (JSON)',
        'ip',
      ]);
      expect(rows.length).toBe(25);
      expect(rows[0]).toMatchObject({
        actor: 'boss',
        'actor role': 'ADMIN',
        action: 'update',
        'object type': 'agent',
        'object id': '1024',
        changes: 'name: A24 → B24',
        ip: '10.0.0.1',
      });
      expect(JSON.parse(rows[0]?.['changes (JSON)'] ?? '')).toEqual({
        before: { name: 'A24' },
        after: { name: 'B24' },
      });
      expect(rows.at(-1)?.['object id']).toBe('1000');
      const day = csvOf(await admin.get(url('/api/audit/export', { from: '2026-03-03', to: '2026-03-03' }))).rows;
      expect(day).toHaveLength(1);
      expect(day[0]).toMatchObject({ time: '2026-03-03 00:00:00', changes: 'leads: 1,250' });
      // Times are the zone's wall clock, yyyy-MM-dd HH:mm:ss: 00:30 of 2 March is written so in Dhaka as in UTC.
      const second = csvOf(await admin.get(url('/api/audit/export', { from: '2026-03-02', to: '2026-03-02' }))).rows;
      expect(second.map((r) => r.time)).toEqual(['2026-03-02 23:59:59', '2026-03-02 00:30:00']);
    });

    it('neutralises cells a spreadsheet would run as a formula', async () => {
      const hostile: TAuditActor = { userId: null, username: '=HYPERLINK("http://x")', role: 'ADMIN', ip: '+1' };
      await recordAudit(t.db, hostile, {
        action: 'update',
        objectType: 'question',
        objectId: '@SUM(A1)',
        changes: { before: { title: 'a' }, after: { title: '-2+3' } },
      });
      await recordAudit(t.db, hostile, {
        action: 'update',
        objectType: 'question',
        objectId: '\tcmd',
        changes: { note: '=1+1' },
      });
      const { rows } = csvOf(await admin.get(url('/api/audit/export', { objectType: 'question' })));
      expect(rows.map((r) => [r.actor, r['object id'], r.ip, r.changes])).toEqual([
        [`'=HYPERLINK("http://x")`, `'\tcmd`, '+1', `'=1+1`],
        [`'=HYPERLINK("http://x")`, `'@SUM(A1)`, '+1', 'title: a → -2+3'],
      ]);
    });

    it('answers the header alone when nothing matches, and a 400 for a filter it cannot read', async () => {
      const { rows } = csvOf(await admin.get(url('/api/audit/export', { actor: 'nobody-at-all' })));
      expect(rows).toEqual([]);
      const r = await admin.get(url('/api/audit/export', { from: '2026-02-30' }));
      expect(r.status).toBe(400);
      expect(r.json<{ message: string }>().message).toMatch(/from must be a date/);
    });
  });
});
