// Demo data: a few numbers on the system do-not-call list and on Spring Survey's list (docs/guide/dnc.md), added by the
// admin over the last weeks. Idempotent: a number a list has already is left alone, so seeding twice adds nothing.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

const DAY = 86_400_000;

/** [number, list (null: the system list), reason, days ago]. */
const ENTRIES: readonly (readonly [string, string | null, string, number])[] = [
  ['+8801999000101', null, 'Customer asked not to be called', 21],
  ['+8801999000102', null, 'Regulator complaint', 14],
  ['+8801999000103', null, 'Wrong number: a hospital line', 6],
  ['+8801999000201', 'Spring Survey', 'Customer asked not to be called', 10],
  ['+8801999000202', 'Spring Survey', 'Took part already', 3],
];

export async function seedDncDemo(db: Db): Promise<{ added: number }> {
  const admin = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('role', '=', 'admin')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  let added = 0;
  for (const [phoneNumber, campaignName, reason, daysAgo] of ENTRIES) {
    const campaign =
      campaignName === null
        ? null
        : await db.selectFrom('campaigns').select('id').where('campaignName', '=', campaignName).executeTakeFirst();
    if (campaignName !== null && !campaign) continue;
    const result = await sql`
      insert into dnc_numbers (campaign_id, phone_number, reason, added_by_id, added_by, created_at)
      values (${campaign?.id ?? null}::integer, ${phoneNumber}, ${reason}, ${admin?.id ?? null}::integer, ${admin?.username ?? 'admin'}, ${new Date(Date.now() - daysAgo * DAY)})
      on conflict (coalesce(campaign_id, 0), phone_number) do nothing`.execute(db);
    added += Number(result.numAffectedRows ?? 0);
  }
  return { added };
}
