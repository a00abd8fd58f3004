// The QC Review's address: read back what was written (defaults left out), a cursor that is not one dropped, and a
// filter change back to the first page.
import { describe, expect, it } from 'vitest';
import { changeReviewParams, readReviewParams, writeReviewParams } from './review-params.ts';

describe('the QC Review address', () => {
  it('opens on the first page of 10 with a bare address', () => {
    const fresh = readReviewParams(new URLSearchParams());
    expect(fresh).toEqual({ agentId: '', nav: { kind: 'first' }, size: 10, startDate: '', endDate: '' });
    expect(writeReviewParams(fresh).toString()).toBe('');
  });

  it('reads back the page by key, its row, the size, the dates and the agent', () => {
    for (const address of [
      'agentId=AG-1001&after=2026-03-01%2C11&row=11&size=25&startDate=2026-03-01&endDate=2026-03-31',
      'before=2026-03-01%2C11&row=21',
      'last=1&size=50',
    ])
      expect(writeReviewParams(readReviewParams(new URLSearchParams(address))).toString()).toBe(address);
  });

  it('drops a cursor, date or size it cannot read', () => {
    expect(readReviewParams(new URLSearchParams('after=11&startDate=1-3-2026&size=7'))).toEqual({
      agentId: '',
      nav: { kind: 'first' },
      size: 10,
      startDate: '',
      endDate: '',
    });
  });

  it('starts again at the first page on a date, size or agent change; keeps the rest on a page change', () => {
    const on2 = readReviewParams(new URLSearchParams('after=2026-03-01%2C11&row=11&startDate=2026-03-01'));
    expect(changeReviewParams(on2, { endDate: '2026-03-31' }).nav).toEqual({ kind: 'first' });
    expect(changeReviewParams(on2, { agentId: 'AG-1002' }).nav).toEqual({ kind: 'first' });
    expect(changeReviewParams(on2, { nav: { kind: 'last' } })).toMatchObject({
      nav: { kind: 'last' },
      startDate: '2026-03-01',
    });
  });
});
