// PUT and DELETE /api/ap/draft/{leadId}: the caller's call in progress of a lead, kept on the server at each answer so
// a reload or a crashed browser loses nothing. A draft is its caller's only: every statement names the caller.
import { sql } from 'kysely';
import {
  CALL_DRAFT_MESSAGES,
  GENERATED_FOR_D,
  type TCallDraftBody,
  type TCallDraftDeleted,
  type TCallDraftSaved,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { assertCanWorkOnCampaign } from '../questions/work-access.ts';

/** A campaign's id by its name, as a subquery (names are unique whatever their case). */
function campaignIdNamed(db: Db, campaignName: string) {
  return db
    .selectFrom('campaigns')
    .select('campaigns.id')
    .where(sql<string>`lower(campaigns.campaign_name)`, '=', campaignName.trim().toLowerCase());
}

/**
 * Writes the caller's draft of a generated lead of the campaign: one upsert, which also checks the lead (a lead of
 * another campaign, a fresh one or none writes nothing: 404).
 */
export async function saveCallDraft(
  db: Db,
  user: TTokenPayload,
  campaignName: string,
  leadId: number,
  draft: TCallDraftBody,
): Promise<TCallDraftSaved> {
  assertCanWorkOnCampaign(user, campaignName);
  // A draft is written at every answer and replaced by the next: its commit does not wait for the disk (a database crash
  // may lose the last fraction of a second of drafts, never a saved call). That wait was most of the draft's time.
  const row = await db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    return upsertDraft(trx, user, campaignName, leadId, draft);
  });
  if (row === undefined) throw notFound(`${campaignName.trim()} has no generated lead ${leadId}`);
  return { message: CALL_DRAFT_MESSAGES.saved, updatedAt: row.updatedAt.toISOString() };
}

/** The upsert itself: the draft row is made from the lead's own row, so only a generated lead of the campaign gets one. */
function upsertDraft(db: Db, user: TTokenPayload, campaignName: string, leadId: number, draft: TCallDraftBody) {
  const current = draft.path[draft.path.length - 1] ?? '';
  const answers = JSON.stringify(draft.answers);
  return db
    .insertInto('callDrafts')
    .columns(['userId', 'leadId', 'campaignId', 'path', 'currentQno', 'answers', 'leadVersion'])
    .expression((eb) =>
      eb
        .selectFrom('leads')
        .select((s) => [
          s.val(Number(user.sub)).as('userId'),
          'leads.id',
          'leads.campaignId',
          sql<string[]>`${draft.path}::text[]`.as('path'),
          s.val(current).as('currentQno'),
          sql<string>`${answers}::jsonb`.as('answers'),
          s.val(draft.leadVersion).as('leadVersion'),
        ])
        .where('leads.id', '=', String(leadId))
        .where('leads.forD', '=', GENERATED_FOR_D)
        .where('leads.campaignId', '=', campaignIdNamed(db, campaignName)),
    )
    .onConflict((oc) =>
      oc.columns(['userId', 'leadId']).doUpdateSet((eb) => ({
        path: eb.ref('excluded.path'),
        currentQno: eb.ref('excluded.currentQno'),
        answers: eb.ref('excluded.answers'),
        leadVersion: eb.ref('excluded.leadVersion'),
        updatedAt: sql<Date>`now()`,
      })),
    )
    .returning('updatedAt')
    .executeTakeFirst();
}

/** Deletes the caller's draft of the lead (a new search, or the call given up); nothing to delete is no error. */
export async function deleteCallDraft(
  db: Db,
  user: TTokenPayload,
  campaignName: string,
  leadId: number,
): Promise<TCallDraftDeleted> {
  assertCanWorkOnCampaign(user, campaignName);
  const result = await db
    .deleteFrom('callDrafts')
    .where('userId', '=', Number(user.sub))
    .where('leadId', '=', String(leadId))
    .where('campaignId', '=', campaignIdNamed(db, campaignName))
    .executeTakeFirst();
  const deleted = result.numDeletedRows > 0n;
  return { message: deleted ? CALL_DRAFT_MESSAGES.deleted : CALL_DRAFT_MESSAGES.nothingToDelete, deleted };
}
