// The QC scorecard (docs/product.md §5 QC total and grade, §9 scales and grades, the older system's scales as docs/product.md §9 gives them):
// the 14 criteria with their scales, the total and the grade bands.

/** One choice of a criterion's scale: what the inspector picks and the marks it gives. */
export type TScaleChoice = { label: 'Yes' | 'Need Improvement' | 'No'; marks: number };

export type TQcCriterion = {
  /** The in-house field name; the client record's is `${key}Marks`. */
  key: (typeof QC_CRITERION_KEYS)[number];
  /** The short name shown on the scorecard. */
  name: string;
  scale: readonly TScaleChoice[];
  /** Its scale in words, marks as whole numbers: 'Yes (10) / Need Improvement (5) / No (0)'. */
  hint: string;
  /** The In-House export's header (also the key of the excel-print JSON). */
  exportHeader: string;
  /** The Client export's header: the long question wording. */
  clientHeader: string;
};

export const QC_CRITERION_KEYS = [
  'greetings',
  'liveliness',
  'pronunciation',
  'mumbling',
  'pace',
  'pitch',
  'courtesy',
  'holdProcess',
  'takingPermission',
  'acknowledgementAndFollowUp',
  'poorObjectionAndNegotiationSkill',
  'crm',
  'closing',
  'fatal',
] as const;
export type TQcCriterionKey = (typeof QC_CRITERION_KEYS)[number];

const YES_NO_0_5: readonly TScaleChoice[] = [
  { label: 'Yes', marks: 0 },
  { label: 'No', marks: -5 },
];
const TEN_FIVE_ZERO: readonly TScaleChoice[] = [
  { label: 'Yes', marks: 10 },
  { label: 'Need Improvement', marks: 5 },
  { label: 'No', marks: 0 },
];
const tenHeader = (name: string) => `${name}(10) [Yes(10)/Need Improvement(5)/ No(0)]`;

const CRITERIA: readonly Omit<TQcCriterion, 'hint'>[] = [
  {
    key: 'greetings',
    name: 'Greetings',
    scale: YES_NO_0_5,
    exportHeader: 'Greetings ( শুভেচ্ছা ) [Yes(0)/No(-5)]',
    clientHeader: 'Did agent use standard opening greeting?',
  },
  {
    key: 'liveliness',
    name: 'Liveliness',
    scale: TEN_FIVE_ZERO,
    exportHeader: tenHeader('Liveliness'),
    clientHeader: 'Was the quality of being active and enthusiastic exist in call?',
  },
  {
    key: 'pronunciation',
    name: 'Pronunciation',
    scale: TEN_FIVE_ZERO,
    exportHeader: tenHeader('Pronunciation'),
    clientHeader: 'Did the agent speak aloud a word or sound according to the rules of the language?',
  },
  {
    key: 'mumbling',
    name: 'Mumbling',
    scale: TEN_FIVE_ZERO,
    exportHeader: tenHeader('Mumbling'),
    clientHeader:
      'Did the agent speak quietly and in a way that is not clear so that the words are difficult to understand?',
  },
  {
    key: 'pace',
    name: 'Pace',
    scale: TEN_FIVE_ZERO,
    exportHeader: tenHeader('Pace'),
    clientHeader: 'Did the agent maintain appropriate speaking speed (not so fast or not so slow) at call?',
  },
  {
    key: 'pitch',
    name: 'Pitch',
    scale: TEN_FIVE_ZERO,
    exportHeader: tenHeader('Pitch'),
    clientHeader: 'Was the voice/tonality sound appropriate when the agent speak?',
  },
  {
    key: 'courtesy',
    name: 'Courtesy',
    scale: TEN_FIVE_ZERO,
    exportHeader: tenHeader('Courtesy'),
    clientHeader:
      'Did the agent maintain courtesy? (no avoiding tendency, Empathized/ sympathized/ apologized in a timely manner, Personalize the call with positive and helpful attitude, not lingered the call unnecessarily)',
  },
  {
    key: 'holdProcess',
    name: 'Hold Process',
    scale: YES_NO_0_5,
    exportHeader: 'Hold Process(0) [Yes(0)/No(-5)]',
    clientHeader: 'Did the agent maintain hold duration(30 Sec) and hold etiquette?',
  },
  // Spec §9: the in-house reading of these two, Yes 10 / Need Improvement 5 / No 0 (the export headers keep the older wording).
  {
    key: 'takingPermission',
    name: 'Taking Permission',
    scale: TEN_FIVE_ZERO,
    exportHeader: 'Taking Permission (10) [Yes(10)/ No(0)]',
    clientHeader: "Did the agent take permission to book customer's time and share reason for call?",
  },
  {
    key: 'acknowledgementAndFollowUp',
    name: 'Acknowledgement and follow-up',
    scale: TEN_FIVE_ZERO,
    exportHeader: 'Acknowledgement and follow-up(10) [Yes(10)/ No(0)]',
    clientHeader:
      'Did the agent acknowledge customer that call recording and survey data will be saved/ask for a follow up time?',
  },
  {
    key: 'poorObjectionAndNegotiationSkill',
    name: 'Poor objection & Negotiation skill',
    scale: [
      { label: 'Yes', marks: 0 },
      { label: 'Need Improvement', marks: -10 },
      { label: 'No', marks: -20 },
    ],
    exportHeader: 'Poor objection & Negotiation skill(-20) [Yes(0.00)/Need Improvement(-10)/ No(-20.00)]',
    clientHeader: 'Poor objection & Negotiation skill(-20)',
  },
  {
    key: 'crm',
    name: 'CRM',
    scale: [
      { label: 'Yes', marks: 20 },
      { label: 'Need Improvement', marks: 10 },
      { label: 'No', marks: 0 },
    ],
    exportHeader: 'CRM(20) [Yes(20)/Need Improvement(10)/No(0)]',
    clientHeader:
      'Did the agent approached to complete the survey in correct way(maintained serial of survey and asked appropriate question)?',
  },
  {
    key: 'closing',
    name: 'Closing',
    scale: YES_NO_0_5,
    exportHeader: 'Closing [Yes(0)/ No(-5)]',
    clientHeader: 'Did agent use unique closing?',
  },
  {
    key: 'fatal',
    name: 'Fatal',
    scale: [
      { label: 'Yes', marks: -100 },
      { label: 'No', marks: 0 },
    ],
    exportHeader: 'Fatal [Yes(-100)/ No(0)]',
    clientHeader: 'Fatal [Yes(-100)/ No(0)]',
  },
];

/** The scale's choices in words, e.g. 'Yes (10) / Need Improvement (5) / No (0)' (never 'No(-20.00)'). */
export function scaleHint(scale: readonly TScaleChoice[]): string {
  return scale.map((s) => `${s.label} (${s.marks})`).join(' / ');
}

export const QC_CRITERIA: readonly TQcCriterion[] = CRITERIA.map((c) => ({ ...c, hint: scaleHint(c.scale) }));

/** The marks a criterion allows, e.g. "Yes (10), Need Improvement (5), No (0)". */
export function scaleText(c: TQcCriterion): string {
  return c.scale.map((s) => `${s.label} (${s.marks})`).join(', ');
}

export function isOnScale(c: TQcCriterion, marks: number): boolean {
  return c.scale.some((s) => s.marks === marks);
}

/** The marks a scorecard starts from: the best choice of each criterion (the total is then 100). */
export function bestMarks(c: TQcCriterion): number {
  return Math.max(...c.scale.map((s) => s.marks));
}

export type TQcScores = Record<TQcCriterionKey, number>;
/** The same marks under the client record's names (greetingsMarks … fatalMarks). */
export type TQcMarks = { [K in TQcCriterionKey as `${K}Marks`]: number };

export function toClientMarks(scores: TQcScores): TQcMarks {
  return Object.fromEntries(QC_CRITERION_KEYS.map((k) => [`${k}Marks`, scores[k]])) as TQcMarks;
}

export function fromClientMarks(marks: TQcMarks): TQcScores {
  return Object.fromEntries(QC_CRITERION_KEYS.map((k) => [k, marks[`${k}Marks`]])) as TQcScores;
}

/** Every criterion at its best choice (the scorecard's start; total 100). */
export function bestScores(): TQcScores {
  return Object.fromEntries(QC_CRITERIA.map((c) => [c.key, bestMarks(c)])) as TQcScores;
}

/** Spec §5: the total is the sum of the 14 criteria (fatal reason, voice match and suggestion excluded). */
export function qcTotal(scores: TQcScores): number {
  return QC_CRITERION_KEYS.reduce((sum, k) => sum + scores[k], 0);
}

export const QC_GRADES = [
  'Exceed Expectation',
  'Meet Expectation',
  'Average Expectation',
  'Below Expectation',
] as const;
export type TQcGrade = (typeof QC_GRADES)[number];

/** Spec §9: 90 or more Exceed; 80 to under 90 Meet; 70 to under 80 Average; under 70 Below. */
export function qcGrade(total: number): TQcGrade {
  if (total >= 90) return 'Exceed Expectation';
  if (total >= 80) return 'Meet Expectation';
  if (total >= 70) return 'Average Expectation';
  return 'Below Expectation';
}

/** The daily summary's colour of an agent's average (docs/product.md §9). */
export const QC_COLOURS = ['red', 'yellow', 'blue', 'green'] as const;
export type TQcColour = (typeof QC_COLOURS)[number];
export function qcColour(average: number): TQcColour {
  if (average >= 90) return 'green';
  if (average >= 80) return 'blue';
  if (average >= 70) return 'yellow';
  return 'red';
}
