// A campaign's scorecards (docs/scorecards.md, The API): "Standard" until an admin picks published versions for in-house
// and client QC, audited; a draft, a retired or an unknown version refused naming the field; an unknown campaign 404.
import { describe, expect, it } from 'vitest';
import { SCORECARD_MESSAGES, STANDARD_SCORECARD_ID, type TCampaignScorecards } from '@crm/shared';
import { createCampaign, useTestApp } from '../../test/harness.ts';
import { auditEntries } from '../../test/audit-support.ts';
import { checksumTables } from '../../test/table-checksums.ts';
import { chooseScorecards, createDraft, createPublished, uniqueName } from '../../test/scorecards-support.ts';
import { campaignScorecardId } from './lookup.ts';

const t = useTestApp();

const getUrl = (name: string) => `/api/campaign-scorecards?campaignName=${encodeURIComponent(name)}`;
const standardRef = { id: STANDARD_SCORECARD_ID, scorecardId: STANDARD_SCORECARD_ID, name: 'Standard', version: 1 };

describe('/api/campaign-scorecards', () => {
  it('answers 401 and 403 as declared: QC inspectors read, only admins choose', async () => {
    const campaign = await createCampaign(t.db, { campaignName: uniqueName('Mobile') });
    const agent = await t.callerFor('agent');
    const qc = await t.callerFor('qc');
    const body = { campaignName: campaign.campaignName, inHouse: 1, client: 1 };
    expect((await t.anonymous.get(getUrl(campaign.campaignName))).status).toBe(401);
    expect((await agent.get(getUrl(campaign.campaignName))).status).toBe(403);
    expect((await qc.get(getUrl(campaign.campaignName))).status).toBe(200);
    expect((await t.anonymous.put('/api/campaign-scorecards', body)).status).toBe(401);
    expect((await agent.put('/api/campaign-scorecards', body)).status).toBe(403);
    expect((await qc.put('/api/campaign-scorecards', body)).status).toBe(403);
  });

  it('answers "Standard" for both kinds until an admin picks, then the picks; the change is audited', async () => {
    const admin = await t.callerFor('admin');
    const campaign = await createCampaign(t.db, { campaignName: uniqueName('Bank') });
    const r = await admin.get(getUrl(campaign.campaignName.toLowerCase()));
    expect(r.json()).toEqual({ campaignName: campaign.campaignName, inHouse: standardRef, client: standardRef });

    const clientCard = await createPublished(admin);
    const chosen = await chooseScorecards(
      admin,
      campaign.campaignName.toUpperCase(),
      STANDARD_SCORECARD_ID,
      clientCard.id,
    );
    const clientRef = { id: clientCard.id, scorecardId: clientCard.id, name: clientCard.name, version: 1 };
    expect(chosen).toEqual({ campaignName: campaign.campaignName, inHouse: standardRef, client: clientRef });
    expect((await admin.get(getUrl(campaign.campaignName))).json<TCampaignScorecards>()).toEqual(chosen);
    // The QC record writer's lookup sees the same choice.
    expect(await campaignScorecardId(t.db, campaign.id, 'client')).toBe(clientCard.id);
    expect(await campaignScorecardId(t.db, campaign.id, 'in-house')).toBe(STANDARD_SCORECARD_ID);

    const entries = await auditEntries(t.db, 'campaignScorecards', campaign.campaignName);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'update',
      changes: { before: { inHouse: 1, client: 1 }, after: { inHouse: 1, client: clientCard.id } },
    });
    // The same choice again changes nothing and logs nothing.
    await chooseScorecards(admin, campaign.campaignName, STANDARD_SCORECARD_ID, clientCard.id);
    expect(await auditEntries(t.db, 'campaignScorecards', campaign.campaignName)).toHaveLength(1);
  });

  it('refuses a draft, a retired and an unknown version, naming the field, with nothing stored', async () => {
    const admin = await t.callerFor('admin');
    const campaign = await createCampaign(t.db, { campaignName: uniqueName('Retail') });
    const draft = await createDraft(admin);
    const retired = await createPublished(admin);
    expect((await admin.post(`/api/scorecards/${retired.id}/retire`)).status).toBe(200);
    const before = await checksumTables(t.db);
    const put = (inHouse: number, client: number) =>
      admin.put('/api/campaign-scorecards', { campaignName: campaign.campaignName, inHouse, client });

    const ofDraft = await put(draft.id, STANDARD_SCORECARD_ID);
    expect(ofDraft.status).toBe(400);
    expect(ofDraft.json()).toEqual({
      message: SCORECARD_MESSAGES.notPublished('inHouse', draft.id),
      code: 'INVALID_VALUE',
      field: 'inHouse',
    });
    const ofRetired = await put(STANDARD_SCORECARD_ID, retired.id);
    expect(ofRetired.json()).toMatchObject({
      message: SCORECARD_MESSAGES.notPublished('client', retired.id),
      field: 'client',
    });
    const unknown = await put(STANDARD_SCORECARD_ID, 999999);
    expect(unknown.status).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'client: No scorecard with id 999999', field: 'client' });
    expect(await checksumTables(t.db)).toEqual(before);
  });

  it('answers 404 for a campaign that does not exist', async () => {
    const admin = await t.callerFor('admin');
    const r = await admin.get(getUrl('Nowhere'));
    expect(r.status).toBe(404);
    expect(r.json()).toEqual({ message: 'No campaign named "Nowhere"' });
    const put = await admin.put('/api/campaign-scorecards', { campaignName: 'Nowhere', inHouse: 1, client: 1 });
    expect(put.status).toBe(404);
  });
});
