// Demo data of the sends to VICIdial (docs/guide/dialer.md): Spring Survey's dialer settings and one finished send of
// an earlier day's generated leads, each lead with the outcome and reply text VICIdial's add_lead gives, the send's
// counts matching its leads. The latest generated day stays unsent, so the generate screen offers "Send to dialer".
// Written directly, as the send engine would leave it; runs once: nothing is added when the day has a send already.
import { sql } from 'kysely';
import type { TSendOutcome } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { DEMO_LEAD_PLAN } from './leads.ts';

const PLAN = DEMO_LEAD_PLAN[0];
/** The day sent: the second of Spring Survey's generated days; the third (2026-11-19) is left to send. */
export const DEMO_SEND = { campaignName: PLAN.campaignName, date: PLAN.dates[1].date, listId: '1001' } as const;

/** The API user VICIdial names in its replies (VICIDIAL_USER of a real install). */
const API_USER = 'crmapi';
/** Leads a second, as the admin set it: the sent_at times are this far apart. */
const RATE = 20;
/** The send started before the day's calls (demo/leads.ts places them from 10:00, Dhaka time). */
const STARTED_AT = new Date(`${DEMO_SEND.date}T09:00:00+06:00`);
/** VICIdial's lead ids of the demo list start here. */
const FIRST_VICIDIAL_LEAD_ID = 8_765_001;

/** The outcomes VICIdial answers (failed: the dialer never answered, so no reply). */
type TReply = Exclude<TSendOutcome, 'failed'>;

/** The few leads (by position in the send) VICIdial did not add, and why; every other lead was added. */
const NOT_ADDED: ReadonlyMap<number, Exclude<TReply, 'added'>> = new Map<number, Exclude<TReply, 'added'>>([
  [17, 'duplicate'],
  [203, 'duplicate'],
  [88, 'dnc'],
  [412, 'dnc'],
  [350, 'refused'],
]);

/** add_lead's phone_number: the national number without the country code (demo numbers are all +880). */
const nationalNumber = (e164: string) => e164.replace(/^\+880/, '');

/** VICIdial's reply to add_lead for the outcome, in the format of VICIdial's own NON-AGENT_API.txt. */
function replyFor(outcome: TReply, phone: string, vicidialLeadId: number): string {
  switch (outcome) {
    case 'added':
      return `SUCCESS: add_lead LEAD HAS BEEN ADDED - ${phone}|${API_USER}|${DEMO_SEND.listId}|${vicidialLeadId}|6`;
    case 'duplicate':
      // The list's own lead with the number: loaded by hand before the CRM sent leads.
      return `ERROR: add_lead DUPLICATE PHONE NUMBER IN LIST - ${phone}|${DEMO_SEND.listId}|${vicidialLeadId - 4_000}`;
    case 'dnc':
      return `ERROR: add_lead PHONE NUMBER IN DNC - ${phone}|${API_USER}`;
    case 'refused':
      return `ERROR: add_lead INVALID PHONE NUMBER PREFIX - ${phone}|${API_USER}`;
  }
}

export async function seedDialerSendsDemo(db: Db): Promise<{ sends: number; leads: number }> {
  const none = { sends: 0, leads: 0 };
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where(sql<string>`lower(campaign_name)`, '=', DEMO_SEND.campaignName.toLowerCase())
    .executeTakeFirst();
  if (!campaign) return none;

  // An admin's own settings are kept.
  await db
    .insertInto('campaignDialerSettings')
    .values({
      campaignId: campaign.id,
      listId: DEMO_SEND.listId,
      duplicateCheck: 'DUPLIST',
      dncCheck: true,
      campaignDncCheck: false,
      vicidialCampaignId: null,
      rate: RATE,
      updatedBy: 'admin',
      updatedAt: STARTED_AT,
    })
    .onConflict((oc) => oc.column('campaignId').doNothing())
    .execute();

  const sent = await db
    .selectFrom('dialerSends')
    .select('id')
    .where('campaignId', '=', campaign.id)
    .where('dataDate', '=', DEMO_SEND.date)
    .executeTakeFirst();
  if (sent) return none;
  // The day's generated leads that no send holds (a lead is in one send at most).
  const leads = await db
    .selectFrom('leads')
    .select(['id', 'cellNumber'])
    .where('campaignId', '=', campaign.id)
    .where('dataDate', '=', DEMO_SEND.date)
    .where('forD', '=', 'd')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('dialerSendLeads')
            .select('dialerSendLeads.leadId')
            .whereRef('dialerSendLeads.leadId', '=', 'leads.id'),
        ),
      ),
    )
    .orderBy('id')
    .execute();
  if (leads.length === 0) return none;

  const rows = leads.map((lead, i) => {
    const outcome: TReply = NOT_ADDED.get(i) ?? 'added';
    const vicidialLeadId = FIRST_VICIDIAL_LEAD_ID + i;
    return {
      leadId: String(lead.id),
      phoneNumber: lead.cellNumber,
      outcome,
      message: replyFor(outcome, nationalNumber(lead.cellNumber), vicidialLeadId),
      attempts: 1,
      vicidialLeadId: outcome === 'added' ? String(vicidialLeadId) : null,
      sentAt: new Date(STARTED_AT.getTime() + Math.round((i * 1000) / RATE)),
    };
  });
  const count = (outcome: TSendOutcome) => rows.filter((r) => r.outcome === outcome).length;
  const finishedAt = new Date((rows.at(-1)?.sentAt ?? STARTED_AT).getTime() + 1000);

  await db.transaction().execute(async (trx) => {
    const send = await trx
      .insertInto('dialerSends')
      .values({
        campaignId: campaign.id,
        dataDate: DEMO_SEND.date,
        state: 'finished',
        listId: DEMO_SEND.listId,
        duplicateCheck: 'DUPLIST',
        dncCheck: true,
        campaignDncCheck: false,
        vicidialCampaignId: null,
        rate: RATE,
        total: rows.length,
        added: count('added'),
        duplicate: count('duplicate'),
        dnc: count('dnc'),
        refused: count('refused'),
        failed: count('failed'),
        message: null,
        startedBy: 'admin',
        createdAt: STARTED_AT,
        updatedAt: finishedAt,
        finishedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < rows.length; start += 500) {
      await trx
        .insertInto('dialerSendLeads')
        .values(rows.slice(start, start + 500).map((r) => ({ ...r, sendId: send.id })))
        .execute();
    }
  });
  return { sends: 1, leads: rows.length };
}
