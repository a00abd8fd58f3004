// Demo data of the call loop (docs/guide/call-loop.md): Spring Survey's own disposition set, and one call attempt for every
// demo lead called by hand-written demo data (the leads' and AG-1001's first load), with plausible handle times and
// dispositions. Idempotent: a campaign with a stored set keeps it, and a lead with an attempt gets no other.
import { sql } from 'kysely';
import { DEFAULT_DISPOSITIONS, type TDisposition } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { findCampaignDispositions } from '../modules/dispositions/service.ts';

/** Spring Survey: the defaults, and one of its own (a respondent busy now is tried again on a later list). */
export const SPRING_DISPOSITIONS: readonly TDisposition[] = [
  ...DEFAULT_DISPOSITIONS,
  { code: 'BUSY', name: 'Busy, call later', kind: 'retry', vicidialStatus: 'B' },
];

export async function seedDispositionsDemo(db: Db): Promise<void> {
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('campaignName', '=', 'Spring Survey')
    .executeTakeFirst();
  if (!campaign) return;
  const stored = await db
    .selectFrom('campaignDispositions')
    .select('code')
    .where('campaignId', '=', campaign.id)
    .executeTakeFirst();
  if (stored) return;
  await db
    .insertInto('campaignDispositions')
    .values(SPRING_DISPOSITIONS.map((d, position) => ({ campaignId: campaign.id, position, ...d })))
    .execute();
}

/** The code of the campaign's first disposition of the kind, or of the fallback kind when it has none of that kind. */
function firstOf(
  set: readonly TDisposition[],
  kind: TDisposition['kind'],
  fallback: TDisposition['kind'] = 'callback',
): TDisposition {
  const found = set.find((d) => d.kind === kind) ?? set.find((d) => d.kind === fallback);
  if (found === undefined) throw new Error(`no ${kind} disposition`);
  return found;
}

/**
 * An attempt for each called lead (called_at set) of the demo that has none, in one statement per campaign: it ended
 * at the lead's called_at and lasted 3 to 7 minutes when the survey was completed, 20 s to 2 min otherwise. A call
 * not completed ended as the callback disposition when it stopped at a Partial Call, else (by its id) not interested,
 * wrong number, a retry (Spring Survey: busy, call later; others: language barrier) or a callback.
 */
export async function seedCallAttemptsDemo(db: Db): Promise<void> {
  const campaigns = await db.selectFrom('campaigns').select(['id', 'campaignName']).orderBy('id').execute();
  for (const campaign of campaigns) {
    const set = await findCampaignDispositions(db, campaign.id);
    const completed = firstOf(set, 'completed', 'completed');
    const callback = firstOf(set, 'callback');
    const notInterested = set.find((d) => d.code === 'NI') ?? firstOf(set, 'final');
    const wrong = set.find((d) => d.code === 'WRONG') ?? firstOf(set, 'final');
    const retry = set.find((d) => d.code === 'BUSY') ?? firstOf(set, 'retry');
    const notCompleted = [notInterested, notInterested, wrong, retry, callback];
    const column = (key: 'code' | 'name' | 'kind' | 'vicidialStatus') =>
      sql`case when l.is_called = 1 then ${completed[key]}
               when exists (select 1 from jsonb_each_text(l.answers) a where a.value = 'Partial Call') then ${callback[key]}
               else (${sql.val(notCompleted.map((d) => d[key]))}::text[])[1 + (l.id % ${notCompleted.length})] end`;
    // A bulk seed, as a migration's: the summary triggers of thousands of attempts may pass the interactive statement
    // time-out on a busy machine (their tables' statistics still those of an empty database).
    await db.transaction().execute(async (trx) => {
      await sql`set local statement_timeout = 0`.execute(trx);
      await sql`
      insert into call_attempts (lead_id, campaign_id, user_id, agent_id, started_at, ended_at, handle_seconds,
                                 disposition_code, disposition_name, disposition_kind, vicidial_status, completed)
      select l.id, l.campaign_id, l.called_by, u.username, l.called_at - make_interval(secs => h.seconds), l.called_at, h.seconds,
             ${column('code')}, ${column('name')}, ${column('kind')}, ${column('vicidialStatus')}, l.is_called = 1
        from leads l
        join users u on u.id = l.called_by
        cross join lateral (select case when l.is_called = 1 then 180 + (l.id * 37) % 241 else 20 + (l.id * 13) % 101 end::int as seconds) h
       where l.campaign_id = ${campaign.id} and l.called_at is not null
         and not exists (select 1 from call_attempts a where a.lead_id = l.id)
       order by l.id`.execute(trx);
    });
  }
}
