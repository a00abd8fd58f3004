// The dispute settings (docs/guide/disputes.md "Settings"): how long after scoring an agent may dispute, and how long an
// inspector has to answer. One row (qc_settings, migration 0018), kept by admins.
import type { TDisputeSettings, TDisputeSettingsUpdate, TTokenPayload } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { changedFields, recordAudit, type TAuditActor } from '../audit/record.ts';

type Settings = { disputeWindowDays: number; answerWindowHours: number };

/** The row; the defaults when it is missing (the migration inserts it, a restore might not). */
export async function readDisputeWindows(db: Db): Promise<Settings> {
  const row = await db
    .selectFrom('qcSettings')
    .select(['disputeWindowDays', 'answerWindowHours'])
    .where('id', '=', true)
    .executeTakeFirst();
  return row ?? { disputeWindowDays: 7, answerWindowHours: 48 };
}

export async function findDisputeSettings(db: Db): Promise<TDisputeSettings> {
  const row = await db.selectFrom('qcSettings').selectAll().where('id', '=', true).executeTakeFirst();
  if (!row) return { disputeWindowDays: 7, answerWindowHours: 48, updatedAt: null, updatedBy: null };
  return {
    disputeWindowDays: row.disputeWindowDays,
    answerWindowHours: row.answerWindowHours,
    updatedAt: row.updatedAt?.toISOString() ?? null,
    updatedBy: row.updatedBy,
  };
}

/** PUT settings: applies to disputes raised from now on (a raised one keeps the answer deadline it was given); audited. */
export async function updateDisputeSettings(
  db: Db,
  user: TTokenPayload,
  body: TDisputeSettingsUpdate,
  actor: TAuditActor,
): Promise<TDisputeSettings> {
  const values = { ...body, updatedAt: new Date(), updatedBy: user.userName };
  await db.transaction().execute(async (trx) => {
    const before = await readDisputeWindows(trx);
    await trx
      .insertInto('qcSettings')
      .values({ id: true, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'qcSettings',
      objectId: 'disputes',
      changes: changedFields(before, body),
    });
  });
  return findDisputeSettings(db);
}
