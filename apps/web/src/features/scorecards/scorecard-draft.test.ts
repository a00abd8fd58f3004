// The builder's draft: what it sends, and each change the admin makes to it (the reducer), one transition at a time.
import { describe, expect, it } from 'vitest';
import { STANDARD_SCORECARD, ZScorecardDefinition } from '@crm/shared';
import {
  definitionInput,
  draftOf,
  draftReducer,
  freeKey,
  newDraft,
  sameContent,
  sectionStarts,
  tagsOf,
  typedNumber,
  weightSum,
  type TDraft,
} from './scorecard-draft.ts';

const twoSections = (): TDraft => {
  const d = newDraft();
  d.name = 'Outbound';
  d.scoringMode = 'weighted';
  d.sections[0]!.weight = 60;
  d.sections[0]!.criteria[0]!.name = 'Greeting';
  d.sections[0]!.criteria[0]!.question = 'Did the agent greet?';
  return draftReducer(d, { type: 'addSection' });
};

describe('a draft as sent', () => {
  it('round-trips a stored scorecard: the Standard scorecard sends what it is', () => {
    const parsed = ZScorecardDefinition.parse(definitionInput(draftOf(STANDARD_SCORECARD)));
    expect(parsed).toEqual(STANDARD_SCORECARD);
  });

  it('keeps typed numbers as numbers, leaves out the empty ones and keeps text that is no number as text', () => {
    expect(typedNumber(5)).toBe(5);
    expect(typedNumber(' -20 ')).toBe(-20);
    expect(typedNumber('')).toBeUndefined();
    expect(typedNumber('abc')).toBe('abc');
  });

  it('sends weights only in weighted mode, and keeps them in the draft when the mode goes back and forth', () => {
    const d = twoSections();
    expect(definitionInput(d).sections.map((s) => s.weight)).toEqual([60, null]);
    const points = draftReducer(d, { type: 'set', field: 'scoringMode', value: 'points' });
    expect(definitionInput(points).sections.map((s) => s.weight)).toEqual([null, null]);
    const back = draftReducer(points, { type: 'set', field: 'scoringMode', value: 'weighted' });
    expect(definitionInput(back).sections[0]!.weight).toBe(60);
  });

  it('reads tags apart by commas or spaces', () => {
    expect(tagsOf(' hold, compliance  opening,')).toEqual(['hold', 'compliance', 'opening']);
    expect(tagsOf('')).toEqual([]);
  });

  it('sums the weights, counting text that is no number as 0', () => {
    const d = twoSections();
    expect(weightSum(d)).toBe(60);
    expect(weightSum(draftReducer(d, { type: 'setSection', s: 1, patch: { weight: '40' } }))).toBe(100);
    expect(weightSum(draftReducer(d, { type: 'setSection', s: 1, patch: { weight: '-' } }))).toBe(60);
  });

  it('tells unsaved changes by content, not by row ids', () => {
    const a = draftOf(STANDARD_SCORECARD);
    expect(sameContent(a, draftOf(STANDARD_SCORECARD))).toBe(true);
    expect(sameContent(a, draftReducer(a, { type: 'set', field: 'passMark', value: 71 }))).toBe(false);
  });

  it('numbers criteria across sections', () => {
    expect(sectionStarts([{ criteria: [1, 2] }, { criteria: [] }, { criteria: [3] }])).toEqual([0, 2, 2]);
  });
});

describe('the builder changes', () => {
  it('adds a section with a criterion whose key no other criterion has', () => {
    const d = twoSections();
    expect(d.sections).toHaveLength(2);
    expect(d.sections[1]!.name).toBe('Section 2');
    expect(d.sections[1]!.criteria[0]!.key).toBe('criterion2');
    expect(freeKey(draftReducer(d, { type: 'addCriterion', s: 1 }))).toBe('criterion4');
  });

  it('moves a criterion within its section, and past its edge into the next or previous section', () => {
    let d = draftReducer(twoSections(), { type: 'addCriterion', s: 0 });
    const [a, b] = d.sections[0]!.criteria.map((c) => c.key);
    d = draftReducer(d, { type: 'moveCriterion', s: 0, c: 1, by: -1 });
    expect(d.sections[0]!.criteria.map((c) => c.key)).toEqual([b, a]);
    d = draftReducer(d, { type: 'moveCriterion', s: 0, c: 1, by: 1 });
    expect(d.sections[0]!.criteria.map((c) => c.key)).toEqual([b]);
    expect(d.sections[1]!.criteria[0]!.key).toBe(a);
    d = draftReducer(d, { type: 'moveCriterion', s: 1, c: 0, by: -1 });
    expect(d.sections[0]!.criteria.map((c) => c.key)).toEqual([b, a]);
    // The first criterion of the first section stays put.
    expect(draftReducer(d, { type: 'moveCriterion', s: 0, c: 0, by: -1 })).toBe(d);
  });

  it('moves and removes sections', () => {
    const d = twoSections();
    const moved = draftReducer(d, { type: 'moveSection', s: 1, by: -1 });
    expect(moved.sections.map((s) => s.name)).toEqual(['Section 2', 'Section 1']);
    expect(draftReducer(d, { type: 'removeSection', s: 0 }).sections.map((s) => s.name)).toEqual(['Section 2']);
  });

  it('keeps a scale between 2 and 11 choices', () => {
    const at = { s: 0, c: 0 };
    let d = newDraft();
    expect(draftReducer(d, { type: 'removeChoice', ...at, i: 0 }).sections[0]!.criteria[0]!.choices).toHaveLength(2);
    for (let i = 0; i < 12; i += 1) d = draftReducer(d, { type: 'addChoice', ...at });
    expect(d.sections[0]!.criteria[0]!.choices).toHaveLength(11);
  });

  it('keeps the auto-fail choice on a renamed choice and drops it with a removed one', () => {
    const at = { s: 0, c: 0 };
    let d = draftReducer(newDraft(), { type: 'addChoice', ...at });
    d = draftReducer(d, { type: 'setCriterion', ...at, patch: { autoFailChoice: 'No' } });
    d = draftReducer(d, { type: 'setChoice', ...at, i: 1, patch: { label: 'Fatal' } });
    expect(d.sections[0]!.criteria[0]!.autoFailChoice).toBe('Fatal');
    d = draftReducer(d, { type: 'setChoice', ...at, i: 0, patch: { label: 'Good' } });
    expect(d.sections[0]!.criteria[0]!.autoFailChoice).toBe('Fatal');
    d = draftReducer(d, { type: 'removeChoice', ...at, i: 1 });
    expect(d.sections[0]!.criteria[0]!.autoFailChoice).toBeNull();
  });

  it('keeps at least one grade band and at most ten', () => {
    let d = newDraft();
    for (let i = 0; i < 4; i += 1) d = draftReducer(d, { type: 'removeBand', b: 0 });
    expect(d.gradeBands).toHaveLength(1);
    for (let i = 0; i < 12; i += 1) d = draftReducer(d, { type: 'addBand' });
    expect(d.gradeBands).toHaveLength(10);
  });

  it('leaves every untouched criterion the same object (its editor is not drawn again)', () => {
    const d = draftReducer(twoSections(), { type: 'addCriterion', s: 0 });
    const next = draftReducer(d, { type: 'setCriterion', s: 0, c: 1, patch: { name: 'Close' } });
    expect(next.sections[0]!.criteria[0]).toBe(d.sections[0]!.criteria[0]);
    expect(next.sections[1]).toBe(d.sections[1]);
    expect(next.sections[0]!.criteria[1]).not.toBe(d.sections[0]!.criteria[1]);
  });
});
