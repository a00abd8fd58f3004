// Demo data: two quotas on Spring Survey (docs/guide/quotas.md): region = Dhaka with room for a few dozen more completed
// calls, and Q5 = "Very good" already full, so a save completing a call with that answer is refused. Each starts at
// the completed calls already in it. Idempotent: a quota the campaign has already is left alone.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

const CAMPAIGN = 'Spring Survey';
/** How many more completed calls the Dhaka quota takes. */
export const DHAKA_ROOM = 40;

export async function seedQuotasDemo(db: Db): Promise<{ added: number }> {
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('campaignName', '=', CAMPAIGN)
    .executeTakeFirst();
  const q5 =
    campaign === undefined
      ? undefined
      : await db
          .selectFrom('questions')
          .select('id')
          .where('campaignId', '=', campaign.id)
          .where('qno', '=', 5)
          .executeTakeFirst();
  if (campaign === undefined || q5 === undefined) return { added: 0 };
  const admin = await db
    .selectFrom('users')
    .select('username')
    .where('role', '=', 'admin')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const by = admin?.username ?? 'admin';
  const dhaka = await sql`
    insert into quotas (campaign_id, field, value, "limit", count, created_by)
    select ${campaign.id}::integer, 'region', 'Dhaka', count(*) + ${DHAKA_ROOM}, count(*), ${by}
      from leads where campaign_id = ${campaign.id} and is_called = 1 and region = 'Dhaka'
    on conflict (campaign_id, field, value) where field is not null do nothing`.execute(db);
  // Full: its limit is the completed calls with the answer.
  const veryGood = await sql`
    insert into quotas (campaign_id, question_id, value, "limit", count, created_by)
    select ${campaign.id}::integer, ${q5.id}::integer, 'Very good', greatest(count(*), 1), count(*), ${by}
      from leads where campaign_id = ${campaign.id} and is_called = 1 and trim(answers ->> 'Q5') = 'Very good'
    on conflict (campaign_id, question_id, value) where question_id is not null do nothing`.execute(db);
  return { added: Number(dhaka.numAffectedRows ?? 0) + Number(veryGood.numAffectedRows ?? 0) };
}
