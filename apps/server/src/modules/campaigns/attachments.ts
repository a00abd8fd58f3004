// What hangs on a campaign (its data table, survey questions and leads) and how a refused delete names it.
import type { Db } from '../../db/schema.ts';
import { countCampaignLeads } from './lead-counts.ts';

export type TAttachments = { dataTable: boolean; leads: number; questions: number };

/** The campaign's leads, from the lead counters (exact: kept in the transaction of every change to leads). */
export async function countLeads(db: Db, campaignId: number): Promise<number> {
  return countCampaignLeads(db, campaignId, {});
}

export async function countQuestions(db: Db, campaignId: number): Promise<number> {
  const row = await db
    .selectFrom('questions')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('campaignId', '=', campaignId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAttachments(db: Db, campaignId: number): Promise<TAttachments> {
  const [table, leads, questions] = await Promise.all([
    db.selectFrom('dataTables').select('id').where('campaignId', '=', campaignId).executeTakeFirst(),
    countLeads(db, campaignId),
    countQuestions(db, campaignId),
  ]);
  return { dataTable: table !== undefined, leads, questions };
}

/** Whether anything at all refuses the campaign's delete. */
export function hasAttachments({ dataTable, leads, questions }: TAttachments): boolean {
  return dataTable || leads > 0 || questions > 0;
}

/** "1,250 leads", "1 lead". */
export function leadCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'lead' : 'leads'}`;
}

/** "12 questions", "1 question". */
export function questionCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'question' : 'questions'}`;
}

/** e.g. 'Campaign "Spring Survey" still has a data table, 12 questions and 1,250 leads. Delete those first.' */
export function describeAttachments(campaignName: string, { dataTable, leads, questions }: TAttachments): string {
  const parts = [
    ...(dataTable ? ['a data table'] : []),
    ...(questions > 0 ? [questionCount(questions)] : []),
    ...(leads > 0 ? [leadCount(leads)] : []),
  ];
  const single = dataTable || questions === 1 ? 'it' : 'them';
  const pronoun = parts.length > 1 ? 'those' : single;
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}` : (parts[0] ?? '');
  return `Campaign "${campaignName}" still has ${list}. Delete ${pronoun} first.`;
}
