// Demo leads for the dashboard's per-campaign figures: a few days of Bangladeshi call lists, partly generated and called.
import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';
import { DEMO_CAMPAIGNS } from './base.ts';

const NAMES = ['Abdul Karim', 'Fatema Begum', 'Rafiqul Islam', 'Nasrin Akter', 'Shahidul Alam', 'Taslima Khatun', 'Mizanur Rahman', 'Sharmin Sultana', 'Jahangir Hossain', 'Rokeya Parvin', 'Anwar Hossain', 'Shirin Akter'];
const AREAS = [
  { region: 'Dhaka', territory: 'Mirpur', area: 'Mirpur-10' },
  { region: 'Dhaka', territory: 'Uttara', area: 'Sector 7' },
  { region: 'Chattogram', territory: 'Agrabad', area: 'Double Mooring' },
  { region: 'Rajshahi', territory: 'Boalia', area: 'Shaheb Bazar' },
  { region: 'Khulna', territory: 'Sonadanga', area: 'Moylapota' },
  { region: 'Sylhet', territory: 'Zindabazar', area: 'Amberkhana' },
];
const PREFIXES = ['017', '018', '019', '013', '015', '016'];

/** Per campaign: how many leads on each data date, how many of them generated, and how many of those called. */
const PLAN = [
  { campaignName: DEMO_CAMPAIGNS[0].campaignName, brand: 'Pran Frooto', dates: [{ date: '2025-03-09', leads: 24, generated: 18, called: 14 }, { date: '2025-03-10', leads: 20, generated: 12, called: 4 }] },
  { campaignName: DEMO_CAMPAIGNS[1].campaignName, brand: 'Walton', dates: [{ date: '2025-03-10', leads: 12, generated: 8, called: 6 }] },
] as const;

/** Idempotent: a lead is keyed by campaign, data date and number, so a second run inserts nothing. */
export async function seedDashboard(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [p, plan] of PLAN.entries()) {
      const campaign = await trx.selectFrom('campaigns').select('id').where(sql<string>`lower(campaign_name)`, '=', plan.campaignName.toLowerCase()).executeTakeFirst();
      if (!campaign) continue; // seedDemo makes the campaigns; without them there is nothing to attach leads to
      for (const [d, day] of plan.dates.entries()) {
        const rows = Array.from({ length: day.leads }, (_, i) => {
          const place = AREAS[(i + d) % AREAS.length]!;
          const generated = i < day.generated;
          return {
            campaignId: campaign.id,
            did: `D${p + 1}${String(d * 100 + i + 1).padStart(4, '0')}`,
            dataStatus: 'valid',
            brId: `BR-${(i % 4) + 1}`,
            ...place,
            respondentName: NAMES[(i * 5 + d) % NAMES.length]!,
            cellNumber: `${PREFIXES[i % PREFIXES.length]}${String(11_000_000 + p * 1_000_000 + d * 10_000 + i * 37).slice(0, 8)}`,
            dataDate: day.date,
            brand: plan.brand,
            targetSelector: i % 2 === 0 ? 'Retailer' : 'Consumer',
            forD: generated ? 'd' : '',
            generateStatus: generated ? 1 : 0,
            isCalled: generated && i < day.called ? 1 : 0,
          };
        });
        await trx.insertInto('leads').values(rows).onConflict((oc) => oc.columns(['campaignId', 'dataDate', 'cellNumber']).doNothing()).execute();
      }
    }
  });
}
