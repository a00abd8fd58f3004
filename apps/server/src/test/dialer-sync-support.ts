// Helpers of the dialer sync tests: campaigns whose leads were sent to the stand-in VICIdial (over HTTP), and what the
// stand-in was asked and holds afterwards.
import { expect } from 'vitest';
import type { TDialerSend, TDialerSettingsInput } from '@crm/shared';
import type { FakeVicidial } from './fake-vicidial.ts';
import { createCampaign, type Caller, type TestContext } from './harness.ts';
import { insertLeads, type TestLead } from './leads-support.ts';

let seq = 0;

export type SentCampaign = { id: number; name: string; listId: string; sendId: number; leadIds: string[] };

/**
 * Generated leads of a date of their own in `campaign` (a new one unless given), the campaign's dialer settings (a
 * list of its own), and a send of them to the stand-in, finished.
 */
export async function sendLeads(
  t: TestContext,
  admin: Caller,
  leads: TestLead[],
  options: { campaign?: { id: number; campaignName: string }; settings?: Partial<TDialerSettingsInput> } = {},
): Promise<SentCampaign> {
  seq += 1;
  const campaign = options.campaign ?? (await createCampaign(t.db));
  const date = `2025-02-${String(seq).padStart(2, '0')}`;
  const ids = await insertLeads(
    t.db,
    campaign.id,
    leads.map((l) => ({ dataDate: date, forD: 'd', generateStatus: 1, ...l })),
  );
  const listId = String(2000 + seq);
  const settings = {
    campaignName: campaign.campaignName,
    listId,
    duplicateCheck: 'NONE',
    dncCheck: false,
    campaignDncCheck: false,
    vicidialCampaignId: null,
    rate: 0,
    ...options.settings,
  };
  const saved = await admin.put('/api/dialer/settings', settings);
  expect(saved.status, saved.text).toBe(200);
  const started = await admin.post('/api/dialer/sends', { campaignName: campaign.campaignName, date });
  expect(started.status, started.text).toBe(200);
  const sendId = started.json<{ id: number }>().id;
  await expect
    .poll(async () => (await admin.get(`/api/dialer/sends/${sendId}`)).json<TDialerSend>().state, {
      timeout: 15_000,
      interval: 50,
    })
    .toBe('finished');
  return { id: campaign.id, name: campaign.campaignName, listId, sendId, leadIds: ids.map(String) };
}

/** The national number VICIdial's lists hold of a stored (+880) number. */
export const national = (e164: string) => e164.replace(/^\+880/, '');

/** The stand-in's status of our lead (its vendor_lead_code), or undefined when VICIdial does not hold it. */
export const statusAt = (fake: FakeVicidial, leadId: string) => fake.lists.leadByVendorCode(leadId)?.status;

/** The update_lead requests (not lookups) and add_dnc_phone requests the stand-in got, oldest first. */
export function syncRequests(fake: FakeVicidial) {
  const kept = fake.leadRequests.map((q) => Object.fromEntries(q) as Record<string, string>);
  return {
    updates: kept.filter((q) => q.function === 'update_lead' && q.no_update !== 'Y'),
    dnc: kept.filter((q) => q.function === 'add_dnc_phone'),
  };
}
