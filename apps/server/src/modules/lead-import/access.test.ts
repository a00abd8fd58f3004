import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@crm/shared';
import { tokenForRole, useTestApp } from '../../test/harness.ts';
import { fileTooLargeMessage } from './lead-upload.ts';
import { campaignWithColumns, countLeads, nextPhone, uploadLeads } from '../../test/lead-upload-support.ts';

const MAX_MB = 1;
const t = useTestApp({ leadUploadMaxMb: MAX_MB });

describe('lead upload routes: who may call them', () => {
  it('answers 401 to anonymous callers and 403 to agents and QC inspectors on every route, and stores nothing', async () => {
    const campaign = await campaignWithColumns(t.db);
    const importId = randomUUID();
    const admin = await tokenForRole(t.app, 'admin');
    await uploadLeads(t.app, admin, `cell_number,data_date\n${nextPhone().local},2024-05-01\n`, {
      tableName: campaign.campaignName,
      importId,
    });
    const before = await countLeads(t.db);
    const csv = `cell_number,data_date\n${nextPhone().local},2024-05-01\n`;

    const anonymousUpload = await uploadLeads(t.app, undefined, csv, { tableName: campaign.campaignName });
    expect(anonymousUpload.status).toBe(401);
    for (const role of ['agent', 'qc'] as const) {
      const r = await uploadLeads(t.app, await tokenForRole(t.app, role), csv, {
        tableName: campaign.campaignName,
        importId: randomUUID(),
      });
      expect(r.status, role).toBe(403);
      expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
    }
    expect(await countLeads(t.db)).toBe(before);

    const reads = [
      `/api/file/uploadStatus/${importId}`,
      `/api/file/download/columns/csv?tableName=${encodeURIComponent(campaign.campaignName)}`,
    ];
    for (const url of reads) {
      expect((await t.anonymous.get(url)).status, url).toBe(401);
      for (const api of [await t.callerFor('agent', { campaign: campaign.campaignName }), await t.callerFor('qc')]) {
        const r = await api.get(url);
        expect(r.status, url).toBe(403);
        expect(r.body).toEqual({ message: MESSAGES.auth.forbidden });
      }
    }
  });
});

describe('POST /api/file/uploadCsv: the size limit (LEAD_UPLOAD_MAX_MB)', () => {
  it('refuses a larger file with 413, stores nothing and records the upload as rejected', async () => {
    const campaign = await campaignWithColumns(t.db);
    const importId = randomUUID();
    const rows = Array.from({ length: 60_000 }, () => `${nextPhone().local},2024-05-01`);
    const csv = `cell_number,data_date\n${rows.join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(MAX_MB * 1024 * 1024);
    const before = await countLeads(t.db);
    const r = await uploadLeads(t.app, await tokenForRole(t.app, 'admin'), csv, {
      tableName: campaign.campaignName,
      importId,
    });
    expect(r.status, r.text).toBe(413);
    expect(r.body).toEqual({ message: fileTooLargeMessage(MAX_MB) });
    expect(await countLeads(t.db)).toBe(before);
    const progress = await (await t.callerFor('admin')).get(`/api/file/uploadStatus/${importId}`);
    expect(progress.body).toMatchObject({ status: 'rejected', message: fileTooLargeMessage(MAX_MB) });
  });

  it('takes a file just under the limit', async () => {
    const campaign = await campaignWithColumns(t.db);
    const rows = Array.from({ length: 40_000 }, () => `${nextPhone().local},2024-05-01`);
    const r = await uploadLeads(
      t.app,
      await tokenForRole(t.app, 'admin'),
      `cell_number,data_date\n${rows.join('\n')}\n`,
      { tableName: campaign.campaignName },
    );
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ leadsAdded: 40_000 });
  });
});
