// "Show only if" conditions of questions (issue 22; rules in domain/survey-conditions.ts): read per campaign, set or
// removed per question (admins), refused whole with every problem named, audited with the question.
import {
  DEFAULT_LEAD_COLUMNS,
  conditionProblems,
  describeCondition,
  formatQno,
  joinOptions,
  localDateTimeText,
  questionsUsedBy,
  type TQuestionCondition,
  type TShowIf,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';
import { findCampaignByName } from '../campaigns/service.ts';
import { assertCanReadCampaign } from '../questions/access.ts';
import { campaignQuestions } from '../questions/condition-questions.ts';
import { findQuestionRow } from '../questions/rows.ts';

/** The lead fields a condition may name: the default lead columns and the campaign's own data-table columns. */
async function campaignColumns(db: Db, campaignId: number): Promise<string[]> {
  const table = await db
    .selectFrom('dataTables')
    .select('columns')
    .where('campaignId', '=', campaignId)
    .executeTakeFirst();
  return [...DEFAULT_LEAD_COLUMNS, ...(table?.columns ?? [])];
}

export async function findConditions(
  db: Db,
  user: TTokenPayload,
  campaignName: string,
  timeZone: string,
): Promise<TQuestionCondition[]> {
  const campaign = await findCampaignByName(db, campaignName);
  assertCanReadCampaign(user, campaign.campaignName);
  const [rows, questions] = await Promise.all([
    db
      .selectFrom('questionConditions as c')
      .innerJoin('questions as q', 'q.id', 'c.questionId')
      .select(['c.questionId', 'q.qno', 'c.showIf', 'c.updatedBy', 'c.updatedAt'])
      .where('q.campaignId', '=', campaign.id)
      .orderBy('q.qno')
      .execute(),
    campaignQuestions(db, campaign.id),
  ]);
  const qnoOf = (id: number) => questions.find((q) => q.id === id)?.qno;
  return rows.map((r) => ({
    questionId: r.questionId,
    qno: formatQno(r.qno),
    showIf: r.showIf,
    words: describeCondition(r.showIf, qnoOf),
    updatedBy: r.updatedBy,
    updatedAt: localDateTimeText(r.updatedAt, timeZone),
  }));
}

/**
 * Sets (or with null removes) a question's condition; answers the question's campaign name. The question is locked, and the questions the condition names are
 * read FOR SHARE, so a question deleted meanwhile waits for this save and then sees the condition that uses it.
 */
export async function setCondition(
  db: Db,
  questionId: number,
  showIf: TShowIf | null,
  actor: TAuditActor,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('questions').select('id').where('id', '=', questionId).forUpdate().executeTakeFirst();
    const question = await findQuestionRow(trx, questionId);
    const before = await trx
      .selectFrom('questionConditions')
      .select('showIf')
      .where('questionId', '=', questionId)
      .executeTakeFirst();
    if (showIf === null) {
      await trx.deleteFrom('questionConditions').where('questionId', '=', questionId).execute();
    } else {
      const used = questionsUsedBy(showIf);
      if (used.length > 0) await trx.selectFrom('questions').select('id').where('id', 'in', used).forShare().execute();
      const [questions, columns] = await Promise.all([
        campaignQuestions(trx, question.campaignId),
        campaignColumns(trx, question.campaignId),
      ]);
      const owner = {
        id: question.id,
        qno: formatQno(question.qno),
        type: question.type,
        options: joinOptions(question.options),
      };
      const problems = conditionProblems(owner, showIf, questions, columns);
      if (problems.length > 0) throw badRequest(`The condition of ${owner.qno} cannot be saved: ${problems.join(' ')}`);
      const json = JSON.stringify(showIf);
      await trx
        .insertInto('questionConditions')
        .values({ questionId, showIf: json, updatedBy: actor.username })
        .onConflict((oc) =>
          oc.column('questionId').doUpdateSet({ showIf: json, updatedBy: actor.username, updatedAt: new Date() }),
        )
        .execute();
    }
    await recordAudit(trx, actor, {
      action: 'update',
      objectType: 'question',
      objectId: questionId,
      changes: { before: { showIf: before?.showIf ?? null }, after: { showIf }, note: 'show only if' },
    });
    return question.campaignName;
  });
}
