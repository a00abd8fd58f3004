// A campaign's active questions as the lookup fills them, kept in this process per campaign and survey version
// (migration 0030): the survey is the same for every lead of the campaign, so a lookup reads its questions only when
// the campaign's version is not the one held here, and fills only the texts that name a lead field or an answer.
import {
  fillQuestionText,
  formatQno,
  joinOptions,
  surveyTextParts,
  type TLead,
  type TLookupSurveyQuestion,
} from '@crm/shared';
import type { Db } from '../../db/schema.ts';

/** An active question as the lookup statement reads it (json: options as an array, qno a number). */
export type SurveyRow = { id: number; qno: number; title: string; options: string[]; instruction: string | null };

/** A question whose texts name a lead field or an answer ({respondent_name}, {Q3}): filled per lead. */
type PipedQuestion = { id: number; qno: string; title: string; options: string; instruction: string | null };

export type SurveyTemplates = {
  /** The campaign's survey version these questions are of. */
  version: number;
  /** The active questions whose texts are filled per lead, in qno order. */
  piped: PipedQuestion[];
};

/** Per database, per campaign name (lower case): the survey held. A campaign's questions change rarely; names are few. */
const held = new WeakMap<Db, Map<string, SurveyTemplates>>();

/** The survey held for the campaign (its lower-case name), whatever its version. */
export function heldSurvey(db: Db, campaign: string): SurveyTemplates | undefined {
  return held.get(db)?.get(campaign);
}

const names = (text: string) => surveyTextParts(text).some((part) => part.kind !== 'plain');

/** Keeps the campaign's questions of that version (replacing an older one) and answers them as templates. */
export function keepSurvey(db: Db, campaign: string, version: number, rows: readonly SurveyRow[]): SurveyTemplates {
  const piped = rows.flatMap((q) => {
    const options = joinOptions(q.options);
    const filled = names(q.title) || names(options) || (q.instruction !== null && names(q.instruction));
    return filled ? [{ id: q.id, qno: formatQno(q.qno), title: q.title, options, instruction: q.instruction }] : [];
  });
  const templates = { version, piped };
  let byName = held.get(db);
  if (byName === undefined) {
    byName = new Map();
    held.set(db, byName);
  }
  const current = byName.get(campaign);
  // Two batches may answer out of order: the newer version stays.
  if (current === undefined || current.version <= version) byName.set(campaign, templates);
  return templates;
}

/**
 * The lookup reply's `survey`: the questions whose texts name a lead field or an answer, each as written and filled
 * from the flat lead (its values and stored answers). The rest read the same for every lead: the screen has them
 * from GET /api/logic/survey.
 */
export function filledTexts(templates: SurveyTemplates, lead: TLead): TLookupSurveyQuestion[] {
  return templates.piped.map((q) => {
    const text = { title: q.title, options: q.options, instruction: q.instruction };
    return { id: q.id, qno: q.qno, ...text, ...fillQuestionText(text, { lead }) };
  });
}
