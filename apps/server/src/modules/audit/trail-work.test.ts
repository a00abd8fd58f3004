// The audit trail of lead work and QC work: uploads, generate, regenerate and delete with their row counts; QC records
// created, edited (with a version: a stale edit is refused) and deleted; review resolutions; recordings linked and uploaded.
import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QC_MESSAGES, type TQcRecord } from '@crm/shared';
import { createUser, useTestApp } from '../../test/harness.ts';
import { campaignWithColumns, uploadLeads } from '../../test/lead-upload-support.ts';
import { addRecord, qcWorld, scorecard, type QcWorld } from '../../test/qc-support.ts';
import { toneWav, writeRecordings } from '../../test/test-audio.ts';
import { auditEntries, countAuditEntries } from '../../test/audit-support.ts';

const recordingsDir = mkdtempSync(path.join(os.tmpdir(), 'crm-audit-rec-'));
const t = useTestApp({ recordingsDir });
afterAll(() => fs.rm(recordingsDir, { recursive: true, force: true }));

const DATE = '2024-05-01';
let w: QcWorld;
beforeAll(async () => {
  w = await qcWorld(t);
});

async function adminToken(username: string): Promise<string> {
  const user = await createUser(t.db, { role: 'admin', username });
  return t.app.tokens.sign({
    sub: String(user.id),
    userName: username,
    name: username,
    roles: [{ roleName: 'ADMIN', roleDescription: '' }],
  });
}

describe('leads', () => {
  it('an upload, a generate, a regenerate and a delete each leave one entry with the row counts', async () => {
    const token = await adminToken('audit-leads');
    const campaign = await campaignWithColumns(t.db, ['brand']);
    const rows = Array.from({ length: 6 }, (_, i) => `0171000${String(i).padStart(4, '0')},${DATE},b`);
    const up = await uploadLeads(t.app, token, `cell_number,data_date,brand\n${rows.join('\n')}\n${rows[0]}\n`, {
      tableName: campaign.campaignName,
      fileName: 'day.csv',
    });
    expect(up.status, up.text).toBe(200);

    const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    const q = `tableName=${encodeURIComponent(campaign.campaignName)}&dataDate=${DATE}`;
    expect((await call('POST', `/dynamic/updateData?${q}`, { '': 2 })).statusCode).toBe(200);
    expect((await call('POST', `/dynamic/reGenerateData?${q}`, { '': 1 })).statusCode).toBe(200);
    expect((await call('DELETE', `/dynamic/deleteLead?${q}`)).statusCode).toBe(200);

    const entries = await auditEntries(t.db, 'leads', campaign.campaignName);
    expect(entries.map((e) => [e.action, e.changes.counts])).toEqual([
      ['upload', { rowsRead: 7, leadsAdded: 6, duplicatesSkipped: 1 }],
      ['generate', { leadsGenerated: 2 }],
      ['regenerate', { leadsRegenerated: 1 }],
      ['delete', { leadsDeleted: 6 }],
    ]);
    expect(entries[0]).toMatchObject({ actorUsername: 'audit-leads', changes: { after: { fileName: 'day.csv' } } });
    expect(entries[1]?.changes.after).toEqual({ dataDate: DATE, targets: { '': 2 } });
  });

  it('a refused upload leaves no entry', async () => {
    const token = await adminToken('audit-leads-bad');
    const campaign = await campaignWithColumns(t.db, ['brand']);
    const before = await countAuditEntries(t.db);
    const r = await uploadLeads(t.app, token, `cell_number,data_date,brand\nnot-a-number,${DATE},b\n`, {
      tableName: campaign.campaignName,
    });
    expect(r.status).toBe(400);
    expect(await countAuditEntries(t.db)).toBe(before);
  });
});

describe('QC records', () => {
  it('create, edit and delete by the inspector; only the changed marks are logged', async () => {
    const record = await addRecord(w.qcA, scorecard(w));
    const edit = await w.qcA.put('/api/qcReport/editqc', {
      ...scorecard(w),
      id: record.id,
      version: record.version,
      greetings: -5,
      suggestion: 'Greet the customer',
    });
    expect(edit.status, edit.text).toBe(200);
    expect(edit.json<TQcRecord>().version).toBe(record.version + 1);
    expect((await w.qcA.delete(`/api/qcReport/deleteQc/${record.id}`)).status).toBe(200);

    const entries = await auditEntries(t.db, 'qcRecord', record.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[0]).toMatchObject({
      actorUsername: w.inspectorA.username,
      actorRole: 'QC',
      changes: { after: { kind: 'in-house', agentId: w.agent.username, total: 100 } },
    });
    expect(entries[1]?.changes.before).toMatchObject({ greetings: 0, suggestion: 'Keep it up', total: 100 });
    expect(entries[1]?.changes.after).toMatchObject({ greetings: -5, suggestion: 'Greet the customer', total: 95 });
    expect(Object.keys(entries[1]?.changes.after ?? {})).not.toContain('liveliness');
  });

  it('an edit made on an older version is refused with who changed it, and changes nothing', async () => {
    const record = await addRecord(w.qcA, scorecard(w));
    const admin = w.admin;
    const first = await admin.put('/api/qcReport/editqc', {
      ...scorecard(w),
      id: record.id,
      version: record.version,
      suggestion: 'Admin note',
    });
    expect(first.status, first.text).toBe(200);
    const before = await countAuditEntries(t.db);
    const stale = await w.qcA.put('/api/qcReport/editqc', {
      ...scorecard(w),
      id: record.id,
      version: record.version,
      suggestion: 'Inspector note',
    });
    expect(stale.status).toBe(409);
    const { message, code } = stale.json<{ message: string; code: string }>();
    expect(code).toBe('STALE_VERSION');
    expect(message).toMatch(/^This QC record was changed by .+ at \d{2}:\d{2}\. Open it again to see their changes\.$/);
    const adminName = (await auditEntries(t.db, 'qcRecord', record.id)).at(-1)?.actorUsername ?? '';
    expect(message).toContain(QC_MESSAGES.staleRecord(adminName, '').split(' at ')[0]);
    expect(await countAuditEntries(t.db)).toBe(before);
    const stored = await w.qcA.get(`/api/qcReport/getqc/${record.id}`);
    expect(stored.json<TQcRecord>()).toMatchObject({ suggestion: 'Admin note', version: record.version + 1 });
    // Without a version (an older client) the edit applies as before.
    const blind = await w.qcA.put('/api/qcReport/editqc', {
      ...scorecard(w),
      id: record.id,
      suggestion: 'Inspector note',
    });
    expect(blind.status, blind.text).toBe(200);
  });

  it('a review resolved is filed under its QC record', async () => {
    const record = await addRecord(w.qcA, scorecard(w));
    const review = await w.agentApi.post('/api/qcReport/submit', {
      qcId: record.id,
      agreed: 'No',
      raiseConcern: true,
      comment: 'I greeted',
    });
    expect(review.status, review.text).toBe(200);
    const resolved = await w.qcA.put(`/api/qcReport/agent-review/${review.json<{ id: number }>().id}`, {
      isResolved: true,
      resolvedMessage: 'Listened again: agreed',
    });
    expect(resolved.status, resolved.text).toBe(200);
    const entries = await auditEntries(t.db, 'review', record.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'resolve',
      actorUsername: w.inspectorA.username,
      changes: { after: { isResolved: true, resolvedMessage: 'Listened again: agreed' } },
    });
  });

  it('a recording linked to a record, and recordings uploaded to the voice log', async () => {
    const record = await addRecord(w.qcA, scorecard(w));
    const name = '20261120-101500_01712345678_AG-1-all.wav';
    await writeRecordings(recordingsDir, record.callDate, { [name]: toneWav(1) });
    const linked = await w.qcA.post('/api/qcReport/add-qc-report-file', {
      qcReport: { id: record.id },
      fileName: name,
    });
    expect(linked.status, linked.text).toBe(200);
    // Linking it again changes nothing, and logs nothing.
    expect(
      (await w.qcA.post('/api/qcReport/add-qc-report-file', { qcReport: { id: record.id }, fileName: name })).status,
    ).toBe(200);
    expect(
      (await auditEntries(t.db, 'qcRecord', record.id)).filter((e) => e.action === 'link').map((e) => e.changes),
    ).toEqual([{ after: { fileName: name } }]);

    const token = await adminToken('audit-recordings');
    const boundary = '----audit-test';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="20261121-090000_01811111111_AG-2-all.wav"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      toneWav(1),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/voicelog/upload?directory=2026-11-21',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
      payload: body,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(await auditEntries(t.db, 'recording', '2026-11-21')).toMatchObject([
      {
        action: 'upload',
        actorUsername: 'audit-recordings',
        changes: { after: { files: ['20261121-090000_01811111111_AG-2-all.wav'] }, counts: { recordings: 1 } },
      },
    ]);
  });
});
