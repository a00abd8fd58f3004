// GET /api/ap/myCalls: the CRM's idle screen, the caller's own calls of a campaign: drafts and partial calls of today to
// resume, and the last calls saved (from the lead answer history, migration 0009).
import { sql } from 'kysely';
import {
  PARTIAL_CALL_ANSWER,
  RECENT_CALLS_LIMIT,
  qnoNumber,
  startOfLocalDay,
  type TMyCalls,
  type TSavedCall,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { assertCanWorkOnCampaign } from '../questions/work-access.ts';
import { findCampaignByName } from '../campaigns/service.ts';

/** More than a shift makes: the lists stay short however the day went. */
const TODAY_LIMIT = 50;

type HistoryRow = {
  leadId: string;
  cellNumber: string;
  respondentName: string | null;
  savedAt: Date;
  isCalled: number;
  answers: Record<string, string>;
};

/** The question a partial call stopped at: the first (by qno) answered 'Partial Call'. */
function stoppedAt(answers: Record<string, string>): string | null {
  const partial = Object.keys(answers)
    .filter((key) => answers[key] === PARTIAL_CALL_ANSWER)
    .sort((a, b) => qnoNumber(a) - qnoNumber(b));
  return partial[0] ?? null;
}

function toSavedCall(r: HistoryRow): TSavedCall {
  return {
    leadId: Number(r.leadId),
    cellNumber: r.cellNumber,
    respondentName: r.respondentName,
    savedAt: r.savedAt.toISOString(),
    isCalled: r.isCalled,
    stoppedAt: stoppedAt(r.answers),
  };
}

/** The caller's drafts, partial calls and saves of the campaign; nobody else's, whatever their role. */
export async function findMyCalls(
  db: Db,
  user: TTokenPayload,
  campaignName: string,
  timeZone: string,
  now = new Date(),
): Promise<TMyCalls> {
  assertCanWorkOnCampaign(user, campaignName);
  const campaign = await findCampaignByName(db, campaignName);
  const userId = Number(user.sub);
  const today = startOfLocalDay(now, timeZone);

  const history = db
    .selectFrom('leadAnswerHistory as h')
    .innerJoin('leads as l', 'l.id', 'h.leadId')
    .select(['h.leadId', 'l.cellNumber', 'l.respondentName', 'h.savedAt', 'h.isCalled', 'h.answers'])
    .where('h.userId', '=', userId)
    .where('l.campaignId', '=', campaign.id);

  const [drafts, partials, recent] = await Promise.all([
    db
      .selectFrom('callDrafts as d')
      .innerJoin('leads as l', 'l.id', 'd.leadId')
      .select([
        'd.leadId',
        'l.cellNumber',
        'l.respondentName',
        'd.path',
        'd.currentQno',
        'd.answers',
        'd.leadVersion',
        'd.updatedAt',
      ])
      .where('d.userId', '=', userId)
      .where('d.campaignId', '=', campaign.id)
      .where('d.updatedAt', '>=', today)
      .orderBy('d.updatedAt', 'desc')
      .limit(TODAY_LIMIT)
      .execute(),
    // Still where the caller left it: the lead's latest save is this one (nobody saved it since).
    history
      .where('h.savedAt', '>=', today)
      .where('h.isCalled', '=', 0)
      .whereRef('h.version', '=', 'l.version')
      .where(sql<boolean>`exists (select 1 from jsonb_each_text(h.answers) a where a.value = ${PARTIAL_CALL_ANSWER})`)
      .orderBy('h.savedAt', 'desc')
      .limit(TODAY_LIMIT)
      .execute(),
    history.orderBy('h.savedAt', 'desc').orderBy('h.id', 'desc').limit(RECENT_CALLS_LIMIT).execute(),
  ]);

  const inProgress = new Set(drafts.map((d) => d.leadId));
  return {
    drafts: drafts.map((d) => ({
      leadId: Number(d.leadId),
      cellNumber: d.cellNumber,
      respondentName: d.respondentName,
      path: d.path,
      currentQno: d.currentQno,
      answers: d.answers,
      leadVersion: d.leadVersion,
      updatedAt: d.updatedAt.toISOString(),
    })),
    // A partial call being resumed is listed once, as the draft.
    partialCalls: partials.filter((p) => !inProgress.has(p.leadId)).map(toSavedCall),
    recentCalls: recent.map(toSavedCall),
  };
}
