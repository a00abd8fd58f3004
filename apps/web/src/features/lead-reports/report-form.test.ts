// The report forms' checks: a download starts only with a campaign and real dates, the start not after the end.
import { describe, expect, it } from 'vitest';
import { checkForDReport, checkFullReport, datesInRange, REPORT_PROBLEMS } from './report-form.ts';

describe('checkForDReport', () => {
  it('needs a campaign and a real yyyy-MM-dd date', () => {
    expect(checkForDReport({ campaign: 'Spring', dataDate: '2025-03-02' })).toEqual({});
    expect(checkForDReport({ campaign: '', dataDate: '' })).toEqual({
      campaign: REPORT_PROBLEMS.campaign,
      dataDate: REPORT_PROBLEMS.dataDate,
    });
    expect(checkForDReport({ campaign: 'Spring', dataDate: '2025-02-30' })).toEqual({
      dataDate: REPORT_PROBLEMS.notADate,
    });
  });
});

describe('checkFullReport', () => {
  it('allows one day (start = end) and refuses a start after the end', () => {
    expect(checkFullReport({ campaign: 'Spring', startDate: '2025-03-02', endDate: '2025-03-02' })).toEqual({});
    expect(checkFullReport({ campaign: 'Spring', startDate: '2025-03-03', endDate: '2025-03-02' })).toEqual({
      startDate: REPORT_PROBLEMS.order,
    });
  });

  it('names each missing or unreadable date before comparing them', () => {
    expect(checkFullReport({ campaign: 'Spring', startDate: '', endDate: '03/02/2025' })).toEqual({
      startDate: REPORT_PROBLEMS.startDate,
      endDate: REPORT_PROBLEMS.notADate,
    });
  });
});

describe('datesInRange', () => {
  it('keeps the data dates from start to end, both included', () => {
    expect(datesInRange(['2025-03-03', '2025-03-02', '2025-03-01', '2025-02-28'], '2025-03-01', '2025-03-02')).toEqual([
      '2025-03-02',
      '2025-03-01',
    ]);
  });
});
