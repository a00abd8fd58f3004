// The Set/Update Logic form's data: the question carried in ?data=, one row per option, and the rules the rows make.
import {
  isChoiceType,
  parseOptions,
  ZQuestion,
  type TIsCompletedCall,
  type TLogicRule,
  type TNewLogicRuleInput,
  type TQuestion,
} from '@crm/shared';

export type TLogicMode = 'set' | 'update';

/** docs/product.md §2 Logic: the form pages take the whole question as JSON in the query parameter `data`. */
export function logicFormPath(mode: TLogicMode, question: TQuestion): string {
  const query = new URLSearchParams({ data: JSON.stringify(question) });
  return `${mode === 'set' ? '/setLogics' : '/updateLogics'}?${query.toString()}`;
}

export type TParsedQuestion = { ok: true; question: TQuestion } | { ok: false; message: string };

export const MISSING_QUESTION = 'This page needs a question to set logic for. Open it from Logic management.';
export const MALFORMED_QUESTION =
  'The question in this address cannot be read. Open the page again from Logic management.';

/** Reads ?data= (already URL-decoded) into a question, or says why it cannot. */
export function parseQuestionParam(raw: string | null): TParsedQuestion {
  if (raw === null || raw.trim() === '') return { ok: false, message: MISSING_QUESTION };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, message: MALFORMED_QUESTION };
  }
  const parsed = ZQuestion.safeParse(json);
  return parsed.success ? { ok: true, question: parsed.data } : { ok: false, message: MALFORMED_QUESTION };
}

/** '' is "none" in both selects; target holds a question id. */
export type TEndChoice = '' | '0' | '1';
export type TLogicRow = { optionTitle: string | null; target: string; end: TEndChoice };

export const ANY_ANSWER = 'Any answer';

export function rowLabel(row: Pick<TLogicRow, 'optionTitle'>): string {
  return row.optionTitle ?? ANY_ANSWER;
}

function endChoice(value: TIsCompletedCall): TEndChoice {
  return value === null ? '' : value === 1 ? '1' : '0';
}

/**
 * One row per option of a Select / Multi Select question; one "Any answer" row for every other type
 * (its rule has no option and matches whatever the answer). Prefilled from the question's current rules.
 */
export function logicRows(question: TQuestion, rules: readonly TLogicRule[] = []): TLogicRow[] {
  const own = rules.filter((r) => r.questionId === question.id);
  const titles: (string | null)[] = isChoiceType(question.type) ? parseOptions(question.options) : [null];
  return titles.map((optionTitle) => {
    const rule = own.find((r) => r.optionTitle === optionTitle);
    return {
      optionTitle,
      target: rule?.questionNoToShow == null ? '' : String(rule.questionNoToShow),
      end: rule === undefined ? '' : endChoice(rule.isCompletedCall),
    };
  });
}

/** The rows that say something become rules; a row left at "none" in both selects is not stored. */
export function rowsToRules(question: TQuestion, rows: readonly TLogicRow[]): TNewLogicRuleInput[] {
  return rows.flatMap((row) => {
    if (row.target === '' && row.end === '') return [];
    return [
      {
        questionId: question.id,
        campaignId: question.campaignId,
        optionTitle: row.optionTitle,
        questionNoToShow: row.target === '' ? null : Number(row.target),
        isCompletedCall: row.end === '' ? null : row.end === '1' ? 1 : 0,
      },
    ];
  });
}
