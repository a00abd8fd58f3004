// Helpers of the agent panel tests: a campaign with a data table, a survey and generated leads, and the two calls.
import { expect } from 'vitest';
import type { TLead, TQuestion } from '@crm/shared';
import { createCampaign, type Caller, type TestContext } from './harness.ts';
import { addQuestions, newQuestion } from './questions-support.ts';
import { insertLeads, query } from './leads-support.ts';

export type PanelCampaign = { id: number; name: string; questions: TQuestion[]; admin: Caller; agent: Caller };

/**
 * A campaign with a data table (shop, tier), four questions (Select, Multi Select, Number, Textarea) and an
 * agent signed into it.
 */
export async function panelCampaign(t: TestContext): Promise<PanelCampaign> {
  const c = await createCampaign(t.db);
  await t.db
    .insertInto('dataTables')
    .values({ campaignId: c.id, name: `${c.campaignName}_table`, columns: ['shop', 'tier'] })
    .execute();
  const admin = await t.callerFor('admin');
  const questions = await addQuestions(admin, [
    newQuestion(c.campaignName, { title: 'Did you buy it?', options: 'Yes, No' }),
    newQuestion(c.campaignName, { title: 'Which brands?', type: 'Multi Select Option', options: 'Alpha, Beta, Gamma' }),
    newQuestion(c.campaignName, { title: 'How many packs?', type: 'Number', options: '' }),
    newQuestion(c.campaignName, { title: 'Anything else?', type: 'Textarea', options: '' }),
  ]);
  const agent = await t.callerFor('agent', { campaign: c.campaignName });
  return { id: c.id, name: c.campaignName, questions, admin, agent };
}

/** Inserts one lead of the campaign, generated unless said otherwise; returns its id. */
export async function addLead(
  t: TestContext,
  campaignId: number,
  cellNumber: string,
  lead: { dataDate?: string; generated?: boolean; fields?: Record<string, string>; respondentName?: string } = {},
): Promise<number> {
  const generated = lead.generated ?? true;
  const [id] = await insertLeads(t.db, campaignId, [
    {
      cellNumber,
      dataDate: lead.dataDate ?? '2026-11-20',
      respondentName: lead.respondentName ?? 'Rahim Uddin',
      region: 'Dhaka',
      fields: JSON.stringify(lead.fields ?? { shop: 'Shop 1', tier: 'A' }),
      ...(generated ? { forD: 'd', generateStatus: 1 } : {}),
    },
  ]);
  if (id === undefined) throw new Error('no lead inserted');
  return id;
}

export function lookupUrl(campaign: string, cellNumber: string): string {
  return `/api/ap/getByNumber?${query({ tableName: campaign, cellNumber })}`;
}

export function saveUrl(campaign: string, cellNumber: string, leadId?: number): string {
  const q = leadId === undefined ? '' : `?leadId=${leadId}`;
  return `/dynamic/updateLeadData/${encodeURIComponent(campaign)}/${encodeURIComponent(cellNumber)}${q}`;
}

/** getByNumber expecting a lead. */
export async function lookUp(api: Caller, campaign: string, cellNumber: string): Promise<TLead> {
  const r = await api.get(lookupUrl(campaign, cellNumber));
  expect(r.status, r.text).toBe(200);
  return r.json<TLead>();
}

export async function storedLead(t: TestContext, id: number) {
  return t.db.selectFrom('leads').selectAll().where('id', '=', String(id)).executeTakeFirstOrThrow();
}
