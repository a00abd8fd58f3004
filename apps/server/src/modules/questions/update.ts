// Editing a question: qno and campaign stay; options that rules use are removed only once the admin confirms.
import {
  isChoiceType,
  parseOptions,
  questionTextProblems,
  rulesInUseMessage,
  type TQuestion,
  type TRulesInUseReply,
  type TUpdateQuestion,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { selectLogicRules, toLogicRule } from './logic-rows.ts';
import { findPlaceholderNames } from './placeholders.ts';
import { findQuestionRow, toQuestion } from './rows.ts';
import { changedFields, recordAudit, type TAuditActor } from '../audit/record.ts';

export type TUpdateOutcome = { updated: TQuestion } | { refused: TRulesInUseReply };

/** 'Any answer' stands for the rule of a question without options. */
const ANY_ANSWER = 'Any answer';

/** A 400 naming each placeholder the campaign has no column or other question for. */
async function assertKnownPlaceholders(
  trx: Db,
  campaignId: number,
  before: TQuestion,
  input: TUpdateQuestion,
): Promise<void> {
  const names = (await findPlaceholderNames(trx, [campaignId])).get(campaignId) ?? { columns: [], qnos: [] };
  const others = { ...names, qnos: names.qnos.filter((q) => q !== before.qno) };
  const problems = questionTextProblems(
    { qno: before.qno, title: input.title, options: input.options, instruction: input.instruction },
    others,
  );
  if (problems.length > 0) throw badRequest(problems.join('; '));
}

/**
 * Updates a question. Rules that would no longer fit it (their option is gone, or the new type has no
 * options, or a whole-question rule on a question that now has options) refuse the edit with the list of
 * those rules, unless `confirm` is true: then they are deleted in the same transaction.
 */
export async function updateQuestion(db: Db, input: TUpdateQuestion, actor: TAuditActor): Promise<TUpdateOutcome> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('questions')
      .select(['id', 'campaignId'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound(`Question ${input.id} does not exist`);
    const before = toQuestion(await findQuestionRow(trx, input.id));
    await assertKnownPlaceholders(trx, current.campaignId, before, input);
    const options = parseOptions(input.options);
    const choice = isChoiceType(input.type);
    const rules = await selectLogicRules(trx)
      .where('logicRules.questionId', '=', input.id)
      .orderBy('logicRules.id')
      .execute();
    const unfit = rules.filter((r) => (r.optionTitle === null ? choice : !choice || !options.includes(r.optionTitle)));
    if (unfit.length > 0 && input.confirm !== true) {
      const removed = [...new Set(unfit.map((r) => r.optionTitle ?? ANY_ANSWER))];
      return { refused: { message: rulesInUseMessage(removed), rules: unfit.map(toLogicRule) } };
    }
    if (unfit.length > 0) {
      await trx
        .deleteFrom('logicRules')
        .where(
          'id',
          'in',
          unfit.map((r) => r.id),
        )
        .execute();
    }
    await trx
      .updateTable('questions')
      .set({
        title: input.title,
        type: input.type,
        options,
        optionalValue: input.optionalValue,
        instruction: input.instruction,
        status: input.status,
      })
      .where('id', '=', input.id)
      .execute();
    const updated = toQuestion(await findQuestionRow(trx, input.id));
    const changes = {
      ...changedFields(before, updated),
      ...(unfit.length > 0 ? { counts: { logicRulesRemoved: unfit.length } } : {}),
    };
    await recordAudit(trx, actor, { action: 'update', objectType: 'question', objectId: input.id, changes });
    return { updated };
  });
}
