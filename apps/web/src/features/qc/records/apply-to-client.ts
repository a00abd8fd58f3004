// What an in-house edit would change on the client record of the same call (docs/qc-records.md, Applying an in-house
// edit to the client record): each record as comparable fields, what the edit changed, how the client record differs,
// and whether "Also apply to the client record" starts ticked (the client record agreed on every changed field).
import { QC_CRITERIA, STANDARD_SCORECARD_ID, type TScorecardMark } from '@crm/shared';
import { choiceLabel, normalisedEas } from '../scorecard/scorecard-values.ts';
import {
  formFromRecord,
  recordTexts,
  type TAnyQcRecord,
  type TQcRecordForm,
  type TQcRecordTexts,
} from './record-form.ts';

/** A field as compared and shown: its name and its value as words ("Yes (10)", "N/A", the text). */
export type TField = { name: string; text: string };
/** A record's fields by key: criterion keys, `${key}#comment`, and the three texts (in-house names). */
export type TFields = Record<string, TField>;

const TEXT_NAMES: Record<keyof TQcRecordTexts, string> = {
  fatalReason: 'Fatal Reason',
  easVoiceMatchedWithReport: 'EAS voice matched',
  suggestion: 'Suggestion',
};

function textFields(texts: TQcRecordTexts): TFields {
  return {
    fatalReason: { name: TEXT_NAMES.fatalReason, text: texts.fatalReason.trim() },
    easVoiceMatchedWithReport: {
      name: TEXT_NAMES.easVoiceMatchedWithReport,
      text: normalisedEas(texts.easVoiceMatchedWithReport),
    },
    suggestion: { name: TEXT_NAMES.suggestion, text: texts.suggestion.trim() },
  };
}

/** The Standard form's fields: the 14 marks as their choice's words, and the texts. */
export function fieldsOfForm(form: TQcRecordForm): TFields {
  const fields: TFields = {};
  for (const c of QC_CRITERIA) {
    const marks = form.scores[c.key];
    const choice = c.scale.find((s) => s.marks === marks);
    fields[c.key] = { name: c.name, text: choice ? choiceLabel(choice) : String(marks) };
  }
  return {
    ...fields,
    ...textFields({
      fatalReason: form.fatalReason,
      easVoiceMatchedWithReport: form.easVoiceMatched,
      suggestion: form.suggestion,
    }),
  };
}

/** Marks on a scorecard (names by key): each choice (N/A when none) and comment, and the texts. */
export function fieldsOfMarks(
  names: ReadonlyMap<string, string>,
  marks: readonly TScorecardMark[],
  texts: TQcRecordTexts,
): TFields {
  const fields: TFields = {};
  for (const m of marks) {
    const name = names.get(m.key) ?? m.key;
    fields[m.key] = { name, text: m.choice ?? 'N/A' };
    fields[`${m.key}#comment`] = { name: `${name} comment`, text: (m.comment ?? '').trim() };
  }
  return { ...fields, ...textFields(texts) };
}

/** A stored record's fields, whatever its kind and scorecard. */
export function fieldsOfRecord(record: TAnyQcRecord): TFields {
  if (record.scorecardId === STANDARD_SCORECARD_ID) return fieldsOfForm(formFromRecord(record));
  const criteria = record.scorecard?.criteria ?? [];
  return fieldsOfMarks(
    new Map(criteria.map((c) => [c.key, c.name])),
    criteria.map((c) => ({ key: c.key, choice: c.choice, comment: c.comment })),
    recordTexts(record),
  );
}

export type TClientChange = { key: string; name: string; from: string; to: string };

export type TClientPreview = {
  /** How many fields the edit changed so far. */
  changed: number;
  /** The changed fields the client record holds otherwise: what applying would change there. */
  changes: TClientChange[];
  /** Changed fields the client record's scorecard does not have: it cannot take the edit. */
  missing: string[];
  /** Ticked unless the inspector says otherwise: the client record had the in-house values of every changed field. */
  defaultOn: boolean;
};

/** The edit (`before` → `after`, the in-house record) seen from the client record (`client`). */
export function clientPreview(before: TFields, after: TFields, client: TFields): TClientPreview {
  const keys = Object.keys(after).filter((k) => before[k]?.text !== after[k]?.text);
  const missing = keys.filter((k) => client[k] === undefined).map((k) => after[k]!.name);
  const changes = keys
    .filter((k) => client[k] !== undefined && client[k].text !== after[k]!.text)
    .map((k) => ({ key: k, name: after[k]!.name, from: client[k]!.text, to: after[k]!.text }));
  const defaultOn = keys.length > 0 && missing.length === 0 && keys.every((k) => client[k]?.text === before[k]?.text);
  return { changed: keys.length, changes, missing, defaultOn };
}

/** The texts are named, the marks shown as they go: "Pace: Yes (10) → No (0)", "Suggestion". */
export function changeWords(change: TClientChange): string {
  return change.key in TEXT_NAMES || change.key.endsWith('#comment')
    ? change.name
    : `${change.name}: ${change.from} → ${change.to}`;
}
