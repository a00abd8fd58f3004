// Logic rules: they belong to one question; setting or updating them touches that question's rules and nothing else.
import {
  formatQno,
  isChoiceType,
  type TClearedLogic,
  type TLogicRule,
  type TNewLogicRule,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { findCampaignByName } from '../campaigns/service.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { assertCanReadCampaign } from '../questions/access.ts';
import { findQuestionRow, type QuestionRow } from '../questions/rows.ts';
import { selectLogicRules, toLogicRule } from '../questions/logic-rows.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';

/** A question's rules as logged: what each does, without row ids. */
async function rulesOf(trx: Db, questionId: number) {
  return trx
    .selectFrom('logicRules')
    .select(['optionTitle', 'questionNoToShow', 'isCompletedCall'])
    .where('questionId', '=', questionId)
    .orderBy('id')
    .execute();
}

/** The form's "none" choice: a row that neither jumps nor ends is not a rule. */
const isRule = (r: TNewLogicRule) => r.questionNoToShow !== null || r.isCompletedCall !== null;

/** Locks the question for the rest of the transaction, so two saves of its rules run one after the other. */
async function lockQuestion(trx: Db, id: number): Promise<QuestionRow> {
  await trx.selectFrom('questions').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return findQuestionRow(trx, id);
}

function assertOneQuestion(questionId: number, rules: readonly TNewLogicRule[]): void {
  const others = [...new Set(rules.map((r) => r.questionId).filter((id) => id !== questionId))];
  if (others.length > 0)
    throw badRequest(`All rules must belong to question ${questionId}; they also name question ${others.join(', ')}`);
}

/** Every problem of the rules to store, each naming its row (1-based, as sent). */
async function ruleProblems(db: Db, question: QuestionRow, rules: readonly TNewLogicRule[]): Promise<string[]> {
  const qno = formatQno(question.qno);
  const targetIds = [...new Set(rules.flatMap((r) => (r.questionNoToShow === null ? [] : [r.questionNoToShow])))];
  // FOR SHARE: a target deleted meanwhile waits for this save instead of failing it on the foreign key.
  const targets =
    targetIds.length === 0
      ? []
      : await db.selectFrom('questions').select(['id', 'campaignId']).where('id', 'in', targetIds).forShare().execute();
  const campaignOf = new Map(targets.map((t) => [t.id, t.campaignId]));
  const choice = isChoiceType(question.type);
  const seen = new Set<string | null>();
  const problems: string[] = [];
  rules.forEach((rule, i) => {
    if (!isRule(rule)) return;
    const row = `Rule ${i + 1}`;
    const option = rule.optionTitle;
    if (choice && option === null) problems.push(`${row}: optionTitle is required for a ${question.type} question`);
    else if (choice && option !== null && !question.options.includes(option))
      problems.push(`${row}: "${option}" is not an option of ${qno}`);
    else if (!choice && option !== null)
      problems.push(`${row}: a ${question.type} question takes one rule for any answer, without an optionTitle`);
    else if (seen.has(option))
      problems.push(
        `${row}: ${option === null ? 'there is already a rule for any answer' : `there is already a rule for "${option}"`}`,
      );
    seen.add(option);
    const target = rule.questionNoToShow;
    if (target === null) return;
    if (target === question.id) problems.push(`${row}: a question cannot jump to itself`);
    else if (!campaignOf.has(target)) problems.push(`${row}: question ${target} does not exist`);
    else if (campaignOf.get(target) !== question.campaignId)
      problems.push(`${row}: question ${target} belongs to another campaign`);
  });
  return problems;
}

async function replaceRules(
  trx: Db,
  question: QuestionRow,
  rules: readonly TNewLogicRule[],
  actor: TAuditActor,
): Promise<TLogicRule[]> {
  const problems = await ruleProblems(trx, question, rules);
  if (problems.length > 0) throw badRequest(problems.join('; '));
  const before = await rulesOf(trx, question.id);
  await trx.deleteFrom('logicRules').where('questionId', '=', question.id).execute();
  const kept = rules.filter(isRule);
  const after = kept.map((r) => ({
    optionTitle: r.optionTitle,
    questionNoToShow: r.questionNoToShow,
    isCompletedCall: r.isCompletedCall,
  }));
  // Rows all left at "none" for a question without rules (the older client's Set sends every row) change nothing: no entry.
  if (before.length === 0 && kept.length === 0) return [];
  const action = before.length === 0 ? 'create' : kept.length === 0 ? 'delete' : 'update';
  await recordAudit(trx, actor, {
    action,
    objectType: 'logicRule',
    objectId: question.id,
    changes: { before: { rules: before }, after: { rules: after } },
  });
  if (kept.length === 0) return [];
  const inserted = await trx
    .insertInto('logicRules')
    .values(
      kept.map((r) => ({
        questionId: question.id,
        campaignId: question.campaignId,
        optionTitle: r.optionTitle,
        questionNoToShow: r.questionNoToShow,
        isCompletedCall: r.isCompletedCall,
      })),
    )
    .returningAll()
    .execute();
  return inserted.map((r) => toLogicRule({ ...r, campaignName: question.campaignName }));
}

/** POST setLogics: the first rules of one question; a question that has rules already is changed with updateLogic. */
export async function setLogics(db: Db, rules: readonly TNewLogicRule[], actor: TAuditActor): Promise<TLogicRule[]> {
  const questionId = rules[0]?.questionId;
  if (questionId === undefined) throw badRequest('at least one logic rule is required');
  assertOneQuestion(questionId, rules);
  return db.transaction().execute(async (trx) => {
    const question = await lockQuestion(trx, questionId);
    const existing = await trx
      .selectFrom('logicRules')
      .select('id')
      .where('questionId', '=', questionId)
      .executeTakeFirst();
    if (existing) throw conflict(`${formatQno(question.qno)} already has logic rules; update them instead`);
    return replaceRules(trx, question, rules, actor);
  });
}

/** PUT updateLogic: replaces the rules of that one question (an empty list leaves it with none). */
export async function updateLogic(
  db: Db,
  questionId: number,
  rules: readonly TNewLogicRule[],
  actor: TAuditActor,
): Promise<TLogicRule[]> {
  assertOneQuestion(questionId, rules);
  return db.transaction().execute(async (trx) => replaceRules(trx, await lockQuestion(trx, questionId), rules, actor));
}

export async function isLogicExist(db: Db, reader: TTokenPayload, questionId: number): Promise<boolean> {
  const question = await findQuestionRow(db, questionId);
  assertCanReadCampaign(reader, question.campaignName);
  const rule = await db.selectFrom('logicRules').select('id').where('questionId', '=', questionId).executeTakeFirst();
  return rule !== undefined;
}

export async function clearLogic(db: Db, questionId: number, actor: TAuditActor): Promise<TClearedLogic> {
  await findQuestionRow(db, questionId);
  return db.transaction().execute(async (trx) => {
    const before = await rulesOf(trx, questionId);
    const result = await trx.deleteFrom('logicRules').where('questionId', '=', questionId).executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    if (deleted > 0)
      await recordAudit(trx, actor, {
        action: 'delete',
        objectType: 'logicRule',
        objectId: questionId,
        changes: { before: { rules: before }, counts: { logicRules: deleted } },
      });
    return { deleted };
  });
}

/** The campaign's rules, by their question's qno. */
export async function findCampaignLogic(db: Db, reader: TTokenPayload, campaignName: string): Promise<TLogicRule[]> {
  assertCanReadCampaign(reader, campaignName);
  const campaign = await findCampaignByName(db, campaignName);
  const rows = await selectLogicRules(db)
    .innerJoin('questions', 'questions.id', 'logicRules.questionId')
    .where('logicRules.campaignId', '=', campaign.id)
    .orderBy('questions.qno')
    .orderBy('logicRules.id')
    .execute();
  return rows.map(toLogicRule);
}

export async function findQuestionLogic(db: Db, reader: TTokenPayload, questionId: number): Promise<TLogicRule[]> {
  const question = await findQuestionRow(db, questionId);
  assertCanReadCampaign(reader, question.campaignName);
  const rows = await selectLogicRules(db)
    .where('logicRules.questionId', '=', questionId)
    .orderBy('logicRules.id')
    .execute();
  return rows.map(toLogicRule);
}
