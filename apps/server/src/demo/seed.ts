// Demo data: enough to see every built feature at once. Safe to run again: it never duplicates.
import { sql } from 'kysely';
import type { TDbRole } from '@crm/shared';
import type { Db } from '../db/schema.ts';
import { hashPassword } from '../auth/password.ts';

export const DEMO_USERS: readonly { username: string; name: string; password: string; role: TDbRole }[] = [
  { username: 'qc.rahman', name: 'Nadia Rahman', password: 'demo-qc-pass', role: 'qc' },
  { username: 'AG-1001', name: 'Karim Hossain', password: 'demo-agent-pass', role: 'agent' },
];

export const DEMO_CAMPAIGNS = [
  { campaignId: 'SPR-24', campaignName: 'Spring Survey', campaignType: 'Outbound', callTarget: 60 },
  { campaignId: 'CARE-1', campaignName: 'Customer Care', campaignType: 'Inbound', callTarget: null },
] as const;

export async function seedDemo(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const u of DEMO_USERS) {
      const exists = await trx.selectFrom('users').select('id').where(sql<string>`lower(username)`, '=', u.username.toLowerCase()).executeTakeFirst();
      if (!exists) await trx.insertInto('users').values({ username: u.username, name: u.name, role: u.role, passwordHash: await hashPassword(u.password) }).execute();
    }
    for (const c of DEMO_CAMPAIGNS) {
      const exists = await trx.selectFrom('campaigns').select('id').where(sql<string>`lower(campaign_name)`, '=', c.campaignName.toLowerCase()).executeTakeFirst();
      if (!exists) await trx.insertInto('campaigns').values({ ...c }).execute();
    }
  });
}
