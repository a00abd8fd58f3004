// The lead's answers on the QC panel and their correction (docs/product.md §4.6): each answer is
// paired with its question by qno (never by position), a multi-select starts from its stored options, and a save sends
// only the answers that changed.
import {
  fillSurveyText,
  qnoNumber,
  splitMultiSelect,
  storedAnswer,
  storedAnswerProblem,
  type TLead,
  type TLeadSaveBody,
  type TQuestion,
} from '@crm/shared';

export type TAnswerRow = {
  qno: string;
  /**
   * The question's title as the agent read it on this lead's call (its lead fields and earlier answers filled in from the
   * lead), or null for a stored answer whose question no longer exists (shown, not editable).
   */
  title: string | null;
  question: TQuestion | null;
  /** The answer as stored; null when there is none. */
  stored: string | null;
};

export type TDraft = string | string[];

const ANSWER_KEY = /^Q\d+$/;

function storedText(value: TLead[string] | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return text.trim() === '' ? null : text;
}

const byQno = (a: string, b: string) => qnoNumber(a) - qnoNumber(b);

/**
 * One row per question that takes an answer (Plain Text only reads out), in qno order, then the lead's answers to
 * questions since deleted. An inactive question shows only when it has an answer.
 */
export function answerRows(lead: TLead, questions: readonly TQuestion[]): TAnswerRow[] {
  const asked = [...questions]
    .filter((q) => q.type !== 'Plain Text')
    .filter((q) => q.status || storedText(lead[q.qno]) !== null)
    .sort((a, b) => byQno(a.qno, b.qno) || a.id - b.id);
  const known = new Set(questions.map((q) => q.qno));
  const orphans = Object.keys(lead)
    .filter((key) => ANSWER_KEY.test(key) && !known.has(key) && storedText(lead[key]) !== null)
    .sort(byQno);
  return [
    ...asked.map((q) => ({
      qno: q.qno,
      title: fillSurveyText(q.title, { lead }),
      question: q,
      stored: storedText(lead[q.qno]),
    })),
    ...orphans.map((qno) => ({ qno, title: null, question: null, stored: storedText(lead[qno]) })),
  ];
}

/** What the edit input starts from: a multi-select's stored 'A, B' as its options. */
export function draftOf(row: TAnswerRow): TDraft {
  if (row.question?.type === 'Multi Select Option') return row.stored === null ? [] : splitMultiSelect(row.stored);
  return row.stored ?? '';
}

/** The value a draft stores: trimmed, a multi-select joined with ', ', and an emptied answer cleared (null). */
export function storedFromDraft(draft: TDraft): string | null {
  const text =
    typeof draft === 'string' ? draft.trim() : storedAnswer(draft.map((d) => d.trim()).filter((d) => d !== ''));
  return text === '' ? null : text;
}

function isChanged(row: TAnswerRow, draft: TDraft | undefined): draft is TDraft {
  return row.question !== null && draft !== undefined && storedFromDraft(draft) !== storedFromDraft(draftOf(row));
}

/** PUT /dynamic/updateLeadData body: only the Q keys whose answer changed (null clears one). */
export function answerEditBody(rows: readonly TAnswerRow[], drafts: Readonly<Record<string, TDraft>>): TLeadSaveBody {
  const body: TLeadSaveBody = {};
  for (const row of rows) {
    const draft = drafts[row.qno];
    if (isChanged(row, draft)) body[row.qno] = storedFromDraft(draft);
  }
  return body;
}

/** Why a changed answer would be refused, by qno (the server checks the same and names the same problems). */
export function answerEditProblems(
  rows: readonly TAnswerRow[],
  drafts: Readonly<Record<string, TDraft>>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const row of rows) {
    const draft = drafts[row.qno];
    if (!isChanged(row, draft) || row.question === null) continue;
    const value = storedFromDraft(draft);
    const problem = value === null ? undefined : storedAnswerProblem(row.question, value);
    if (problem !== undefined) problems[row.qno] = problem;
  }
  return problems;
}
