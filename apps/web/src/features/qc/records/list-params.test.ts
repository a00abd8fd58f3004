// The list's address: page (1-based there), size, search, date and inspector survive a round trip; bad values fall
// back to the defaults; changing a filter or the size starts at the first page.
import { describe, expect, it } from 'vitest';
import { changeListParams, hasFilters, readListParams, writeListParams } from './list-params.ts';

describe('list params', () => {
  it('reads the defaults from a bare address and writes a bare address back', () => {
    const state = readListParams(new URLSearchParams());
    expect(state).toEqual({ page: 0, size: 10, search: '', date: '', username: '' });
    expect(writeListParams(state).toString()).toBe('');
    expect(hasFilters(state)).toBe(false);
  });

  it('round-trips every field, the page shown 1-based', () => {
    const state = { page: 2, size: 25, search: 'Karim', date: '2026-03-02', username: 'qc.rahman' };
    const params = writeListParams(state);
    expect(params.get('page')).toBe('3');
    expect(params.get('inspector')).toBe('qc.rahman');
    expect(readListParams(params)).toEqual(state);
    expect(hasFilters(state)).toBe(true);
  });

  it('ignores a page, size or date it cannot use', () => {
    const state = readListParams(new URLSearchParams('page=-4&size=33&date=2026-02-30'));
    expect(state).toMatchObject({ page: 0, size: 10, date: '' });
    expect(readListParams(new URLSearchParams('page=abc&size=100')).size).toBe(100);
  });

  it('goes back to the first page when a filter or the size changes, not when the page does', () => {
    const state = { page: 4, size: 10, search: '', date: '', username: '' };
    expect(changeListParams(state, { page: 5 }).page).toBe(5);
    expect(changeListParams(state, { search: 'x' }).page).toBe(0);
    expect(changeListParams(state, { size: 50 })).toMatchObject({ page: 0, size: 50 });
    expect(changeListParams(state, { date: '2026-03-01' }).page).toBe(0);
  });
});
