// How question rows are read (with their campaign's name) and turned into the API's Question shape.
import type { Selectable } from 'kysely';
import { formatQno, joinOptions, type TQuestion } from '@crm/shared';
import type { Db, QuestionsTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

export type QuestionRow = Selectable<QuestionsTable> & { campaignName: string };

export function toQuestion(r: QuestionRow): TQuestion {
  return {
    id: r.id,
    qno: formatQno(r.qno),
    campaignId: r.campaignName,
    title: r.title,
    type: r.type,
    options: joinOptions(r.options),
    optionalValue: r.optionalValue,
    instruction: r.instruction,
    status: r.status,
    createAt: r.createdAt.toISOString(),
  };
}

export function selectQuestions(db: Db) {
  return db
    .selectFrom('questions')
    .innerJoin('campaigns', 'campaigns.id', 'questions.campaignId')
    .selectAll('questions')
    .select('campaigns.campaignName');
}

export async function findQuestionRow(db: Db, id: number): Promise<QuestionRow> {
  const row = await selectQuestions(db).where('questions.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Question ${id} does not exist`);
  return row;
}
