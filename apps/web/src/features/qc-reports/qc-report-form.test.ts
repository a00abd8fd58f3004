// The QC report form: each type reveals its inputs, only a complete valid form exports, and each type's download
// is the spec's path, query and file name.
import { describe, expect, it } from 'vitest';
import { MAX_SUMMARY_DAYS, QC_REPORT_TYPES, ZQcRangeQuery } from '@crm/shared';
import {
  EMPTY_QC_REPORT_FORM,
  QC_REPORT_PROBLEMS,
  checkQcReportForm,
  dateSourceOf,
  daysOf,
  exportHref,
  exportRequestOf,
  inputsOf,
  type TQcReportForm,
} from './qc-report-form.ts';

const form = (patch: Partial<TQcReportForm>): TQcReportForm => ({ ...EMPTY_QC_REPORT_FORM, ...patch });

describe('inputsOf / dateSourceOf', () => {
  it('reveals a date from the in-house list for In-House and Daily Summary, from the client list for Client, a range for Monthly', () => {
    expect(QC_REPORT_TYPES.map((type) => [type, inputsOf(type), dateSourceOf(type)])).toEqual([
      ['Daily Qc Records (In-House)', 'date', 'in-house'],
      ['Daily Qc Records (Client)', 'date', 'client'],
      ['Daily Qc Summary', 'date', 'in-house'],
      ['Monthly Qc Summary', 'range', null],
    ]);
    expect(inputsOf('')).toBe('none');
    expect(dateSourceOf('')).toBeNull();
  });
});

describe('checkQcReportForm', () => {
  it('is not ready without a type, or a daily type without its date; nothing is flagged before a value is chosen', () => {
    expect(checkQcReportForm(EMPTY_QC_REPORT_FORM)).toEqual({ problems: {}, ready: false });
    expect(checkQcReportForm(form({ type: 'Daily Qc Summary' }))).toEqual({ problems: {}, ready: false });
    expect(checkQcReportForm(form({ type: 'Daily Qc Summary', date: '2025-03-02' }))).toEqual({
      problems: {},
      ready: true,
    });
    expect(checkQcReportForm(form({ type: 'Daily Qc Records (Client)', date: '2025-02-30' }))).toEqual({
      problems: { date: QC_REPORT_PROBLEMS.notADate },
      ready: false,
    });
  });

  it('needs both monthly dates, the end on or after the start', () => {
    const monthly = (startDate: string, endDate: string) =>
      checkQcReportForm(form({ type: 'Monthly Qc Summary', startDate, endDate }));
    expect(monthly('2025-03-01', '')).toEqual({ problems: {}, ready: false });
    expect(monthly('', '2025-03-01')).toEqual({ problems: {}, ready: false });
    expect(monthly('2025-03-01', '2025-03-01')).toEqual({ problems: {}, ready: true });
    expect(monthly('2025-03-02', '2025-03-01')).toEqual({
      problems: { endDate: QC_REPORT_PROBLEMS.order },
      ready: false,
    });
    expect(monthly('2025-3-1', '2025-03-01')).toEqual({
      problems: { startDate: QC_REPORT_PROBLEMS.notADate },
      ready: false,
    });
  });

  it(`allows at most ${MAX_SUMMARY_DAYS} days, both ends counted`, () => {
    const monthly = (endDate: string) =>
      checkQcReportForm(form({ type: 'Monthly Qc Summary', startDate: '2024-01-01', endDate }));
    expect(monthly('2024-12-31')).toEqual({ problems: {}, ready: true }); // 2024 is a leap year: 366 days
    expect(monthly('2025-01-01')).toEqual({ problems: { endDate: QC_REPORT_PROBLEMS.tooLong }, ready: false });
  });

  it('says what the server says for the same ranges', () => {
    const serverMessage = (startDate: string, endDate: string) =>
      ZQcRangeQuery.safeParse({ startDate, endDate }).error?.issues[0]?.message;
    expect(serverMessage('2025-03-02', '2025-03-01')).toBe(QC_REPORT_PROBLEMS.order);
    expect(serverMessage('2024-01-01', '2025-01-01')).toBe(QC_REPORT_PROBLEMS.tooLong);
  });
});

describe('exportRequestOf / exportHref', () => {
  it('builds each type\u2019s download: path, query, token and the spec\u2019s file name', () => {
    const link = (f: TQcReportForm) => {
      const request = exportRequestOf(f);
      return request === null ? null : { href: exportHref(request, 'media.token'), fileName: request.fileName };
    };
    expect(link(form({ type: 'Daily Qc Records (In-House)', date: '2025-03-02' }))).toEqual({
      href: '/api/qcReport/export/in-house?date=2025-03-02&token=media.token',
      fileName: 'QC_Records_In-House_2025-03-02.xlsx',
    });
    expect(link(form({ type: 'Daily Qc Records (Client)', date: '2025-03-01' }))).toEqual({
      href: '/api/qcReport/export/client?date=2025-03-01&token=media.token',
      fileName: 'QC_Records_Client_2025-03-01.xlsx',
    });
    expect(link(form({ type: 'Daily Qc Summary', date: '2025-03-02' }))).toEqual({
      href: '/api/qcReport/export/daily-summary?date=2025-03-02&token=media.token',
      fileName: 'Daily_Qc_Summary_2025-03-02.xlsx',
    });
    expect(link(form({ type: 'Monthly Qc Summary', startDate: '2025-03-01', endDate: '2025-03-31' }))).toEqual({
      href: '/api/qcReport/export/monthly-summary?startDate=2025-03-01&endDate=2025-03-31&token=media.token',
      fileName: 'Monthly_Qc_Summary_2025-03-01_to_2025-03-31.xlsx',
    });
  });

  it('builds no download from an incomplete or invalid form (never a file ending in _.xlsx)', () => {
    expect(exportRequestOf(EMPTY_QC_REPORT_FORM)).toBeNull();
    expect(exportRequestOf(form({ type: 'Daily Qc Records (In-House)' }))).toBeNull();
    expect(
      exportRequestOf(form({ type: 'Monthly Qc Summary', startDate: '2025-03-02', endDate: '2025-03-01' })),
    ).toBeNull();
    // The monthly fields do not leak into a daily export, nor the date into the monthly one.
    expect(
      exportRequestOf(
        form({ type: 'Daily Qc Summary', date: '2025-03-02', startDate: '2025-01-01', endDate: '2025-01-02' }),
      )?.query,
    ).toEqual({ date: '2025-03-02' });
  });
});

describe('daysOf', () => {
  it('lists every day of the range across a month end, and nothing for a reversed range', () => {
    expect(daysOf('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(daysOf('2024-03-01', '2024-02-28')).toEqual([]);
  });
});
