// The demo's send to VICIdial: Spring Survey's dialer settings, one finished send of an earlier day whose counts are
// its leads' outcomes, the latest generated day left to send; seeding twice adds nothing.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dashboardRange, findDashboard } from '../modules/dashboard/service.ts';
import { useTestApp } from '../test/harness.ts';
import { DEMO_SEND, seedDialerSendsDemo } from './dialer-sends.ts';
import { seedDemo } from './seed.ts';
import { allowDemoSeedTime } from '../test/demo-timeout.ts';

allowDemoSeedTime();

const t = useTestApp();

describe('demo data of the sends to VICIdial', () => {
  it("sends an earlier day of Spring Survey once, with counts that match its leads' outcomes, and leaves the latest generated day to send", async () => {
    await seedDemo(t.db);
    const campaign = await t.db
      .selectFrom('campaigns')
      .select('id')
      .where('campaignName', '=', DEMO_SEND.campaignName)
      .executeTakeFirstOrThrow();
    expect(
      await t.db
        .selectFrom('campaignDialerSettings')
        .select(['listId', 'duplicateCheck', 'dncCheck', 'rate', 'updatedBy'])
        .where('campaignId', '=', campaign.id)
        .executeTakeFirst(),
    ).toEqual({
      listId: '1001',
      duplicateCheck: 'DUPLIST',
      dncCheck: true,
      rate: 20,
      updatedBy: 'admin',
    });

    const sends = await t.db.selectFrom('dialerSends').selectAll().execute();
    expect(sends).toHaveLength(1);
    const send = sends[0];
    expect(send).toMatchObject({
      campaignId: campaign.id,
      dataDate: DEMO_SEND.date,
      state: 'finished',
      listId: '1001',
    });
    expect(send?.finishedAt).toBeInstanceOf(Date);

    // Every generated lead of the day is in the send, and the send's counts are exactly its leads' outcomes.
    const { rows: generated } = await sql<{ n: number }>`
      select count(*)::int as n from leads where campaign_id = ${campaign.id} and data_date = ${DEMO_SEND.date}::date and for_d = 'd'`.execute(
      t.db,
    );
    const outcomes = await t.db
      .selectFrom('dialerSendLeads')
      .select(['outcome', (eb) => eb.fn.countAll<number>().as('n')])
      .where('sendId', '=', send?.id ?? 0)
      .groupBy('outcome')
      .execute();
    const byOutcome = Object.fromEntries(outcomes.map((o) => [o.outcome, Number(o.n)]));
    expect(send?.total).toBe(generated[0]?.n);
    expect({
      added: send?.added,
      duplicate: send?.duplicate,
      dnc: send?.dnc,
      refused: send?.refused,
      failed: send?.failed,
    }).toEqual({
      added: byOutcome.added,
      duplicate: byOutcome.duplicate,
      dnc: byOutcome.dnc,
      refused: byOutcome.refused,
      failed: byOutcome.failed ?? 0,
    });
    expect(Object.keys(byOutcome).sort()).toEqual(['added', 'dnc', 'duplicate', 'refused']);
    expect(send?.added).toBeGreaterThan((send?.total ?? 0) * 0.9);

    // VICIdial's own reply text, a VICIdial lead id for an added lead only.
    const leads = await t.db
      .selectFrom('dialerSendLeads')
      .select(['outcome', 'message', 'vicidialLeadId', 'attempts', 'sentAt'])
      .where('sendId', '=', send?.id ?? 0)
      .execute();
    const pattern = {
      added: /^SUCCESS: add_lead LEAD HAS BEEN ADDED - 1[3-9]\d{8}\|crmapi\|1001\|\d+\|6$/,
      duplicate: /^ERROR: add_lead DUPLICATE PHONE NUMBER IN LIST - 1[3-9]\d{8}\|1001\|\d+$/,
      dnc: /^ERROR: add_lead PHONE NUMBER IN DNC - 1[3-9]\d{8}\|crmapi$/,
      refused: /^ERROR: add_lead INVALID PHONE NUMBER PREFIX - 1[3-9]\d{8}\|crmapi$/,
    } as Record<string, RegExp>;
    for (const lead of leads) {
      expect(lead.message).toMatch(pattern[lead.outcome] ?? /^$/);
      expect(lead.vicidialLeadId === null).toBe(lead.outcome !== 'added');
      expect(lead.attempts).toBe(1);
      expect(lead.sentAt).toBeInstanceOf(Date);
    }

    // The latest generated day of the plan (the reports' week of calls, demo/reports.ts, aside) has generated leads in
    // no send: the screen offers to send them.
    const { rows: unsent } = await sql<{ date: string; n: number }>`
      select l.data_date::text as date, count(*)::int as n from leads l
       where l.campaign_id = ${campaign.id} and l.for_d = 'd' and coalesce(l.did, '') not like 'WEEK-%' and not exists (select 1 from dialer_send_leads s where s.lead_id = l.id)
       group by l.data_date order by l.data_date desc limit 1`.execute(t.db);
    expect(unsent[0]?.date).toBe('2026-11-19');
    expect(unsent[0]?.date).not.toBe(DEMO_SEND.date);
    expect(unsent[0]?.n).toBeGreaterThan(0);

    // The dashboard's card counts the added leads.
    expect(
      (await findDashboard(t.db, dashboardRange({}, t.config.timeZone))).find(
        (c) => c.campaignTitle === DEMO_SEND.campaignName,
      )?.sentToDialer,
    ).toBe(send?.added);

    expect(await seedDialerSendsDemo(t.db)).toEqual({ sends: 0, leads: 0 });
    const { n } = await t.db
      .selectFrom('dialerSendLeads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(leads.length);
  });
});
