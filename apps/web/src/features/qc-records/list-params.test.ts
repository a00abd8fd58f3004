// The list's address: read back what was written, defaults left out, a filter change back to the first page, and the
// list call always naming the state (the API's own default is overdue only).
import { describe, expect, it } from 'vitest';
import { changeListParams, listQuery, readListParams, writeListParams } from './list-params.ts';

describe('the unacknowledged list address', () => {
  it('opens on every unacknowledged record, first page, default size, with a bare address', () => {
    const fresh = readListParams(new URLSearchParams());
    expect(fresh).toEqual({
      page: 0,
      size: 10,
      state: 'all',
      agentId: '',
      campaignName: '',
      startDate: '',
      endDate: '',
    });
    expect(writeListParams(fresh).toString()).toBe('');
  });

  it('reads back every filter, the 1-based page and the size it wrote', () => {
    const address =
      'state=overdue&agentId=AG-1001&campaignName=Spring+Survey&startDate=2026-11-01&endDate=2026-11-30&page=3&size=50';
    const read = readListParams(new URLSearchParams(address));
    expect(read).toEqual({
      page: 2,
      size: 50,
      state: 'overdue',
      agentId: 'AG-1001',
      campaignName: 'Spring Survey',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
    expect(writeListParams(read).toString()).toBe(address);
  });

  it('drops what it cannot read: an unknown state, a bad date, a size not offered, page 0', () => {
    const read = readListParams(new URLSearchParams('state=late&startDate=1-11-2026&size=7&page=0'));
    expect(read).toMatchObject({ state: 'all', startDate: '', size: 10, page: 0 });
  });

  it('starts again at the first page on a filter or size change, keeps the filters on a page change', () => {
    const on3 = readListParams(new URLSearchParams('agentId=AG-1001&page=3'));
    expect(changeListParams(on3, { state: 'overdue' })).toMatchObject({ page: 0, agentId: 'AG-1001' });
    expect(changeListParams(on3, { size: 50 })).toMatchObject({ page: 0, size: 50 });
    expect(changeListParams(on3, { page: 4 })).toMatchObject({ page: 4, agentId: 'AG-1001' });
  });

  it('names the state in the list call and leaves empty filters out', () => {
    const read = readListParams(new URLSearchParams('campaignName=Spring'));
    expect(listQuery(read)).toEqual({ state: 'all', campaignName: 'Spring' });
  });
});
