// Lead fields and earlier answers in a question's text (issue 22): `{respondent_name}`, `{Outlet name}`, `{Q3}`.
// One engine, so the agent's screen, View Full CRM, the QC panel and the lookup reply show the same words.
import { MULTI_SELECT_SEPARATOR } from '../schemas/crm.ts';
import { parseOptions } from '../schemas/questions.ts';
import { DEFAULT_LEAD_COLUMNS, MAX_COLUMN_NAME_LENGTH } from './lead-columns.ts';

/** What a placeholder shows when the lead has no value for it (or the question is not answered yet): never the raw braces. */
export const PLACEHOLDER_STAND_IN = '—';

export type TPlaceholder = { kind: 'field'; name: string } | { kind: 'answer'; qno: string };
/** A text cut into what is shown as written and what is filled in; `raw` is the placeholder as written, braces included. */
export type TTextPart = { kind: 'plain'; text: string } | (TPlaceholder & { raw: string });

/** A lead's values (the flat lead: default columns, the data table's own columns, Q1…Qn), any key case. */
export type TLeadValues = Readonly<Record<string, string | number | null | undefined>>;
/** Answers given so far in this call, by qno: a multi-select's options as a list or as stored. */
export type TCallAnswers = Readonly<Record<string, string | readonly string[] | null | undefined>>;
export type TFillSource = { lead?: TLeadValues; answers?: TCallAnswers };

/**
 * `{{` is kept as written (so `{{name}}` stays literal), and so is a brace with no name, a name on several lines, a
 * name longer than a column name may be; anything else between one pair of braces is a placeholder.
 */
const PLACEHOLDER = new RegExp(`\\{\\{|\\{([^{}\\u0000-\\u001f]{1,${MAX_COLUMN_NAME_LENGTH + 2}})\\}`, 'g');
const ANSWER = /^Q(\d+)$/i;

function placeholderOf(inside: string): TPlaceholder | undefined {
  const name = inside.trim();
  if (name === '' || name.length > MAX_COLUMN_NAME_LENGTH) return undefined;
  const answer = ANSWER.exec(name);
  return answer ? { kind: 'answer', qno: `Q${Number(answer[1])}` } : { kind: 'field', name };
}

/** The text as parts, in order: plain text, lead fields and earlier answers (so a screen can highlight them). */
export function surveyTextParts(text: string): TTextPart[] {
  const parts: TTextPart[] = [];
  let plain = '';
  let from = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const placeholder = match[1] === undefined ? undefined : placeholderOf(match[1]);
    if (placeholder === undefined) continue;
    plain += text.slice(from, match.index);
    if (plain !== '') parts.push({ kind: 'plain', text: plain });
    plain = '';
    parts.push({ ...placeholder, raw: match[0] });
    from = match.index + match[0].length;
  }
  plain += text.slice(from);
  if (plain !== '') parts.push({ kind: 'plain', text: plain });
  return parts;
}

const keyOf = (p: TPlaceholder) => (p.kind === 'answer' ? p.qno : p.name.toLowerCase());

/** The placeholders of a text, each once (a field's name in any case counts once), in order of first use. */
export function textPlaceholders(text: string): TPlaceholder[] {
  const seen = new Set<string>();
  const out: TPlaceholder[] = [];
  for (const part of surveyTextParts(text)) {
    if (part.kind === 'plain' || seen.has(keyOf(part))) continue;
    seen.add(keyOf(part));
    out.push(part.kind === 'answer' ? { kind: 'answer', qno: part.qno } : { kind: 'field', name: part.name });
  }
  return out;
}

/** What a campaign's texts may name: its data table's own columns and its questions' numbers ('Q1', 'Q3'). */
export type TKnownNames = { columns: readonly string[]; qnos: readonly string[] };

/** Every column a placeholder may name: the default lead columns, then the data table's own. */
export function placeholderColumns(customColumns: readonly string[]): string[] {
  return [...DEFAULT_LEAD_COLUMNS, ...customColumns];
}

/** The placeholders of a text that name neither a column of the campaign (any case) nor one of its questions. */
export function unknownPlaceholders(text: string, known: TKnownNames): TPlaceholder[] {
  const columns = new Set(placeholderColumns(known.columns).map((c) => c.toLowerCase()));
  const qnos = new Set(known.qnos.map((q) => q.toUpperCase()));
  return textPlaceholders(text).filter((p) =>
    p.kind === 'answer' ? !qnos.has(p.qno) : !columns.has(p.name.toLowerCase()),
  );
}

function shown(value: string | number | readonly string[] | null | undefined): string {
  if (value === null || value === undefined) return PLACEHOLDER_STAND_IN;
  const text =
    typeof value === 'string' || typeof value === 'number' ? String(value) : value.join(MULTI_SELECT_SEPARATOR);
  return text.trim() === '' ? PLACEHOLDER_STAND_IN : text;
}

/** The lead's key for a field name, matched in any case (the exact one first). */
function leadKey(lead: TLeadValues, name: string): string | undefined {
  if (name in lead) return name;
  return Object.keys(lead).find((k) => k.toLowerCase() === name.toLowerCase());
}

/**
 * An answer as shown: a chosen option may itself name a lead field ("Yes, {brand}"), which is filled too; anything
 * else in braces (typed by the agent, or an answer naming an answer) stays as it is.
 */
function shownAnswer(answer: string, lead: TLeadValues): string {
  if (answer === PLACEHOLDER_STAND_IN) return answer;
  return surveyTextParts(answer)
    .map((part) => {
      if (part.kind !== 'field') return part.kind === 'plain' ? part.text : part.raw;
      const key = leadKey(lead, part.name);
      return key === undefined ? part.raw : shown(lead[key]);
    })
    .join('');
}

function valueOf(part: TPlaceholder, source: TFillSource): string {
  const lead = source.lead ?? {};
  if (part.kind === 'answer') return shownAnswer(shown(source.answers?.[part.qno] ?? lead[part.qno]), lead);
  const key = leadKey(lead, part.name);
  return shown(key === undefined ? undefined : lead[key]);
}

/** A part filled in: plain text as is, a placeholder as its value (the stand-in when there is none). */
export function fillTextPart(part: TTextPart, source: TFillSource): string {
  return part.kind === 'plain' ? part.text : valueOf(part, source);
}

/**
 * The text with each placeholder replaced by the lead's value or the answer given so far in this call (an answer
 * given in the call wins over the one stored on the lead); an empty or missing value shows PLACEHOLDER_STAND_IN.
 */
export function fillSurveyText(text: string, source: TFillSource): string {
  return surveyTextParts(text)
    .map((part) => fillTextPart(part, source))
    .join('');
}

export type TQuestionText = { title: string; options: string; instruction: string | null };
export type TFilledQuestionText = { titleFilled: string; optionsFilled: string[]; instructionFilled: string | null };

/** A question's title, each option and instruction, filled in. */
export function fillQuestionText(question: TQuestionText, source: TFillSource): TFilledQuestionText {
  return {
    titleFilled: fillSurveyText(question.title, source),
    optionsFilled: parseOptions(question.options).map((o) => fillSurveyText(o, source)),
    instructionFilled: question.instruction === null ? null : fillSurveyText(question.instruction, source),
  };
}

const rawOf = (p: TPlaceholder) => `{${p.kind === 'answer' ? p.qno : p.name}}`;

/**
 * Why a question's texts cannot be saved, one message per unknown placeholder naming it, where it is and what the
 * campaign has, e.g. 'Unknown lead field "{shop}" in the title of Q4: the campaign's columns are …'. Empty when fine.
 */
export function questionTextProblems(question: TQuestionText & { qno: string }, known: TKnownNames): string[] {
  const places: [string, string][] = [
    ['the title', question.title],
    ...parseOptions(question.options).map((o, i): [string, string] => [`option ${i + 1} ("${o}")`, o]),
    ['the instruction', question.instruction ?? ''],
  ];
  const columns = placeholderColumns(known.columns).join(', ');
  const qnos = known.qnos.length > 0 ? known.qnos.join(', ') : 'none yet';
  return places.flatMap(([where, text]) =>
    unknownPlaceholders(text, known).map((p) =>
      p.kind === 'answer'
        ? `Unknown question "${rawOf(p)}" in ${where} of ${question.qno}: the campaign's questions are ${qnos}`
        : `Unknown lead field "${rawOf(p)}" in ${where} of ${question.qno}: the campaign's columns are ${columns}`,
    ),
  );
}
