// Small rules of the Scorecards screen: the export's file name, what-if's default period, before→after in words.
import { describe, expect, it } from 'vitest';
import {
  beforeAfter,
  exportFileName,
  gradeRows,
  lastCalendarMonth,
  rateBeforeAfter,
  usedByText,
  versionActions,
} from './scorecard-versions.ts';

describe('scorecard versions', () => {
  it('names the export after the scorecard and version, with nothing a file system refuses', () => {
    expect(exportFileName('Client: Acme / Outbound', 3)).toBe('Client Acme Outbound-v3.scorecard.json');
    expect(exportFileName('***', 1)).toBe('scorecard-v1.scorecard.json');
  });

  it("defaults what-if to last calendar month, across a year's end and in a leap year", () => {
    expect(lastCalendarMonth('2026-12-06')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(lastCalendarMonth('2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lastCalendarMonth('2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('offers Publish on drafts, Retire on published versions and new versions of any but the built-in one', () => {
    expect(versionActions({ state: 'draft' }, false)).toEqual({ publish: true, retire: false, newVersion: true });
    expect(versionActions({ state: 'published' }, false)).toEqual({ publish: false, retire: true, newVersion: true });
    expect(versionActions({ state: 'published' }, true)).toEqual({ publish: false, retire: false, newVersion: false });
    expect(versionActions({ state: 'retired' }, false)).toEqual({ publish: false, retire: false, newVersion: true });
  });

  it('names the campaigns using a version, the first few when there are many', () => {
    const uses = ['A', 'B', 'C', 'D'].map((campaignName) => ({ campaignName, kind: 'client' as const }));
    expect(usedByText([])).toBe('Not used by any campaign');
    expect(usedByText(uses.slice(0, 1))).toBe('Used by A (client)');
    expect(usedByText(uses, 2)).toBe('Used by A (client), B (client) and 2 more');
  });

  it('says before → after, a dash where there was nothing', () => {
    expect(beforeAfter(82.456, 79)).toBe('82.46 → 79');
    expect(beforeAfter(null, 79)).toBe('— → 79');
    expect(rateBeforeAfter(0.75, 0.6)).toBe('75% → 60%');
  });

  it('lines up the grades of both sides', () => {
    expect(
      gradeRows(
        [{ name: 'A', count: 2 }],
        [
          { name: 'B', count: 1 },
          { name: 'A', count: 1 },
        ],
      ),
    ).toEqual([
      { name: 'A', before: 2, after: 1 },
      { name: 'B', before: 0, after: 1 },
    ]);
  });
});
