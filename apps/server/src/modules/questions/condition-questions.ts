// The questions as the "show only if" checks see them, and the conditions that name a question: read by the logic
// module's conditions and by the question's deletion (which a condition using it refuses), so kept here, below both.
import { sql } from 'kysely';
import { describeCondition, formatQno, joinOptions, questionsUsedBy, type TShowIf } from '@crm/shared';
import type { Db } from '../../db/schema.ts';

/** The campaign's questions as the checks see them (qno as 'Q3', options as text). */
export async function campaignQuestions(db: Db, campaignId: number) {
  const rows = await db
    .selectFrom('questions')
    .select(['id', 'qno', 'type', 'options'])
    .where('campaignId', '=', campaignId)
    .execute();
  return rows.map((r) => ({ id: r.id, qno: formatQno(r.qno), type: r.type, options: joinOptions(r.options) }));
}

/** The conditions that use a question ('Q7 (show only if Q3 is "Yes")'), for refusing its deletion. */
export async function conditionsUsing(db: Db, questionId: number): Promise<string[]> {
  const { rows } = await sql<{ questionId: number; qno: number; showIf: TShowIf; campaignId: number }>`
    select c.question_id, q.qno, c.show_if, q.campaign_id
      from question_conditions c join questions q on q.id = c.question_id
     where c.show_if @? ${`$.** ? (@.questionId == ${questionId})`}::jsonpath`.execute(db);
  if (rows.length === 0) return [];
  const questions = await campaignQuestions(db, rows[0]?.campaignId ?? 0);
  const qnoOf = (id: number) => questions.find((q) => q.id === id)?.qno;
  return rows
    .filter((r) => questionsUsedBy(r.showIf).includes(questionId))
    .map((r) => `${formatQno(r.qno)} (show only if ${describeCondition(r.showIf, qnoOf)})`);
}
