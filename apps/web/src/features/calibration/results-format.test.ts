// How the calibration results read: shares, alphas, leans, expert misses, the Total row and the leans by criterion.
import { describe, expect, it } from 'vitest';
import { QC_CRITERION_KEYS } from '@crm/shared';
import {
  alphaReading,
  expertMisses,
  formatAlpha,
  formatLean,
  formatShare,
  leansByCriterion,
  totalsSummary,
} from './results-format.ts';

describe('the calibration results in words', () => {
  it('writes shares, alphas and leans', () => {
    expect(formatShare(0.25)).toBe('25%');
    expect(formatShare(50 / 56)).toBe('89%');
    expect(formatShare(null)).toBe('—');
    expect(formatAlpha(-1 / 3)).toBe('-0.33');
    expect(formatAlpha(null)).toBe('—');
    expect(formatLean(6.25)).toBe('+6.3');
    expect(formatLean(-8.75)).toBe('−8.8');
    expect(formatLean(0.01)).toBe('0');
  });

  it("reads alpha in Krippendorff's bands", () => {
    expect(alphaReading(0.85).label).toBe('reliable');
    expect(alphaReading(0.7).label).toBe('tentative');
    expect(alphaReading(-0.3).label).toBe('unreliable');
    expect(alphaReading(null).label).toBe('all the same');
  });

  it('finds where a column differs from the expert marks, ignoring missing marks and calls without expert marks', () => {
    const rows = QC_CRITERION_KEYS.map((key) => ({
      key,
      marks: [0, 0] as (number | null)[],
      median: 0,
      spread: 0,
      expert: 0 as number | null,
    }));
    const at = (key: string) => rows.find((r) => r.key === key) as (typeof rows)[number];
    at('liveliness').marks = [10, 5];
    at('liveliness').expert = 5;
    at('crm').marks = [null, 10];
    at('crm').expert = 20;
    at('pace').expert = null;
    at('pace').marks = [10, 5];
    const call = {
      id: 1,
      campaignName: 'x',
      consumerNumber: '1',
      callDate: '2026-11-20',
      fileName: null,
      rows,
      totals: [],
      expertTotal: null,
    };
    expect(expertMisses(call, 0)).toEqual(['liveliness']);
    expect(expertMisses(call, 1)).toEqual(['crm']);
  });

  it('sums up the Total row as the criteria rows: the median of the totals and highest − lowest, skipping missing ones', () => {
    expect(totalsSummary([85, 70, 95])).toEqual({ median: 85, spread: 25 });
    expect(totalsSummary([80, null, 90, 75, 100])).toEqual({ median: 85, spread: 25 });
    expect(totalsSummary([90, 90])).toEqual({ median: 90, spread: 0 });
    expect(totalsSummary([null, null])).toEqual({ median: null, spread: null });
  });

  it('lays the leans out by criterion, one cell per inspector', () => {
    const lean = (inspectorId: number, criteria: { key: 'crm' | 'pace'; lean: number; flagged: boolean }[]) => ({
      inspectorId,
      name: `I${inspectorId}`,
      scored: 2,
      lean: 0,
      flagged: false,
      expertDifferences: [],
      criteria: criteria.map((c) => ({ ...c, share: null })),
    });
    const rows = leansByCriterion([
      lean(1, [{ key: 'crm', lean: 10, flagged: true }]),
      lean(2, [
        { key: 'crm', lean: -2.5, flagged: false },
        { key: 'pace', lean: 0, flagged: false },
      ]),
    ]);
    expect(rows).toHaveLength(QC_CRITERION_KEYS.length);
    expect(rows.find((r) => r.key === 'crm')?.cells).toEqual([
      { lean: 10, flagged: true },
      { lean: -2.5, flagged: false },
    ]);
    expect(rows.find((r) => r.key === 'pace')?.cells).toEqual([
      { lean: null, flagged: false },
      { lean: 0, flagged: false },
    ]);
  });
});
