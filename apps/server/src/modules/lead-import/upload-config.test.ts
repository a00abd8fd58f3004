import { describe, expect, it } from 'vitest';
import { DEFAULT_LEAD_UPLOAD_MAX_MB } from '@crm/shared';
import { loadConfig } from '../../config.ts';
import { tokenForRole, useTestApp } from '../../test/harness.ts';
import { campaignWithColumns, storedLeads, uploadLeads } from '../../test/lead-upload-support.ts';

describe('PHONE_COUNTRY and LEAD_UPLOAD_MAX_MB', () => {
  it('default to Bangladesh and the shared upload limit', () => {
    expect(loadConfig({})).toMatchObject({ phoneCountry: 'BD', leadUploadMaxMb: DEFAULT_LEAD_UPLOAD_MAX_MB });
    expect(loadConfig({ PHONE_COUNTRY: ' in ', LEAD_UPLOAD_MAX_MB: '200' })).toMatchObject({
      phoneCountry: 'IN',
      leadUploadMaxMb: 200,
    });
  });

  it('refuse at start-up a country libphonenumber does not know, or a limit that is not a positive whole number', () => {
    expect(() => loadConfig({ PHONE_COUNTRY: 'XX' })).toThrow(/PHONE_COUNTRY must be a two-letter country code/);
    expect(() => loadConfig({ LEAD_UPLOAD_MAX_MB: '0' })).toThrow(/LEAD_UPLOAD_MAX_MB must be at least 1/);
    expect(() => loadConfig({ LEAD_UPLOAD_MAX_MB: '1.5' })).toThrow(/LEAD_UPLOAD_MAX_MB must be a whole number/);
  });
});

describe('POST /api/file/uploadCsv with PHONE_COUNTRY=GB', () => {
  const t = useTestApp({ phoneCountry: 'GB' });

  it('reads numbers without a country code as numbers of that country', async () => {
    const campaign = await campaignWithColumns(t.db);
    const r = await uploadLeads(
      t.app,
      await tokenForRole(t.app, 'admin'),
      'cell_number,data_date\n07400 123456,2024-05-01\n+8801712345678,2024-05-01\n',
      { tableName: campaign.campaignName },
    );
    expect(r.status, r.text).toBe(200);
    expect((await storedLeads(t.db, campaign.id)).map((l) => l.cellNumber)).toEqual([
      '+447400123456',
      '+8801712345678',
    ]);
  });
});
