// The Do Not Call screen's list filter and counts line.
import { describe, expect, it } from 'vitest';
import { countsText, filterOf, filterQuery, filterValue } from './api.ts';

describe('the list filter', () => {
  it('asks for both lists, the system list (an empty campaignName) or one campaign', () => {
    expect(filterQuery(filterOf('all'))).toEqual({});
    expect(filterQuery(filterOf('system'))).toEqual({ campaignName: '' });
    expect(filterQuery(filterOf('c:Spring Survey'))).toEqual({ campaignName: 'Spring Survey' });
  });

  it('keeps a campaign called "system" apart from the system list', () => {
    expect(filterOf('c:system')).toEqual({ kind: 'campaign', campaignName: 'system' });
    expect(filterValue({ kind: 'campaign', campaignName: 'system' })).toBe('c:system');
    expect(filterValue({ kind: 'system' })).toBe('system');
  });
});

describe('countsText', () => {
  it('names the system list first, then each campaign list', () => {
    expect(countsText({ system: 1234, campaigns: [{ campaignName: 'Spring Survey', count: 3 }] })).toBe(
      'System list: 1,234 · Spring Survey: 3',
    );
    expect(countsText({ system: 0, campaigns: [] })).toBe('System list: 0');
  });
});
