// GET /api/logic/survey (issue 35): a campaign's whole survey (questions, logic rules, conditions) with its version
// (migration 0030), kept in this process per campaign and version: the agents' screens of a campaign all read the
// same survey, so after its first read a version costs two small queries (the campaign's row, its version) only.
import type { TTokenPayload, TVersionedSurvey } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { findCampaignByName } from '../campaigns/service.ts';
import { assertCanReadCampaign } from '../questions/access.ts';
import { findCampaignQuestions } from '../questions/service.ts';
import { findConditions } from './conditions.ts';
import { findCampaignLogic } from './service.ts';

/** Per database, per campaign id: the survey last read whole, and the version it is of. */
const held = new WeakMap<Db, Map<number, TVersionedSurvey>>();

async function surveyVersionOf(db: Db, campaignId: number): Promise<number | undefined> {
  const row = await db.selectFrom('campaigns').select('surveyVersion').where('id', '=', campaignId).executeTakeFirst();
  return row?.surveyVersion;
}

/**
 * The campaign's survey for those who may read it (admins, QC inspectors, the campaign's own agents: as
 * getToSetLogic). The version is read before the three reads, so what they return is at least that new; it is kept
 * for the next reader only when the version read after them is the same (no edit in between). A screen given a newer
 * survey than its version says fetches it again at the next lookup, which names the newer version.
 */
export async function findVersionedSurvey(
  db: Db,
  reader: TTokenPayload,
  campaignName: string,
  timeZone: string,
): Promise<TVersionedSurvey> {
  const campaign = await findCampaignByName(db, campaignName);
  assertCanReadCampaign(reader, campaign.campaignName);
  const version = await surveyVersionOf(db, campaign.id);
  let byId = held.get(db);
  if (byId === undefined) {
    byId = new Map();
    held.set(db, byId);
  }
  const kept = byId.get(campaign.id);
  if (kept !== undefined && kept.version === version && kept.campaignName === campaign.campaignName) return kept;
  const [questions, rules, conditions] = await Promise.all([
    findCampaignQuestions(db, reader, campaign.campaignName),
    findCampaignLogic(db, reader, campaign.campaignName),
    findConditions(db, reader, campaign.campaignName, timeZone),
  ]);
  // Deleted meanwhile: the reads above have said so already (404); 0 stands for "no version" otherwise.
  const survey = { campaignName: campaign.campaignName, version: version ?? 0, questions, rules, conditions };
  if (version !== undefined && (await surveyVersionOf(db, campaign.id)) === version) byId.set(campaign.id, survey);
  return survey;
}
