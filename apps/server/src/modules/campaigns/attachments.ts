// What hangs on a campaign (its data table, its leads) and how a refused delete names it.
import type { Db } from '../../db/schema.ts';

export type TAttachments = { dataTable: boolean; leads: number };

export async function countLeads(db: Db, campaignId: number): Promise<number> {
  const row = await db.selectFrom('leads').select((e) => e.fn.countAll<string>().as('n')).where('campaignId', '=', campaignId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAttachments(db: Db, campaignId: number): Promise<TAttachments> {
  const [table, leads] = await Promise.all([
    db.selectFrom('dataTables').select('id').where('campaignId', '=', campaignId).executeTakeFirst(),
    countLeads(db, campaignId),
  ]);
  return { dataTable: table !== undefined, leads };
}

/** "1,250 leads", "1 lead". */
export function leadCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'lead' : 'leads'}`;
}

/** e.g. 'Campaign "Spring Survey" still has a data table and 1,250 leads. Delete those first.' */
export function describeAttachments(campaignName: string, { dataTable, leads }: TAttachments): string {
  const parts = [...(dataTable ? ['a data table'] : []), ...(leads > 0 ? [leadCount(leads)] : [])];
  const pronoun = parts.length > 1 ? 'those' : dataTable ? 'it' : 'them';
  return `Campaign "${campaignName}" still has ${parts.join(' and ')}. Delete ${pronoun} first.`;
}
