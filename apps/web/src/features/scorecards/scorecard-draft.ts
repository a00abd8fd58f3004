// The builder's draft of a scorecard as typed (numbers kept as typed until they parse), the changes the builder makes
// to it (one reducer), and how it becomes the request ZScorecardDefinition checks, in the browser and on the server.
import {
  DEFAULT_GRADE_BANDS,
  SCORECARD_LIMITS,
  type TAutoFailResult,
  type TScorecardDefinition,
  type TScoringMode,
} from '@crm/shared';

/** A number input's value: a number, or what was typed that is not one yet ('', '-', '1.'). */
export type TTyped = number | string;

export type TChoiceRow = { id: string; label: string; marks: TTyped };
export type TCriterionRow = {
  id: string;
  key: string;
  name: string;
  question: string;
  guidance: string;
  choices: TChoiceRow[];
  allowNa: boolean;
  autoFailChoice: string | null;
  commentRequired: boolean;
  /** As typed: tags apart by commas or spaces ('hold, compliance'). */
  tags: string;
};
export type TSectionRow = { id: string; name: string; weight: TTyped; criteria: TCriterionRow[] };
export type TBandRow = { id: string; name: string; from: TTyped };
export type TDraft = {
  name: string;
  description: string;
  scoringMode: TScoringMode;
  passMark: TTyped;
  autoFailResult: TAutoFailResult;
  gradeBands: TBandRow[];
  sections: TSectionRow[];
};

let lastRowId = 0;
/** A row's React key and focus handle: stays with the row when it moves. */
export const rowId = () => `row${(lastRowId += 1)}`;

type TCriterionLike = Omit<TCriterionRow, 'id' | 'choices' | 'tags'> & {
  choices: readonly { label: string; marks: number }[];
  tags: readonly string[];
};

function criterionRow(c: TCriterionLike): TCriterionRow {
  return {
    id: rowId(),
    key: c.key,
    name: c.name,
    question: c.question,
    guidance: c.guidance,
    choices: c.choices.map((ch) => ({ id: rowId(), label: ch.label, marks: ch.marks })),
    allowNa: c.allowNa,
    autoFailChoice: c.autoFailChoice,
    commentRequired: c.commentRequired,
    tags: c.tags.join(', '),
  };
}

/** The draft of a stored version's content. */
export function draftOf(d: TScorecardDefinition): TDraft {
  return {
    name: d.name,
    description: d.description,
    scoringMode: d.scoringMode,
    passMark: d.passMark,
    autoFailResult: d.autoFailResult,
    gradeBands: d.gradeBands.map((b) => ({ id: rowId(), name: b.name, from: b.from })),
    sections: d.sections.map((s) => ({
      id: rowId(),
      name: s.name,
      weight: s.weight ?? '',
      criteria: s.criteria.map(criterionRow),
    })),
  };
}

/** A key no criterion of the draft has: criterion1, criterion2, … */
export function freeKey(draft: Pick<TDraft, 'sections'>): string {
  const taken = new Set(draft.sections.flatMap((s) => s.criteria.map((c) => c.key.toLowerCase())));
  let n = taken.size + 1;
  while (taken.has(`criterion${n}`)) n += 1;
  return `criterion${n}`;
}

export function blankCriterion(key: string): TCriterionRow {
  return criterionRow({
    key,
    name: '',
    question: '',
    guidance: '',
    choices: [
      { label: 'Yes', marks: 1 },
      { label: 'No', marks: 0 },
    ],
    allowNa: false,
    autoFailChoice: null,
    commentRequired: false,
    tags: [],
  });
}

export function blankSection(name: string, key: string): TSectionRow {
  return { id: rowId(), name, weight: '', criteria: [blankCriterion(key)] };
}

/** What "New scorecard" opens: today's grade bands, pass mark 70, one section with one criterion to fill in. */
export function newDraft(): TDraft {
  return {
    name: '',
    description: '',
    scoringMode: 'points',
    passMark: 70,
    autoFailResult: 'zeroTotal',
    gradeBands: DEFAULT_GRADE_BANDS.map((b) => ({ id: rowId(), name: b.name, from: b.from })),
    sections: [blankSection('Section 1', 'criterion1')],
  };
}

/** A typed number as the request has it: '' is left out (the schema says it is required), other text stays text. */
export function typedNumber(value: TTyped): number | string | undefined {
  if (typeof value === 'number') return value;
  const text = value.trim();
  if (text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : value;
}

/** The tags typed, as the request lists them. */
export function tagsOf(text: string): string[] {
  return text.split(/[\s,]+/).filter((t) => t !== '');
}

/** The request ZScorecardDefinition checks (POST, PUT): the rows without their ids; weights only when weighted. */
export function definitionInput(draft: TDraft) {
  return {
    name: draft.name,
    description: draft.description,
    scoringMode: draft.scoringMode,
    passMark: typedNumber(draft.passMark),
    autoFailResult: draft.autoFailResult,
    gradeBands: draft.gradeBands.map((b) => ({ name: b.name, from: typedNumber(b.from) })),
    sections: draft.sections.map((s) => ({
      name: s.name,
      weight: draft.scoringMode === 'weighted' ? (typedNumber(s.weight) ?? null) : null,
      criteria: s.criteria.map((c) => ({
        key: c.key,
        name: c.name,
        question: c.question,
        guidance: c.guidance,
        choices: c.choices.map((ch) => ({ label: ch.label, marks: typedNumber(ch.marks) })),
        allowNa: c.allowNa,
        autoFailChoice: c.autoFailChoice,
        commentRequired: c.commentRequired,
        tags: tagsOf(c.tags),
      })),
    })),
  };
}

/** Whether two drafts would save the same scorecard (unsaved changes: the builder's draft against the stored one). */
export function sameContent(a: TDraft, b: TDraft): boolean {
  return JSON.stringify(definitionInput(a)) === JSON.stringify(definitionInput(b));
}

/** The weights' sum in weighted mode (typed text that is no number counts 0). */
export function weightSum(draft: Pick<TDraft, 'sections'>): number {
  const sum = draft.sections.reduce((total, s) => {
    const n = typedNumber(s.weight);
    return total + (typeof n === 'number' ? n : 0);
  }, 0);
  return Math.round(sum * 100) / 100;
}

type TCriterionAt = { s: number; c: number };
type TTopField = 'name' | 'description' | 'scoringMode' | 'passMark' | 'autoFailResult';

export type TDraftAction =
  | { type: 'load'; draft: TDraft }
  | { type: 'set'; field: TTopField; value: TDraft[TTopField] }
  | { type: 'setBand'; b: number; patch: Partial<Omit<TBandRow, 'id'>> }
  | { type: 'addBand' }
  | { type: 'removeBand'; b: number }
  | { type: 'setSection'; s: number; patch: Partial<Pick<TSectionRow, 'name' | 'weight'>> }
  | { type: 'addSection' }
  | { type: 'removeSection'; s: number }
  | { type: 'moveSection'; s: number; by: -1 | 1 }
  | ({ type: 'setCriterion'; patch: Partial<Omit<TCriterionRow, 'id' | 'choices'>> } & TCriterionAt)
  | { type: 'addCriterion'; s: number }
  | ({ type: 'removeCriterion' } & TCriterionAt)
  | ({ type: 'moveCriterion'; by: -1 | 1 } & TCriterionAt)
  | ({ type: 'setChoice'; i: number; patch: Partial<Omit<TChoiceRow, 'id'>> } & TCriterionAt)
  | ({ type: 'addChoice' } & TCriterionAt)
  | ({ type: 'removeChoice'; i: number } & TCriterionAt);

function replaceAt<T>(list: readonly T[], index: number, change: (item: T) => T): T[] {
  return list.map((item, i) => (i === index ? change(item) : item));
}

function swap<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

function withCriterion(draft: TDraft, at: TCriterionAt, change: (c: TCriterionRow) => TCriterionRow): TDraft {
  return {
    ...draft,
    sections: replaceAt(draft.sections, at.s, (s) => ({ ...s, criteria: replaceAt(s.criteria, at.c, change) })),
  };
}

/** A criterion moved up or down; past its section's first or last place it goes to the end or start of the next one. */
function moveCriterion(draft: TDraft, { s, c, by }: TCriterionAt & { by: -1 | 1 }): TDraft {
  const section = draft.sections[s];
  const criterion = section?.criteria[c];
  if (section === undefined || criterion === undefined) return draft;
  const to = c + by;
  if (to >= 0 && to < section.criteria.length)
    return { ...draft, sections: replaceAt(draft.sections, s, (x) => ({ ...x, criteria: swap(x.criteria, c, by) })) };
  const target = s + by;
  if (target < 0 || target >= draft.sections.length) return draft;
  return {
    ...draft,
    sections: draft.sections.map((x, i) => {
      if (i === s) return { ...x, criteria: x.criteria.filter((_, j) => j !== c) };
      if (i === target) return { ...x, criteria: by < 0 ? [...x.criteria, criterion] : [criterion, ...x.criteria] };
      return x;
    }),
  };
}

/** A renamed choice keeps being the auto-fail choice; a removed one stops being it. */
function setChoice(c: TCriterionRow, i: number, patch: Partial<Omit<TChoiceRow, 'id'>>): TCriterionRow {
  const old = c.choices[i];
  if (old === undefined) return c;
  const renamed = patch.label !== undefined && c.autoFailChoice !== null && c.autoFailChoice === old.label;
  return {
    ...c,
    choices: replaceAt(c.choices, i, (ch) => ({ ...ch, ...patch })),
    autoFailChoice: renamed ? (patch.label ?? null) : c.autoFailChoice,
  };
}

export function draftReducer(draft: TDraft, action: TDraftAction): TDraft {
  switch (action.type) {
    case 'load':
      return action.draft;
    case 'set':
      return { ...draft, [action.field]: action.value };
    case 'setBand':
      return { ...draft, gradeBands: replaceAt(draft.gradeBands, action.b, (b) => ({ ...b, ...action.patch })) };
    case 'addBand':
      if (draft.gradeBands.length >= SCORECARD_LIMITS.gradeBands) return draft;
      return { ...draft, gradeBands: [...draft.gradeBands, { id: rowId(), name: '', from: '' }] };
    case 'removeBand':
      if (draft.gradeBands.length <= 1) return draft;
      return { ...draft, gradeBands: draft.gradeBands.filter((_, i) => i !== action.b) };
    case 'setSection':
      return { ...draft, sections: replaceAt(draft.sections, action.s, (s) => ({ ...s, ...action.patch })) };
    case 'addSection':
      if (draft.sections.length >= SCORECARD_LIMITS.sections) return draft;
      return {
        ...draft,
        sections: [...draft.sections, blankSection(`Section ${draft.sections.length + 1}`, freeKey(draft))],
      };
    case 'removeSection':
      return { ...draft, sections: draft.sections.filter((_, i) => i !== action.s) };
    case 'moveSection':
      return { ...draft, sections: swap(draft.sections, action.s, action.by) };
    case 'setCriterion':
      return withCriterion(draft, action, (c) => ({ ...c, ...action.patch }));
    case 'addCriterion':
      return {
        ...draft,
        sections: replaceAt(draft.sections, action.s, (s) => ({
          ...s,
          criteria: [...s.criteria, blankCriterion(freeKey(draft))],
        })),
      };
    case 'removeCriterion':
      return {
        ...draft,
        sections: replaceAt(draft.sections, action.s, (s) => ({
          ...s,
          criteria: s.criteria.filter((_, j) => j !== action.c),
        })),
      };
    case 'moveCriterion':
      return moveCriterion(draft, action);
    case 'setChoice':
      return withCriterion(draft, action, (c) => setChoice(c, action.i, action.patch));
    case 'addChoice':
      return withCriterion(draft, action, (c) =>
        c.choices.length >= SCORECARD_LIMITS.maxChoices
          ? c
          : { ...c, choices: [...c.choices, { id: rowId(), label: '', marks: 0 }] },
      );
    case 'removeChoice':
      return withCriterion(draft, action, (c) => {
        const removed = c.choices[action.i];
        if (removed === undefined || c.choices.length <= SCORECARD_LIMITS.minChoices) return c;
        return {
          ...c,
          choices: c.choices.filter((_, i) => i !== action.i),
          autoFailChoice: c.autoFailChoice === removed.label ? null : c.autoFailChoice,
        };
      });
  }
}

/** Each section's first criterion's place in the whole scorecard, 0-based (criteria are numbered across sections). */
export function sectionStarts(sections: readonly { criteria: readonly unknown[] }[]): number[] {
  const starts: number[] = [];
  let next = 0;
  for (const s of sections) {
    starts.push(next);
    next += s.criteria.length;
  }
  return starts;
}
