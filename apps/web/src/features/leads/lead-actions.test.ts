// The target rules of generate and regenerate, and the counts their confirmations state.
import { describe, expect, it } from 'vitest';
import { ZGenerateTargets } from '@crm/shared';
import {
  checkTargets,
  deleteConfirmText,
  generateCeiling,
  regenerateAllCeiling,
  regenerateCeiling,
  selectorLabel,
  TARGET_INVALID,
  withHeldBack,
} from './lead-actions.ts';
import { SUMMARY } from '../../test/lead-actions-test-fetch.ts';

const north = SUMMARY.selectors[1]!;
const choice = { campaign: 'Spring Survey', dataDate: '2025-03-02' };

describe('checkTargets', () => {
  it('leaves blank selectors out and keeps 0 as a target; the server reads the result as it was meant', () => {
    const check = checkTargets({ North: ' 10 ', South: '', '': '0' });
    expect(check).toEqual({ kind: 'ok', targets: { North: 10, '': 0 } });
    expect(ZGenerateTargets.parse(check.kind === 'ok' ? check.targets : null)).toEqual({ North: 10, '': 0 });
  });

  it('names every selector whose target is not a whole number from 0 to 1,000,000', () => {
    expect(checkTargets({ A: '-1', B: '2.5', C: '1000001', D: '1000000', E: 'x' })).toEqual({
      kind: 'invalid',
      errors: { A: TARGET_INVALID, B: TARGET_INVALID, C: TARGET_INVALID, E: TARGET_INVALID },
    });
  });
});

describe('what a target can yield', () => {
  it('generate: N in each br_id group, never more than the fresh leads', () => {
    expect(generateCeiling(5, north)).toBe(60);
    expect(generateCeiling(50, north)).toBe(90);
  });

  it('regenerate: also never more than the generated leads not called yet', () => {
    expect(regenerateCeiling(5, north)).toBe(10);
    expect(regenerateCeiling(0, north)).toBe(0);
    expect(regenerateAllCeiling(SUMMARY)).toBe(10);
  });
});

describe('deleteConfirmText', () => {
  it('says how many leads go and how many have answers, in the singular when it is one', () => {
    expect(deleteConfirmText(choice, { ...SUMMARY, total: 1, withAnswers: 1 })).toBe(
      'This deletes the 1 lead of 2025-03-02 from Spring Survey; 1 of them has survey answers, which are lost too. This cannot be undone.',
    );
    expect(deleteConfirmText(choice, { ...SUMMARY, total: 1200, withAnswers: 0 })).toBe(
      'This deletes all 1,200 leads of 2025-03-02 from Spring Survey; none of them has survey answers. This cannot be undone.',
    );
  });
});

describe('selectorLabel', () => {
  it("shows leads without a selector as '(no selector)'", () => {
    expect(selectorLabel('')).toBe('(no selector)');
    expect(selectorLabel('North')).toBe('North');
  });
});

describe('withHeldBack', () => {
  it('adds the do-not-call count only when some leads were held back', () => {
    expect(withHeldBack('Rows generated: 5', 12)).toBe('Rows generated: 5 (12 held back: do not call or quota full)');
    expect(withHeldBack('Rows generated: 5', 0)).toBe('Rows generated: 5');
  });
});
