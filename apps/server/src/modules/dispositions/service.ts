// A campaign's dispositions (docs/guide/call-loop.md "Dispositions"): read (the stored set, else the defaults), replaced
// whole by an admin (audited), and resolved for a save (the code it names, or the default for the call's end).
import {
  DEFAULT_DISPOSITIONS,
  DISPOSITION_MESSAGES,
  DISPOSITION_REFUSALS,
  dispositionFitsEnd,
  dispositionSetProblems,
  type TDisposition,
  type TDispositions,
  type TDispositionsPut,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { assertCanWorkOnCampaign } from '../questions/work-access.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { findLeadLayout } from '../leads/layout.ts';

/** The campaign's set by its id, in order: its stored rows, or the defaults when it has none. */
export async function findCampaignDispositions(db: Db, campaignId: number): Promise<TDispositions> {
  const rows = await db
    .selectFrom('campaignDispositions')
    .select(['code', 'name', 'kind', 'vicidialStatus'])
    .where('campaignId', '=', campaignId)
    .orderBy('position')
    .execute();
  return rows.length > 0 ? rows : DEFAULT_DISPOSITIONS.map((d) => ({ ...d }));
}

/** GET /api/dispositions?campaignName=: 403 for an agent of another campaign, 404 for an unknown campaign. */
export async function findDispositions(db: Db, user: TTokenPayload, campaignName: string): Promise<TDispositions> {
  assertCanWorkOnCampaign(user, campaignName);
  const layout = await findLeadLayout(db, campaignName);
  return findCampaignDispositions(db, layout.campaignId);
}

/**
 * PUT /api/dispositions: the campaign's whole set replaced in one transaction, in the order given, with its audit
 * entry (the set before and after). A set with problems is refused whole, naming each (the schema checks the same
 * rules first; they are checked here too for callers that skip it). Replies the set as stored.
 */
export async function replaceDispositions(db: Db, body: TDispositionsPut, actor: TAuditActor): Promise<TDispositions> {
  const problems = dispositionSetProblems(body.dispositions);
  if (problems.length > 0) throw badRequest(`The dispositions were not saved. ${problems.join('; ')}`);
  const layout = await findLeadLayout(db, body.campaignName);
  return db.transaction().execute(async (trx) => {
    // The campaign row locked (not its key: saves referencing it go on): two admins saving at once apply one after the other, each whole.
    await trx
      .selectFrom('campaigns')
      .select('id')
      .where('id', '=', layout.campaignId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    const before = await findCampaignDispositions(trx, layout.campaignId);
    await trx.deleteFrom('campaignDispositions').where('campaignId', '=', layout.campaignId).execute();
    await trx
      .insertInto('campaignDispositions')
      .values(
        body.dispositions.map((d, position) => ({
          campaignId: layout.campaignId,
          position,
          code: d.code,
          name: d.name,
          kind: d.kind,
          vicidialStatus: d.vicidialStatus,
        })),
      )
      .execute();
    const after = await findCampaignDispositions(trx, layout.campaignId);
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'dispositions',
      objectId: layout.campaignName,
      changes: { before: { dispositions: before }, after: { dispositions: after } },
    });
    return after;
  });
}

/**
 * The disposition a save records: the code it names (any case) among the campaign's set, else the first completed one
 * for a completed end and the first callback one otherwise (older clients send none). `completed` undefined: the save
 * ends no call (a correction of answers), and a named code need only exist. 400 with a code for an unknown code or one
 * whose kind the end contradicts.
 */
export function resolveDisposition(
  set: TDispositions,
  campaignName: string,
  code: string | undefined,
  completed: boolean | undefined,
): TDisposition | undefined {
  if (code === undefined) {
    if (completed === undefined) return undefined;
    const kind = completed ? 'completed' : 'callback';
    // A stored set always has both kinds (dispositionSetProblems); the defaults too.
    return set.find((d) => d.kind === kind);
  }
  const chosen = set.find((d) => d.code.toUpperCase() === code.trim().toUpperCase());
  if (chosen === undefined)
    throw new AppError(
      'BAD_REQUEST',
      DISPOSITION_MESSAGES.unknown(code.trim(), campaignName),
      DISPOSITION_REFUSALS.unknown,
    );
  if (!dispositionFitsEnd(chosen.kind, completed))
    throw new AppError(
      'BAD_REQUEST',
      DISPOSITION_MESSAGES.contradicts(chosen.name, completed === true),
      DISPOSITION_REFUSALS.contradicts,
    );
  return chosen;
}
