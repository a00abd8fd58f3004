import { describe, expect, it } from 'vitest';
import { UPLOAD_LEAD_COLUMNS } from '@crm/shared';
import { tokenForRole, useTestApp } from '../../test/harness.ts';
import { attachmentHeader } from './lead-template.ts';
import { campaignWithColumns, uploadLeads } from '../../test/lead-upload-support.ts';

const t = useTestApp();

describe('GET /api/file/download/columns/csv', () => {
  it("gives the default upload columns then the data table's own, as a UTF-8 CSV download named after the campaign", async () => {
    const campaign = await campaignWithColumns(t.db, ['Shop Name', 'সিগারেট', 'Say "hi"']);
    const api = await t.callerFor('admin');
    const r = await api.get(
      `/api/file/download/columns/csv?tableName=${encodeURIComponent(campaign.campaignName.toUpperCase())}`,
    );
    expect(r.status, r.text).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="${campaign.campaignName}_columns.csv"`);
    expect(r.text).toBe(`\uFEFF${UPLOAD_LEAD_COLUMNS.join(',')},Shop Name,সিগারেট,"Say ""hi"""\r\n`);
  });

  it('is a file the upload takes back as it is, with leads filled in', async () => {
    const campaign = await campaignWithColumns(t.db, ['shop']);
    const api = await t.callerFor('admin');
    const header = (
      await api.get(`/api/file/download/columns/csv?tableName=${encodeURIComponent(campaign.campaignName)}`)
    ).text;
    const lead = UPLOAD_LEAD_COLUMNS.map(
      (c) => (({ cell_number: '01711000001', data_date: '2024-05-01' }) as Record<string, string>)[c] ?? c,
    );
    const r = await uploadLeads(t.app, await tokenForRole(t.app, 'admin'), `${header}${lead.join(',')},Store\r\n`, {
      tableName: campaign.campaignName,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ leadsAdded: 1 });
  });

  it('answers 404 for an unknown campaign and 400 without tableName', async () => {
    const api = await t.callerFor('admin');
    expect((await api.get('/api/file/download/columns/csv?tableName=Nope')).status).toBe(404);
    const r = await api.get('/api/file/download/columns/csv');
    expect(r.status).toBe(400);
    expect(r.json<{ message: string }>().message).toMatch(/tableName/);
  });

  it('names a file with other than ASCII characters for every browser (RFC 6266)', () => {
    expect(attachmentHeader('ঈদ অফার_columns.csv')).toBe(
      `attachment; filename="__ _____columns.csv"; filename*=UTF-8''%E0%A6%88%E0%A6%A6%20%E0%A6%85%E0%A6%AB%E0%A6%BE%E0%A6%B0_columns.csv`,
    );
    expect(attachmentHeader('Say "hi"_columns.csv')).toBe(
      `attachment; filename="Say _hi__columns.csv"; filename*=UTF-8''Say%20%22hi%22_columns.csv`,
    );
  });
});
