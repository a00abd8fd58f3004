// Sends of a day's generated leads to VICIdial (docs/guide/dialer.md): each campaign's add_lead settings, starting,
// cancelling and resuming a send, and reading it. The work itself is the queue's (queue.ts, worker.ts).
import { sql } from 'kysely';
import {
  DIALER_SEND_MESSAGES,
  localDateTimeText,
  type TDialerSend,
  type TDialerSettingsInput,
  type TDialerSettingsReply,
  type TSendsOfDate,
  type TStartSend,
} from '@crm/shared';
import type { Db } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../db/pg-errors.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../../audit/record.ts';
import { findCampaignByName } from '../../campaigns/service.ts';

export type TDialerMode = TDialerSettingsReply['dialer'];

/** The partial unique index that allows one running send per campaign (migration 0020). */
const ONE_RUNNING = 'dialer_sends_one_running';

export async function findDialerSettings(
  db: Db,
  campaignName: string,
  dialer: TDialerMode,
  timeZone: string,
): Promise<TDialerSettingsReply> {
  const campaign = await findCampaignByName(db, campaignName);
  const row = await db
    .selectFrom('campaignDialerSettings')
    .selectAll()
    .where('campaignId', '=', campaign.id)
    .executeTakeFirst();
  return {
    campaignName: campaign.campaignName,
    dialer,
    settings: row
      ? {
          campaignName: campaign.campaignName,
          listId: row.listId,
          duplicateCheck: row.duplicateCheck,
          dncCheck: row.dncCheck,
          campaignDncCheck: row.campaignDncCheck,
          vicidialCampaignId: row.vicidialCampaignId,
          rate: row.rate,
          quotaStatus: row.quotaStatus,
        }
      : null,
    updatedBy: row?.updatedBy ?? null,
    updatedAt: row ? localDateTimeText(row.updatedAt, timeZone) : null,
  };
}

export async function saveDialerSettings(
  db: Db,
  input: TDialerSettingsInput,
  actor: TAuditActor,
  dialer: TDialerMode,
  timeZone: string,
): Promise<TDialerSettingsReply> {
  const campaign = await findCampaignByName(db, input.campaignName);
  const values = {
    listId: input.listId,
    duplicateCheck: input.duplicateCheck,
    dncCheck: input.dncCheck,
    campaignDncCheck: input.campaignDncCheck,
    vicidialCampaignId:
      input.vicidialCampaignId === null || input.vicidialCampaignId === '' ? null : input.vicidialCampaignId,
    rate: input.rate,
    // Omitted by an older client: the saved one stays (the column's default at first).
    ...(input.quotaStatus === undefined ? {} : { quotaStatus: input.quotaStatus }),
  };
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('campaignDialerSettings')
      .selectAll()
      .where('campaignId', '=', campaign.id)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('campaignDialerSettings')
      .values({ campaignId: campaign.id, ...values, updatedBy: actor.username })
      .onConflict((oc) =>
        oc.column('campaignId').doUpdateSet({ ...values, updatedBy: actor.username, updatedAt: new Date() }),
      )
      .execute();
    const previous = before
      ? {
          listId: before.listId,
          duplicateCheck: before.duplicateCheck,
          dncCheck: before.dncCheck,
          campaignDncCheck: before.campaignDncCheck,
          vicidialCampaignId: before.vicidialCampaignId,
          rate: before.rate,
          quotaStatus: before.quotaStatus,
        }
      : undefined;
    await recordAudit(trx, actor, {
      action: before ? 'update' : 'create',
      objectType: 'dialerSettings',
      objectId: campaign.campaignName,
      changes: previous ? changed(previous, values) : { after: values },
    });
  });
  return findDialerSettings(db, campaign.campaignName, dialer, timeZone);
}

/** Only what differs, as the audit log keeps it. */
function changed(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** As the CamelCasePlugin hands raw rows back. */
type SendRow = {
  id: number;
  campaignName: string;
  dataDate: string;
  state: TDialerSend['state'];
  listId: string;
  rate: number;
  total: number;
  added: number;
  duplicate: number;
  dnc: number;
  refused: number;
  failed: number;
  message: string | null;
  startedBy: string;
  createdAt: Date;
  finishedAt: Date | null;
};

function toSend(r: SendRow, timeZone: string): TDialerSend {
  const done = r.added + r.duplicate + r.dnc + r.refused + r.failed;
  return {
    id: r.id,
    campaignName: r.campaignName,
    date: r.dataDate,
    state: r.state,
    listId: r.listId,
    rate: r.rate,
    total: r.total,
    pending: Math.max(0, r.total - done),
    added: r.added,
    duplicate: r.duplicate,
    dnc: r.dnc,
    refused: r.refused,
    failed: r.failed,
    message: r.message,
    startedBy: r.startedBy,
    createdAt: localDateTimeText(r.createdAt, timeZone),
    finishedAt: r.finishedAt ? localDateTimeText(r.finishedAt, timeZone) : null,
  };
}

const SEND_COLUMNS = sql`s.id, c.campaign_name, s.data_date::text as data_date, s.state, s.list_id, s.rate, s.total, s.added, s.duplicate,
  s.dnc, s.refused, s.failed, s.message, s.started_by, s.created_at, s.finished_at`;

export async function findSend(db: Db, id: number, timeZone: string): Promise<TDialerSend> {
  const { rows } =
    await sql<SendRow>`select ${SEND_COLUMNS} from dialer_sends s join campaigns c on c.id = s.campaign_id where s.id = ${id}`.execute(
      db,
    );
  const row = rows[0];
  if (!row) throw notFound(DIALER_SEND_MESSAGES.notFound);
  return toSend(row, timeZone);
}

/** A date's sends, newest first (the last 20), and its generated leads that are in no send yet. */
export async function findSendsOfDate(db: Db, query: TStartSend, timeZone: string): Promise<TSendsOfDate> {
  const campaign = await findCampaignByName(db, query.campaignName);
  const [{ rows }, unsent] = await Promise.all([
    sql<SendRow>`select ${SEND_COLUMNS} from dialer_sends s join campaigns c on c.id = s.campaign_id
                  where s.campaign_id = ${campaign.id} and s.data_date = ${query.date} order by s.id desc limit 20`.execute(
      db,
    ),
    countUnsent(db, campaign.id, query.date),
  ]);
  return { unsent, sends: rows.map((r) => toSend(r, timeZone)) };
}

/** The date's generated leads (for_d = 'd') in no send; `l` is the leads table of the query. */
function unsentWhere(campaignId: number, date: string) {
  return sql`l.campaign_id = ${campaignId} and l.data_date = ${date} and l.for_d = 'd'
    and not exists (select 1 from dialer_send_leads s where s.lead_id = l.id)`;
}

async function countUnsent(db: Db, campaignId: number, date: string): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from leads l where ${unsentWhere(campaignId, date)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The send's settings from the campaign's current ones; 409 when it has none. */
async function settingsOf(db: Db, campaignId: number, campaignName: string) {
  const settings = await db
    .selectFrom('campaignDialerSettings')
    .selectAll()
    .where('campaignId', '=', campaignId)
    .executeTakeFirst();
  if (!settings) throw conflict(DIALER_SEND_MESSAGES.noSettings(campaignName));
  const { listId, duplicateCheck, dncCheck, campaignDncCheck, vicidialCampaignId, rate } = settings;
  return { listId, duplicateCheck, dncCheck, campaignDncCheck, vicidialCampaignId, rate };
}

async function runningSendOf(db: Db, campaignId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('dialerSends')
    .select('id')
    .where('campaignId', '=', campaignId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Starts a send of the date's generated leads that are in no send yet. Leads whose number is on a do-not-call list of
 * the CRM now (listed after they were generated) are in the send as 'dnc' at once and never go to the dialer.
 * `bulk`: the bulk pool (a date may hold a hundred thousand leads).
 */
export async function startSend(
  bulk: Db,
  input: TStartSend,
  actor: TAuditActor,
  dialer: TDialerMode,
): Promise<{ id: number }> {
  if (dialer === 'unconfigured') throw conflict(DIALER_SEND_MESSAGES.noDialer);
  const campaign = await findCampaignByName(bulk, input.campaignName);
  const settings = await settingsOf(bulk, campaign.id, campaign.campaignName);
  const running = await runningSendOf(bulk, campaign.id);
  if (running !== undefined) throw conflict(DIALER_SEND_MESSAGES.alreadyRunning(running));
  try {
    const started = await bulk.transaction().execute(async (trx) => {
      const send = await trx
        .insertInto('dialerSends')
        .values({ campaignId: campaign.id, dataDate: input.date, ...settings, total: 0, startedBy: actor.username })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { rows } = await sql<{ total: string; dnc: string }>`
        with taken as (
          insert into dialer_send_leads (send_id, lead_id, phone_number, outcome, message)
          select ${send.id}, l.id, l.cell_number,
                 case when d.id is null then 'pending' else 'dnc' end,
                 case when d.id is null then ''
                      else 'On the CRM''s ' || (case when d.campaign_id is null then 'system' else 'campaign' end) || ' do-not-call list: not sent.' end
              from leads l
              left join lateral (
                select id, campaign_id from dnc_numbers
                 where phone_number = l.cell_number and (campaign_id is null or campaign_id = ${campaign.id})
                 order by campaign_id nulls first limit 1) d on true
             where ${unsentWhere(campaign.id, input.date)}
          on conflict (lead_id) do nothing
          returning outcome)
        select count(*) as total, count(*) filter (where outcome = 'dnc') as dnc from taken`.execute(trx);
      const total = Number(rows[0]?.total ?? 0);
      if (total === 0) throw conflict(DIALER_SEND_MESSAGES.nothingToSend(input.date));
      const dnc = Number(rows[0]?.dnc ?? 0);
      await trx.updateTable('dialerSends').set({ total, dnc }).where('id', '=', send.id).execute();
      if (dnc === total)
        await trx
          .updateTable('dialerSends')
          .set({ state: 'finished', finishedAt: new Date() })
          .where('id', '=', send.id)
          .execute();
      await recordAudit(trx, actor, {
        action: 'create',
        objectType: 'dialerSend',
        objectId: send.id,
        changes: {
          after: {
            campaignName: campaign.campaignName,
            date: input.date,
            listId: settings.listId,
            rate: settings.rate,
          },
          counts: { total, dnc },
        },
      });
      return { id: send.id };
    });
    // Up-to-date statistics after a large insert, so the worker's batch reads use the to-do index from the start
    // (autovacuum would get there only later). A failure here costs speed, not the send.
    // Through the owner's function (migration 0029): the application's role owns no table to analyze (docs/trust.md).
    await sql`select analyze_dialer_send_leads()`.execute(bulk).catch(() => undefined);
    return started;
  } catch (e) {
    if (isUniqueViolation(e, ONE_RUNNING)) {
      const other = await runningSendOf(bulk, campaign.id);
      throw conflict(DIALER_SEND_MESSAGES.alreadyRunning(other ?? 0));
    }
    throw e;
  }
}

/** Stops a running send: no new request starts (in any process within a second); the leads not sent stay to resume. */
export async function cancelSend(db: Db, id: number, actor: TAuditActor, timeZone: string): Promise<TDialerSend> {
  await db.transaction().execute(async (trx) => {
    const send = await trx
      .selectFrom('dialerSends')
      .select(['id', 'state'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!send) throw notFound(DIALER_SEND_MESSAGES.notFound);
    if (send.state !== 'running') throw conflict(DIALER_SEND_MESSAGES.notRunning);
    await trx
      .updateTable('dialerSends')
      .set({ state: 'cancelled', updatedAt: new Date() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'dialerSend',
      objectId: id,
      changes: { before: { state: 'running' }, after: { state: 'cancelled' } },
    });
  });
  return findSend(db, id, timeZone);
}

/**
 * Runs a send again with the campaign's current settings: its waiting leads, and its failed ones (looked up in the
 * list first, since a failed request may have been applied). A running send is only queued again (after a crash).
 */
export async function resumeSend(db: Db, id: number, actor: TAuditActor, timeZone: string): Promise<TDialerSend> {
  try {
    await db.transaction().execute(async (trx) => {
      const send = await trx
        .selectFrom('dialerSends')
        .select(['id', 'state', 'campaignId', 'failed'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!send) throw notFound(DIALER_SEND_MESSAGES.notFound);
      if (send.state === 'running') return;
      const campaign = await trx
        .selectFrom('campaigns')
        .select('campaignName')
        .where('id', '=', send.campaignId)
        .executeTakeFirstOrThrow();
      const settings = await settingsOf(trx, send.campaignId, campaign.campaignName);
      const retried =
        await sql`update dialer_send_leads set outcome = 'sending', claimed_at = null where send_id = ${id} and outcome = 'failed'`.execute(
          trx,
        );
      const left = await trx
        .selectFrom('dialerSendLeads')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('sendId', '=', id)
        .where('outcome', 'in', ['pending', 'sending'])
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0) throw conflict(DIALER_SEND_MESSAGES.nothingToResume);
      await trx
        .updateTable('dialerSends')
        .set({
          ...settings,
          state: 'running',
          message: null,
          finishedAt: null,
          failed: (eb) => eb('failed', '-', Number(retried.numAffectedRows ?? 0n)),
          updatedAt: new Date(),
        })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, actor, {
        action: 'update',
        objectType: 'dialerSend',
        objectId: id,
        changes: {
          before: { state: send.state },
          after: { state: 'running' },
          counts: { retried: Number(retried.numAffectedRows ?? 0n), waiting: Number(left.n) },
        },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e, ONE_RUNNING)) {
      const send = await db
        .selectFrom('dialerSends')
        .select('campaignId')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      throw conflict(DIALER_SEND_MESSAGES.alreadyRunning((await runningSendOf(db, send.campaignId)) ?? 0));
    }
    throw e;
  }
  return findSend(db, id, timeZone);
}

/** The sends still running (after a restart each is queued again; the worker's lock keeps it to one process). */
export async function findRunningSendIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('dialerSends').select('id').where('state', '=', 'running').orderBy('id').execute();
  return rows.map((r) => r.id);
}
