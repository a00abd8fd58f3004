// Questions: list, search, add (qno per campaign, never reused), read, and delete with the rules that hang on it.
import { sql } from 'kysely';
import {
  questionUsedByConditions,
  formatQno,
  joinOptions,
  newQuestionProblems,
  parseOptions,
  parseStatusTerm,
  questionTextProblems,
  ZNewQuestion,
  type TNewQuestion,
  type TPaged,
  type TPageParams,
  type TQuestion,
  type TQuestionDeleteImpact,
  type TQuestionSearchQuery,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { findCampaignByName } from '../campaigns/service.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { conditionsUsing } from './condition-questions.ts';
import { pageWindow, toPaged } from '../../http/pagination.ts';
import { assertCanReadCampaign } from './access.ts';
import { findPlaceholderNames } from './placeholders.ts';
import { findQuestionRow, selectQuestions, toQuestion } from './rows.ts';
import { recordAudit, snapshot, type TAuditActor } from '../audit/record.ts';
import { MAX_SEARCH_RESULTS, containsText } from '../../db/search.ts';

/** By campaign name, then qno; with a campaign name (any case), that campaign's questions only. */
export async function findQuestionsPage(
  db: Db,
  params: TPageParams,
  campaignName?: string,
): Promise<TPaged<TQuestion>> {
  const { limit, offset } = pageWindow(params);
  const campaign = campaignName?.trim().toLowerCase() ?? '';
  const list =
    campaign === ''
      ? selectQuestions(db)
      : selectQuestions(db).where(sql<string>`lower(campaigns.campaign_name)`, '=', campaign);
  const counted = db.selectFrom('questions').innerJoin('campaigns', 'campaigns.id', 'questions.campaignId');
  const [rows, total] = await Promise.all([
    list.orderBy('campaigns.campaignName').orderBy('questions.qno').limit(limit).offset(offset).execute(),
    (campaign === '' ? counted : counted.where(sql<string>`lower(campaigns.campaign_name)`, '=', campaign))
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return toPaged(rows.map(toQuestion), Number(total.n), params);
}

export async function findAllQuestions(db: Db): Promise<TQuestion[]> {
  const rows = await selectQuestions(db).orderBy('campaigns.campaignName').orderBy('questions.qno').execute();
  return rows.map(toQuestion);
}

export async function searchQuestions(db: Db, query: TQuestionSearchQuery): Promise<TQuestion[]> {
  const term = (value: string | undefined) => value?.trim() ?? '';
  const campaign = term(query.campaignId);
  const title = term(query.title);
  const type = term(query.type);
  const options = term(query.options);
  const optionalValue = term(query.optionalValue);
  const instruction = term(query.instruction);
  const status = query.status === undefined ? undefined : parseStatusTerm(query.status);
  const rows = await selectQuestions(db)
    .where((eb) => {
      const any = [];
      if (campaign) any.push(containsText(eb.ref('campaigns.campaignName'), campaign));
      if (title) any.push(containsText(eb.ref('questions.title'), title));
      if (type) any.push(containsText(eb.ref('questions.type'), type));
      if (options) any.push(containsText(sql<string>`array_to_string(questions.options, ', ')`, options));
      if (optionalValue) any.push(containsText(eb.ref('questions.optionalValue'), optionalValue));
      if (instruction) any.push(containsText(eb.ref('questions.instruction'), instruction));
      if (status !== undefined) any.push(eb('questions.status', '=', status));
      return any.length === 0 ? eb.val(false) : eb.or(any);
    })
    .orderBy('campaigns.campaignName')
    .orderBy('questions.qno')
    .limit(MAX_SEARCH_RESULTS)
    .execute();
  return rows.map(toQuestion);
}

/** Every row checked first, so one reply names every problem, each with its row number and field. */
function parseNewQuestions(rows: readonly unknown[]): TNewQuestion[] {
  const problems = newQuestionProblems(rows);
  if (problems.length > 0) throw badRequest(problems.join('; '));
  return rows.map((row) => ZNewQuestion.parse(row));
}

/**
 * Adds questions, each to the campaign its own row names. Each campaign's numbers are taken in one
 * UPDATE of campaigns.next_qno: the row lock makes a concurrent save wait, so no two questions share a
 * number, and next_qno never goes down, so a deleted number is never handed out again.
 */
export async function createQuestions(db: Db, rows: readonly unknown[], actor: TAuditActor): Promise<TQuestion[]> {
  const input = parseNewQuestions(rows);
  const keys = [...new Set(input.map((q) => q.campaignId.toLowerCase()))];
  return db.transaction().execute(async (trx) => {
    const campaigns = await trx
      .selectFrom('campaigns')
      .select(['id', 'campaignName', sql<string>`lower(campaign_name)`.as('key')])
      .where(sql<string>`lower(campaign_name)`, 'in', keys)
      .orderBy('id')
      .execute();
    const byKey = new Map(campaigns.map((c) => [c.key, c]));
    const missing = input.findIndex((q) => !byKey.has(q.campaignId.toLowerCase()));
    if (missing >= 0)
      throw notFound(`Question ${missing + 1}: campaign "${input[missing]?.campaignId}" does not exist`);

    // Campaigns locked in id order, so two saves over the same campaigns cannot deadlock.
    const nextNumber = new Map<number, number>();
    for (const c of campaigns) {
      const count = input.filter((q) => q.campaignId.toLowerCase() === c.key).length;
      const row = await trx
        .updateTable('campaigns')
        .set((eb) => ({ nextQno: eb('nextQno', '+', count) }))
        .where('id', '=', c.id)
        .returning('nextQno')
        .executeTakeFirstOrThrow();
      nextNumber.set(c.id, row.nextQno - count);
    }

    const values = input.map((q) => {
      const campaign = byKey.get(q.campaignId.toLowerCase());
      if (!campaign) throw notFound(`Campaign "${q.campaignId}" does not exist`);
      const qno = nextNumber.get(campaign.id) ?? 1;
      nextNumber.set(campaign.id, qno + 1);
      return {
        campaignId: campaign.id,
        qno,
        title: q.title,
        type: q.type,
        options: parseOptions(q.options),
        optionalValue: q.optionalValue,
        instruction: q.instruction,
      };
    });
    await assertKnownPlaceholders(trx, values);
    const inserted = await trx.insertInto('questions').values(values).returningAll().execute();
    const names = new Map(campaigns.map((c) => [c.id, c.campaignName]));
    // RETURNING keeps the VALUES order, which is the order the questions were sent in.
    const questions = inserted.map((r) => toQuestion({ ...r, campaignName: names.get(r.campaignId) ?? '' }));
    for (const q of questions)
      await recordAudit(trx, actor, {
        action: 'create',
        objectType: 'question',
        objectId: q.id,
        changes: { after: snapshot(q) },
      });
    return questions;
  });
}

/**
 * Refuses (400, nothing stored: the transaction rolls back) a title, option or instruction naming a lead field the
 * campaign does not have or a question it does not have; a row may name the rows before it in the same batch.
 */
async function assertKnownPlaceholders(
  trx: Db,
  rows: readonly { campaignId: number; qno: number; title: string; options: string[]; instruction: string | null }[],
): Promise<void> {
  const known = await findPlaceholderNames(trx, [...new Set(rows.map((r) => r.campaignId))]);
  const problems = rows.flatMap((row, i) => {
    const names = known.get(row.campaignId) ?? { columns: [], qnos: [] };
    const text = {
      qno: formatQno(row.qno),
      title: row.title,
      options: joinOptions(row.options),
      instruction: row.instruction,
    };
    const rowProblems = questionTextProblems(text, names);
    known.set(row.campaignId, { ...names, qnos: [...names.qnos, text.qno] });
    return rowProblems.map((p) => `Question ${i + 1}: ${p}`);
  });
  if (problems.length > 0) throw badRequest(problems.join('; '));
}

export async function findQuestion(db: Db, id: number): Promise<TQuestion> {
  return toQuestion(await findQuestionRow(db, id));
}

/** GET getToSetLogic: the campaign's questions in qno order, inactive ones included (their status says so). */
export async function findCampaignQuestions(db: Db, reader: TTokenPayload, campaignName: string): Promise<TQuestion[]> {
  assertCanReadCampaign(reader, campaignName);
  const campaign = await findCampaignByName(db, campaignName);
  const rows = await selectQuestions(db)
    .where('questions.campaignId', '=', campaign.id)
    .orderBy('questions.qno')
    .execute();
  return rows.map(toQuestion);
}

async function countRulesOn(db: Db, questionId: number): Promise<number> {
  const row = await db
    .selectFrom('logicRules')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where((eb) => eb.or([eb('questionId', '=', questionId), eb('questionNoToShow', '=', questionId)]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many rules a delete takes with it: the question's own and those of other questions jumping to it. */
export async function findDeleteImpact(db: Db, id: number): Promise<TQuestionDeleteImpact> {
  await findQuestionRow(db, id);
  const [rules, conditions] = await Promise.all([countRulesOn(db, id), conditionsUsing(db, id)]);
  return { rules, conditions };
}

/**
 * Deletes a question with its rules and the rules jumping to it. Answers already stored under its qno in
 * leads.answers stay: they are what the respondents said, and the qno is never handed out again.
 */
export async function deleteQuestion(db: Db, id: number, actor: TAuditActor): Promise<{ deletedRules: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('questions').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound(`Question ${id} does not exist`);
    const before = toQuestion(await findQuestionRow(trx, id));
    // A condition naming it would lose its meaning: the admin changes or removes those conditions first.
    const users = await conditionsUsing(trx, id);
    if (users.length > 0) throw conflict(questionUsedByConditions(before.qno, users));
    const deleted = await trx
      .deleteFrom('logicRules')
      .where((eb) => eb.or([eb('questionId', '=', id), eb('questionNoToShow', '=', id)]))
      .executeTakeFirst();
    await trx.deleteFrom('questions').where('id', '=', id).execute();
    const deletedRules = Number(deleted.numDeletedRows);
    await recordAudit(trx, actor, {
      action: 'delete',
      objectType: 'question',
      objectId: id,
      changes: { before: snapshot(before), counts: { logicRules: deletedRules } },
    });
    return { deletedRules };
  });
}
