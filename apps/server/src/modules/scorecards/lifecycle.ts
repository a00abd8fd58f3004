// Publishing and retiring a version (docs/scorecards.md, Versions and the lifecycle): a publish moves every campaign
// on an older version of the same scorecard to the new one; a retire is refused while a campaign uses the version.
import { isDeepStrictEqual } from 'node:util';
import { SCORECARD_MESSAGES, type TScorecard } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import {
  LOCAL_MESSAGES,
  SCORECARD_CODES,
  definitionOf,
  findScorecardRow,
  findUses,
  lockScorecards,
  refuse,
  scorecardOf,
  type TUse,
} from './rows.ts';

/** The campaigns' choices that name an older version of the scorecard move to `id`, each audited. */
async function moveCampaigns(trx: Db, scorecardId: number, id: number, actor: TAuditActor): Promise<number> {
  const older = trx.selectFrom('scorecards').select('id').where('scorecardId', '=', scorecardId).where('id', '<>', id);
  const rows = await trx
    .selectFrom('campaignScorecards as cs')
    .innerJoin('campaigns as c', 'c.id', 'cs.campaignId')
    .select(['cs.campaignId', 'c.campaignName', 'cs.inHouseId', 'cs.clientId'])
    .where((eb) => eb.or([eb('cs.inHouseId', 'in', older), eb('cs.clientId', 'in', older)]))
    .forUpdate()
    .execute();
  const olderIds = new Set((await older.execute()).map((r) => r.id));
  // "Standard" (every campaign without a row) has no other version (versions.ts), so only rows move.
  const changes: { campaignId: number; campaignName: string; before: Choice; after: Choice }[] = rows.map((r) => ({
    campaignId: r.campaignId,
    campaignName: r.campaignName,
    before: { inHouse: r.inHouseId, client: r.clientId },
    after: {
      inHouse: olderIds.has(r.inHouseId) ? id : r.inHouseId,
      client: olderIds.has(r.clientId) ? id : r.clientId,
    },
  }));
  for (const c of changes) {
    await trx
      .insertInto('campaignScorecards')
      .values({
        campaignId: c.campaignId,
        inHouseId: c.after.inHouse,
        clientId: c.after.client,
        updatedBy: actor.username,
      })
      .onConflict((oc) =>
        oc.column('campaignId').doUpdateSet({
          inHouseId: c.after.inHouse,
          clientId: c.after.client,
          updatedBy: actor.username,
          updatedAt: new Date(),
        }),
      )
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'campaignScorecards',
      objectId: c.campaignName,
      changes: { before: c.before, after: c.after, note: `scorecard version ${id} published` },
    });
  }
  return changes.length;
}

type Choice = { inHouse: number; client: number };

/** POST /api/scorecards/{id}/publish: the draft becomes the scorecard's current version. */
export async function publishScorecard(db: Db, id: number, actor: TAuditActor): Promise<TScorecard> {
  return db.transaction().execute(async (trx) => {
    await lockScorecards(trx);
    const row = await findScorecardRow(trx, id, true);
    if (row.state === 'published')
      throw refuse('CONFLICT', SCORECARD_MESSAGES.alreadyPublished, SCORECARD_CODES.wrongState);
    if (row.state === 'retired')
      throw refuse('CONFLICT', SCORECARD_MESSAGES.onlyDraftsPublish, SCORECARD_CODES.wrongState);
    const latest = await trx
      .selectFrom('scorecards')
      .select('definition')
      .where('scorecardId', '=', row.scorecardId)
      .where('state', '=', 'published')
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest && isDeepStrictEqual(definitionOf(latest), definitionOf(row)))
      throw refuse('BAD_REQUEST', SCORECARD_MESSAGES.noChange(row.name, row.version), SCORECARD_CODES.noChange);
    const now = new Date();
    await trx
      .updateTable('scorecards')
      .set({ state: 'published', publishedAt: now, updatedAt: now })
      .where('id', '=', id)
      .execute();
    const moved = await moveCampaigns(trx, row.scorecardId, id, actor);
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'scorecard',
      objectId: id,
      changes: {
        before: { state: 'draft' },
        after: { state: 'published' },
        note: `published version ${row.version} of "${row.name}"; ${moved} campaign(s) moved to it`,
      },
    });
    return scorecardOf(trx, id);
  });
}

/** "Mobile (in-house and client), Bank (client)". */
function describeUses(uses: readonly TUse[]): string {
  const kinds = new Map<string, string[]>();
  for (const u of uses) kinds.set(u.campaignName, [...(kinds.get(u.campaignName) ?? []), u.kind]);
  return [...kinds].map(([name, k]) => `${name} (${k.join(' and ')})`).join(', ');
}

/** POST /api/scorecards/{id}/retire: a published version no campaign uses leaves the choices; its records keep it. */
export async function retireScorecard(db: Db, id: number, actor: TAuditActor): Promise<TScorecard> {
  return db.transaction().execute(async (trx) => {
    await lockScorecards(trx);
    const row = await findScorecardRow(trx, id, true);
    if (row.builtIn) throw refuse('CONFLICT', SCORECARD_MESSAGES.builtInStays, SCORECARD_CODES.builtIn);
    if (row.state === 'retired')
      throw refuse('CONFLICT', SCORECARD_MESSAGES.alreadyRetired, SCORECARD_CODES.wrongState);
    if (row.state === 'draft') throw refuse('CONFLICT', LOCAL_MESSAGES.onlyPublishedRetire, SCORECARD_CODES.wrongState);
    // The campaigns' rows are locked against a choice made meanwhile by the lock every choice takes too.
    const uses = (await findUses(trx)).get(id) ?? [];
    if (uses.length > 0) throw refuse('CONFLICT', SCORECARD_MESSAGES.inUse(describeUses(uses)), SCORECARD_CODES.inUse);
    const now = new Date();
    await trx
      .updateTable('scorecards')
      .set({ state: 'retired', retiredAt: now, updatedAt: now })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'scorecard',
      objectId: id,
      changes: { before: { state: 'published' }, after: { state: 'retired' }, note: `retired version ${row.version}` },
    });
    return scorecardOf(trx, id);
  });
}
