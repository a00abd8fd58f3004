// The QC search needs the campaign, the number and the call date (docs/product.md §5).
import { describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../../app/time-zone.ts';
import { SEARCH_PROBLEMS, searchProblems, today } from './search-form.ts';

describe('searchProblems', () => {
  it('names each missing field', () => {
    expect(searchProblems({ campaignName: '', consumerNumber: ' ', callDate: '' })).toEqual({
      campaignName: SEARCH_PROBLEMS.campaignName,
      consumerNumber: SEARCH_PROBLEMS.consumerNumber,
      callDate: SEARCH_PROBLEMS.callDate,
    });
  });

  it('refuses a date not written yyyy-MM-dd and accepts a complete search', () => {
    expect(searchProblems({ campaignName: 'Spring Survey', consumerNumber: '017', callDate: '19/11/2026' })).toEqual({
      callDate: SEARCH_PROBLEMS.callDateFormat,
    });
    expect(searchProblems({ campaignName: 'Spring Survey', consumerNumber: '017', callDate: '2026-11-19' })).toEqual(
      {},
    );
  });

  it('starts the date at today in the call centre’s calendar: a call scored at 00:30 there is on that day', () => {
    setDisplayTimeZone('Asia/Dhaka');
    // 18:30 UTC on the 4th is 00:30 on the 5th in Dhaka.
    expect(today(new Date('2026-01-04T18:30:00Z'))).toBe('2026-01-05');
    setDisplayTimeZone('UTC');
    expect(today(new Date('2026-01-04T18:30:00Z'))).toBe('2026-01-04');
  });
});
