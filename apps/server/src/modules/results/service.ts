// A campaign's survey results (docs/guide/results.md): per question, a cross-tab, the text answers, where calls end and
// quota progress, over the calls the filters select (calls.ts), read from the summaries of migrations 0041 and 0042:
// the per-day counters when the filters allow (no agent, lead field nor QC filter), else the leads' rows by day.
import { sql, type RawBuilder } from 'kysely';
import {
  QUOTA_LEAD_COLUMNS,
  formatQno,
  type TResultCrosstab,
  type TResultCrosstabQuery,
  type TResultFilters,
  type TResultQuestion,
  type TResultQuota,
  type TResults,
  type TResultTextQuery,
  type TResultTexts,
  type TTokenPayload,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { badRequest } from '../../http/errors.ts';
import {
  PARTIAL,
  countedByDay,
  fieldNames,
  findResultCampaign,
  leadFieldSql,
  answerRowsSql,
  pickedCallsSql,
  questionNamed,
  type ResultCampaign,
  type ResultQuestionDef,
} from './calls.ts';
import { endedAtOf, numbersOf, optionCounts, optionsOf, reachOf, type CallShape, type ValueCount } from './figures.ts';

const CHOICE = new Set(['Select Option', 'Multi Select Option']);

/** The questions the results list: the active ones that take an answer (not Plain Text), by qno. */
export function listedQuestions(campaign: ResultCampaign): ResultQuestionDef[] {
  return campaign.questions.filter((q) => q.status && q.type !== 'Plain Text').sort((a, b) => a.n - b.n);
}

/** Whether a question's values are listed one by one (text) rather than counted per value. */
const isText = (q: ResultQuestionDef) => !CHOICE.has(q.type) && q.type !== 'Number';

type ReadRow = {
  kind: 'shape' | 'value';
  qno: number | null;
  value: string | null;
  isCalled: number | null;
  lastQno: number | null;
  partialQno: number | null;
  n: number;
};

/** The calls' shapes, and each listed question's values (text answers folded into one value, 'Partial Call' kept). */
async function readCounts(
  db: Db,
  campaign: ResultCampaign,
  f: TResultFilters,
  questions: readonly ResultQuestionDef[],
): Promise<{ shapes: CallShape[]; values: Map<number, ValueCount[]> }> {
  const listed = questions.map((q) => q.n);
  const text = questions.filter(isText).map((q) => q.n);
  const folded = sql`case when qno = any(${text}::int[]) and trim(value) <> ${PARTIAL} then '' else value end`;
  const { rows } = countedByDay(f)
    ? await (() => {
        // The per-day counters (migration 0042): days × values, whatever the calls behind them.
        const where = sql`campaign_id = ${campaign.id} and day between ${f.from}::date and ${f.to}::date
          ${f.completedOnly ? sql`and is_called = 1` : sql``}
          ${f.disposition !== undefined ? sql`and lower(disposition_code) = lower(${f.disposition})` : sql``}`;
        return sql<ReadRow>`
          select 'shape' as kind, null::int as qno, null::text as value, is_called,
                 nullif(last_qno, -1) as last_qno, nullif(partial_qno, -1) as partial_qno, sum(n)::int as n
            from result_day_shapes where ${where} group by is_called, last_qno, partial_qno
          union all
          select 'value', qno, ${folded}, null, null, null, sum(n)::int
            from result_day_values where ${where} and qno = any(${listed}::int[])
           group by 2, 3`.execute(db);
      })()
    : await sql<ReadRow>`with ${pickedCallsSql(campaign, f)}
    select 'shape' as kind, null::int as qno, null::text as value, is_called, last_qno, partial_qno, count(*)::int as n
      from calls group by is_called, last_qno, partial_qno
    union all
    select 'value', ra.qno,
           case when ra.qno = any(${text}::int[]) and trim(ra.value) <> ${PARTIAL} then '' else ra.value end,
           null, null, null, count(*)::int
      from calls k join result_answers ra on ra.lead_id = k.lead_id
     where ra.qno = any(${listed}::int[])
     group by 2, 3`.execute(db);
  const shapes: CallShape[] = [];
  const values = new Map<number, ValueCount[]>();
  for (const r of rows) {
    if (r.kind === 'shape')
      shapes.push({ isCalled: r.isCalled ?? 0, lastQno: r.lastQno, partialQno: r.partialQno, count: r.n });
    else if (r.qno !== null) {
      const list = values.get(r.qno) ?? [];
      list.push({ value: r.value ?? '', count: r.n });
      values.set(r.qno, list);
    }
  }
  return { shapes, values };
}

function questionOf(
  q: ResultQuestionDef,
  values: readonly ValueCount[],
  shapes: readonly CallShape[],
): TResultQuestion {
  const reach = reachOf(q.n, values, shapes);
  const base = { questionId: q.id, qno: q.qno, title: q.title, type: q.type, ...reach };
  if (CHOICE.has(q.type)) return { ...base, options: optionsOf(q, values, reach.answered) };
  if (q.type === 'Number') return { ...base, numbers: numbersOf(values) };
  return { ...base, texts: reach.answered };
}

type QuotaRow = { id: number; field: string | null; qno: number | null; type: string | null; value: string };

/** The quotas of the campaign: each one's count and limit, and the completed calls of the selection in it per day. */
async function findQuotaProgress(db: Db, campaign: ResultCampaign, f: TResultFilters): Promise<TResultQuota[]> {
  const quotas = await db
    .selectFrom('quotas as q')
    .leftJoin('questions as qu', 'qu.id', 'q.questionId')
    .select(['q.id', 'q.field', 'qu.qno', 'qu.type', 'q.value', 'q.limit', 'q.count'])
    .where('q.campaignId', '=', campaign.id)
    .orderBy(sql`q.field is null`)
    .orderBy('q.field')
    .orderBy('qu.qno')
    .orderBy('q.value')
    .orderBy('q.id')
    .execute();
  if (quotas.length === 0) return [];
  const fieldSql = (field: string, alias: string) =>
    (QUOTA_LEAD_COLUMNS as readonly string[]).includes(field)
      ? sql`${sql.ref(`${alias}.${field}`)}`
      : sql`${sql.ref(`${alias}.fields`)} ->> ${field}`;
  const chosen = (q: QuotaRow, value: RawBuilder<unknown>) =>
    q.type === 'Multi Select Option'
      ? sql`${q.value} = any (select trim(o) from unnest(string_to_array(${value}, ',')) o)`
      : sql`trim(${value}) = ${q.value}`;
  const range = sql`day between ${f.from}::date and ${f.to}::date`;
  let rows: { quotaId: number; day: string; n: number }[];
  if (countedByDay(f)) {
    // Question quotas from the per-day counters; field quotas from the completed leads' rows of the range.
    const disposition =
      f.disposition !== undefined ? sql`and lower(disposition_code) = lower(${f.disposition})` : sql``;
    const parts = quotas.map((q) =>
      q.field !== null
        ? sql`select ${q.id}::int as quota_id, r.day, count(*)::int as n from result_leads r
               where r.campaign_id = ${campaign.id} and r.${range} and r.is_called = 1 ${disposition}
                 and ${fieldSql(q.field, 'r')} = ${q.value}
               group by r.day`
        : sql`select ${q.id}::int, day, sum(n)::int from result_day_values
               where campaign_id = ${campaign.id} and ${range} and is_called = 1 ${disposition}
                 and qno = ${q.qno ?? 0} and ${chosen(q, sql`value`)}
               group by day`,
    );
    ({ rows } = await sql<{ quotaId: number; day: string; n: number }>`
      select x.quota_id, to_char(x.day, 'YYYY-MM-DD') as day, sum(x.n)::int as n
        from (${sql.join(parts, sql` union all `)}) x
       group by 1, 2 order by 1, 2`.execute(db));
  } else {
    // The lead fields the quotas name ride along with the calls (x0, x1…); question quotas read the answers by day.
    const fields = [...new Set(quotas.flatMap((q) => (q.field !== null ? [q.field] : [])))];
    const answered = quotas.flatMap((q, i) =>
      q.field === null
        ? [
            sql`${sql.ref(`qa${i}`)} as materialized (select ra.lead_id from ${answerRowsSql(campaign, q.qno ?? 0, f)} ra
              where ${chosen(q, sql`ra.value`)})`,
          ]
        : [],
    );
    // A question quota's leads joined (one answer row per lead and question), hashed rather than probed per call.
    const parts = quotas.map((q, i) =>
      q.field !== null
        ? sql`select ${q.id}::int as quota_id, k.day from calls k
               where k.is_called = 1 and ${sql.ref(`k.x${fields.indexOf(q.field)}`)} = ${q.value}`
        : sql`select ${q.id}::int as quota_id, k.day from calls k join ${sql.ref(`qa${i}`)} a on a.lead_id = k.lead_id
               where k.is_called = 1`,
    );
    const picked = pickedCallsSql(
      campaign,
      f,
      fields.map((x) => fieldSql(x, 'r')),
    );
    ({ rows } = await sql<{ quotaId: number; day: string; n: number }>`with ${picked}
      ${sql.join(
        answered.map((a) => sql`, ${a}`),
        sql``,
      )}
      select x.quota_id, to_char(x.day, 'YYYY-MM-DD') as day, count(*)::int as n
        from (${sql.join(parts, sql` union all `)}) x
       group by 1, 2 order by 1, 2`.execute(db));
  }
  return quotas.map((q) => ({
    quotaId: q.id,
    name: `${q.field ?? formatQno(q.qno ?? 0)} = ${q.value}`,
    count: q.count,
    limit: q.limit,
    fillPercent: q.limit === 0 ? 0 : Math.round((q.count / q.limit) * 10000) / 100,
    perDay: rows.filter((r) => r.quotaId === q.id).map((r) => ({ day: r.day, count: r.n })),
  }));
}

/** GET /api/results. */
export async function findResults(db: Db, user: TTokenPayload, f: TResultFilters): Promise<TResults> {
  const campaign = await findResultCampaign(db, user, f.campaignName);
  const questions = listedQuestions(campaign);
  const [{ shapes, values }, quotas] = await Promise.all([
    readCounts(db, campaign, f, questions),
    findQuotaProgress(db, campaign, f),
  ]);
  return {
    calls: shapes.reduce((s, c) => s + c.count, 0),
    questions: questions.map((q) => questionOf(q, values.get(q.n) ?? [], shapes)),
    endedAt: endedAtOf(questions, shapes),
    quotas,
  };
}

/**
 * A cross-tab's row or column: a question's chosen values, read from its answers (answerRowsSql) as `join` rows
 * (lead_id, v), or a lead field's value, carried by the calls (`field`, read as k.x<i>).
 */
type Dimension = {
  join?: (f: TResultFilters) => RawBuilder<unknown>;
  field?: RawBuilder<unknown>;
  order: (values: string[]) => string[];
};

function dimensionOf(campaign: ResultCampaign, name: string, which: 'row' | 'col'): Dimension {
  const q = questionNamed(campaign, name);
  if (q !== undefined) {
    // A multi-select answer counts once per option chosen (an option named twice, once).
    const join = (f: TResultFilters) =>
      q.type === 'Multi Select Option'
        ? sql`(select distinct ra.lead_id, trim(x) as v from ${answerRowsSql(campaign, q.n, f)} ra
            cross join unnest(string_to_array(ra.value, ',')) x
            where trim(ra.value) <> ${PARTIAL} and trim(x) <> '')`
        : sql`(select ra.lead_id, trim(ra.value) as v from ${answerRowsSql(campaign, q.n, f)} ra
            where trim(ra.value) <> ${PARTIAL} and trim(ra.value) <> '')`;
    return {
      join,
      order: (found) => {
        const known = CHOICE.has(q.type) ? [...optionCounts(q, [])].map(([o]) => o) : [];
        return [...known, ...found.filter((v) => !known.includes(v)).sort((a, b) => a.localeCompare(b))];
      },
    };
  }
  const expr = leadFieldSql(campaign, name);
  if (expr === undefined)
    throw badRequest(
      `${which} must be a question (Q1…) or a lead field of ${campaign.campaignName} (${fieldNames(campaign).join(', ')}); "${name}" is neither`,
    );
  return { field: expr, order: (found) => [...found].sort((a, b) => a.localeCompare(b)) };
}

/**
 * The cross-tab of two dimensions over the selected calls (question options in their order, with none chosen too): one
 * statement, each question's answers joined to the calls by lead (the calls left out when two questions are crossed and
 * no filter needs the leads' rows), a lead field read from the calls' own row.
 */
export async function crosstabOf(
  db: Db,
  campaign: ResultCampaign,
  f: TResultFilters,
  rowName: string,
  colName: string,
): Promise<TResultCrosstab> {
  const dims = [dimensionOf(campaign, rowName, 'row'), dimensionOf(campaign, colName, 'col')] as const;
  const fields = dims.flatMap((d) => (d.field !== undefined ? [d.field] : []));
  const withCalls = fields.length > 0 || !countedByDay(f);
  let field = 0;
  const values = dims.map((d, i) => {
    if (d.join === undefined) {
      field += 1;
      return { from: undefined, v: sql.ref(`k.x${field - 1}`) };
    }
    return { from: d.join(f), v: sql.ref(`d${i}.v`) };
  });
  const joins = values.flatMap((x, i) => {
    if (x.from === undefined) return [];
    const alias = sql.ref(`d${i}`);
    const first = !withCalls && values.slice(0, i).every((y) => y.from === undefined);
    const on = withCalls ? sql.ref('k.lead_id') : sql.ref('d0.lead_id');
    return [first ? sql`${x.from} ${alias}` : sql`join ${x.from} ${alias} on ${alias}.lead_id = ${on}`];
  });
  const from = withCalls ? sql`calls k ${sql.join(joins, sql` `)}` : sql.join(joins, sql` `);
  const [r, c] = values;
  const query = sql<{ r: string; c: string; n: number }>`
    ${withCalls ? sql`with ${pickedCallsSql(campaign, f, fields, false)}` : sql``}
    select ${r?.v} as r, ${c?.v} as c, count(*)::int as n
      from ${from}
     where ${r?.v} is not null and ${c?.v} is not null
     group by 1, 2`;
  // Hash joins only: the planner takes the calls a filter keeps (QC-passed above all: a number and a day matched) for
  // far fewer than they are and would probe the answers call by call (docs/performance.md "Reports (issue 38)").
  const { rows: found } = db.isTransaction
    ? await query.execute(db)
    : await db.transaction().execute(async (trx) => {
        await sql`set local enable_nestloop = off`.execute(trx);
        return query.execute(trx);
      });
  const rows = dims[0].order([...new Set(found.map((x) => x.r))]);
  const cols = dims[1].order([...new Set(found.map((x) => x.c))]);
  const counts = rows.map((r) => cols.map((c) => found.find((x) => x.r === r && x.c === c)?.n ?? 0));
  const rowTotals = counts.map((line) => line.reduce((s, n) => s + n, 0));
  const colTotals = cols.map((_, j) => counts.reduce((s, line) => s + (line[j] ?? 0), 0));
  return { rows, cols, counts, rowTotals, colTotals, total: rowTotals.reduce((s, n) => s + n, 0) };
}

/** GET /api/results/crosstab. */
export async function findResultCrosstab(
  db: Db,
  user: TTokenPayload,
  q: TResultCrosstabQuery,
): Promise<TResultCrosstab> {
  const campaign = await findResultCampaign(db, user, q.campaignName);
  return crosstabOf(db, campaign, q, q.row, q.col);
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/results/text: one question's answers of the selected calls, newest call date first, `q` searched in them. */
export async function findResultTexts(db: Db, user: TTokenPayload, q: TResultTextQuery): Promise<TResultTexts> {
  const campaign = await findResultCampaign(db, user, q.campaignName);
  const question = questionNamed(campaign, q.question);
  if (question === undefined) throw badRequest(`${q.question} is not a question of ${campaign.campaignName}`);
  const search = q.q === undefined ? sql`` : sql`and ra.value ilike ${`%${likeLiteral(q.q)}%`}`;
  const answers = sql`from calls k join result_answers ra on ra.lead_id = k.lead_id and ra.qno = ${question.n}
    where trim(ra.value) <> ${PARTIAL} ${search}`;
  const picked = pickedCallsSql(campaign, q);
  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ n: number }>`with ${picked} select count(*)::int as n ${answers}`.execute(db),
    sql<{ leadId: string; day: string; agentId: string; answer: string }>`with ${picked}
      select k.lead_id::text as lead_id, to_char(k.day, 'YYYY-MM-DD') as day, k.agent_id, ra.value as answer ${answers}
      order by k.day desc, k.lead_id desc limit ${q.size} offset ${q.page * q.size}`.execute(db),
  ]);
  return { total: counted[0]?.n ?? 0, page: q.page, size: q.size, items: rows };
}
