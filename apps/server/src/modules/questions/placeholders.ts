// What a question's texts may name (issue 22): the campaign's lead columns and its questions' numbers, read once per save.
import { formatQno, type TKnownNames } from '@crm/shared';
import type { Db } from '../../db/schema.ts';

/** Per campaign id: its data table's own columns and the qnos of its questions as stored now. */
export async function findPlaceholderNames(db: Db, campaignIds: readonly number[]): Promise<Map<number, TKnownNames>> {
  const known = new Map<number, { columns: string[]; qnos: string[] }>(
    campaignIds.map((id) => [id, { columns: [], qnos: [] }]),
  );
  if (campaignIds.length === 0) return known;
  // One after the other: a save runs this on its transaction's one connection.
  const tables = await db
    .selectFrom('dataTables')
    .select(['campaignId', 'columns'])
    .where('campaignId', 'in', campaignIds)
    .execute();
  const questions = await db
    .selectFrom('questions')
    .select(['campaignId', 'qno'])
    .where('campaignId', 'in', campaignIds)
    .orderBy('qno')
    .execute();
  for (const t of tables) known.get(t.campaignId)?.columns.push(...t.columns);
  for (const q of questions) known.get(q.campaignId)?.qnos.push(formatQno(q.qno));
  return known;
}
