// The results address (read back as written, a campaign change letting go of its fields), the query the calls send,
// and the figures as the screen writes them (grouped counts, one-decimal shares, cross-tab row and column %).
import { describe, expect, it } from 'vitest';
import {
  addLeadField,
  changeResultsParams,
  crosstabCell,
  crosstabTotal,
  exportFileName,
  filtersProblem,
  groupNumber,
  percentText,
  questionStep,
  readResultsParams,
  resultsQuery,
  statText,
  writeResultsParams,
  type TCrosstabFigures,
} from './results-params.ts';

const read = (query: string) => readResultsParams(new URLSearchParams(query), '2026-03-31');

describe('results address', () => {
  it('reads every filter, the tab and the cross-tab, and writes them back the same', () => {
    const query =
      'campaignName=Spring+Survey&from=2026-03-01&to=2026-03-07&completedOnly=true&qcPassed=true&agentId=A-1' +
      '&disposition=CMP&field.region=Dhaka&tab=crosstab&row=Q1&col=region&show=row&fields=region%2Cbrand';
    const state = read(query);
    expect(state).toEqual({
      campaignName: 'Spring Survey',
      from: '2026-03-01',
      to: '2026-03-07',
      completedOnly: true,
      qcPassed: true,
      agentId: 'A-1',
      disposition: 'CMP',
      field: 'region',
      value: 'Dhaka',
      moreFields: [],
      tab: 'crosstab',
      row: 'Q1',
      col: 'region',
      show: 'row',
      fields: ['region', 'brand'],
    });
    expect(writeResultsParams(state).toString()).toBe(query);
  });

  it('reads the last 30 days when no dates are named, ignores what it cannot read, and leaves defaults out', () => {
    const state = read('campaignName=X&from=yesterday&tab=nope&show=all&completedOnly=1');
    // 2026-03-02 to 2026-03-31: 30 days, today included.
    expect([state.from, state.to]).toEqual(['2026-03-02', '2026-03-31']);
    expect(state.tab).toBe('questions');
    expect(state.show).toBe('count');
    expect(state.completedOnly).toBe(false);
    expect(writeResultsParams(state).toString()).toBe('campaignName=X&from=2026-03-02&to=2026-03-31');
  });

  it('keeps a field picked before its value is typed, and sends nothing for it', () => {
    const state = read('campaignName=X&field.brand=');
    expect(state.field).toBe('brand');
    expect(writeResultsParams(state).toString()).toBe('campaignName=X&from=2026-03-02&to=2026-03-31&field.brand=');
    expect(resultsQuery(state)).toEqual({ campaignName: 'X', from: '2026-03-02', to: '2026-03-31' });
  });

  it('reads several lead fields, the last the one being set, and sends them all', () => {
    const query =
      'campaignName=X&from=2026-03-01&to=2026-03-07&field.region=Dhaka&field.Outlet+type=Grocery&field.brand=';
    const state = read(query);
    expect(state).toMatchObject({
      field: 'brand',
      value: '',
      moreFields: [
        { field: 'region', value: 'Dhaka' },
        { field: 'Outlet type', value: 'Grocery' },
      ],
    });
    expect(writeResultsParams(state).toString()).toBe(query);
    expect(resultsQuery(state)).toEqual({
      campaignName: 'X',
      from: '2026-03-01',
      to: '2026-03-07',
      'field.region': 'Dhaka',
      'field.Outlet type': 'Grocery',
    });
    // A field named twice: the bar's own value wins, sent once.
    const twice = read('campaignName=X&field.region=Dhaka&field.region=Khulna');
    expect(twice.moreFields).toEqual([]);
    expect(resultsQuery(twice)['field.region']).toBe('Khulna');
  });

  it('adds the field being set to those set, replacing its value there, and clears the bar for another', () => {
    const state = read('campaignName=X&field.region=Dhaka&field.brand=Navy');
    const added = addLeadField({ ...state, value: ' Benson ' });
    expect(added).toEqual({
      field: '',
      value: '',
      moreFields: [
        { field: 'region', value: 'Dhaka' },
        { field: 'brand', value: 'Benson' },
      ],
    });
    const again = addLeadField({ ...state, ...added, field: 'region', value: 'Sylhet' });
    expect(again.moreFields).toEqual([
      { field: 'brand', value: 'Benson' },
      { field: 'region', value: 'Sylhet' },
    ]);
    // Written and read back, the bar's pair stays empty and the set fields stay set.
    const back = read(writeResultsParams({ ...state, ...added }).toString());
    expect(back).toMatchObject({ field: '', value: '', moreFields: added.moreFields });
    expect(resultsQuery(back)).toMatchObject({ 'field.region': 'Dhaka', 'field.brand': 'Benson' });
    // Without a value nothing moves.
    expect(addLeadField({ ...state, value: '  ' })).toEqual({
      field: 'brand',
      value: '  ',
      moreFields: state.moreFields,
    });
  });

  it('lets go of the fields, disposition and cross-tab of the campaign left, and keeps the dates', () => {
    const before = read(
      'campaignName=A&from=2026-03-01&field.region=Dhaka&field.Outlet=North&disposition=CMP&row=Q1&col=Q2&fields=Outlet',
    );
    const after = changeResultsParams(before, { campaignName: 'B' });
    expect(after).toMatchObject({ campaignName: 'B', from: '2026-03-01', field: '', value: '', disposition: '' });
    expect(after.moreFields).toEqual([]);
    expect(after).toMatchObject({ row: '', col: '', fields: [] });
    expect(changeResultsParams(before, { qcPassed: true })).toMatchObject({ field: 'Outlet', row: 'Q1' });
  });

  it('names a reversed range and one longer than the server answers', () => {
    expect(filtersProblem(read('campaignName=X&from=2026-03-08&to=2026-03-07'))).toBe(
      'The end date must be on or after the start date',
    );
    expect(filtersProblem(read('campaignName=X&from=2026-03-07&to=2026-03-07'))).toBeNull();
    // 2024-01-01 to 2024-12-31 is 366 days (a leap year); one more is too many.
    expect(filtersProblem(read('campaignName=X&from=2024-01-01&to=2024-12-31'))).toBeNull();
    expect(filtersProblem(read('campaignName=X&from=2024-01-01&to=2025-01-01'))).toBe(
      'The range can be at most 366 days',
    );
  });
});

describe('figures as written', () => {
  it('groups counts and writes shares with one decimal', () => {
    expect(groupNumber(2900)).toBe('2,900');
    expect(groupNumber(1234567)).toBe('1,234,567');
    expect(percentText(33.3333)).toBe('33.3%');
    expect(percentText(100)).toBe('100.0%');
    expect(statText(1234.5678)).toBe('1,234.57');
    expect(statText(null)).toBe('–');
  });

  // 10 calls: Yes/No by North/South. Rows 4+2=6 and 1+3=4; columns 5 and 5.
  const ct: TCrosstabFigures = {
    rows: ['Yes', 'No'],
    cols: ['North', 'South'],
    counts: [
      [4, 2],
      [1, 3],
    ],
    rowTotals: [6, 4],
    colTotals: [5, 5],
    total: 10,
  };

  it('shows a cell as its count, its share of its row or of its column', () => {
    expect(crosstabCell(ct, 0, 0, 'count')).toBe('4');
    expect(crosstabCell(ct, 0, 0, 'row')).toBe('66.7%'); // 4 / 6
    expect(crosstabCell(ct, 0, 0, 'col')).toBe('80.0%'); // 4 / 5
    expect(crosstabCell(ct, 1, 1, 'row')).toBe('75.0%'); // 3 / 4
  });

  it('shows the totals as 100% along the share and as a share of all across it', () => {
    expect(crosstabTotal(ct, 6, 'row', 'row')).toBe('100.0%');
    expect(crosstabTotal(ct, 6, 'row', 'col')).toBe('60.0%'); // 6 / 10
    expect(crosstabTotal(ct, 5, 'col', 'row')).toBe('50.0%'); // 5 / 10
    expect(crosstabTotal(ct, 10, 'row', 'count')).toBe('10');
    expect(crosstabTotal({ ...ct, total: 0 }, 0, 'row', 'col')).toBe('–');
  });

  it('names the export as the server does: the campaign in ASCII and the range', () => {
    expect(exportFileName(read('campaignName=Spring Survey&from=2026-03-01&to=2026-03-07'), 'xlsx')).toBe(
      'results-Spring_Survey-2026-03-01-2026-03-07.xlsx',
    );
    expect(exportFileName(read('campaignName=বসন্ত জরিপ&from=2026-03-01&to=2026-03-07'), 'csv')).toBe(
      'results-_-2026-03-01-2026-03-07.csv',
    );
  });

  it('moves between questions on j/k and the arrows, never from a field being typed in', () => {
    expect(questionStep('j', null)).toBe(1);
    expect(questionStep('ArrowUp', null)).toBe(-1);
    expect(questionStep('x', null)).toBe(0);
    expect(questionStep('j', document.createElement('input'))).toBe(0);
    expect(questionStep('k', document.createElement('section'))).toBe(-1);
  });
});
