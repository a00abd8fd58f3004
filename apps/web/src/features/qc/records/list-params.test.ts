// The list's address: the page (a cursor with its row, the last page, a call date to start at), size, search, date and
// inspector survive a round trip; bad values fall back to the defaults; changing a filter or the size starts at the
// first page.
import { describe, expect, it } from 'vitest';
import {
  FIRST_PAGE,
  changeListParams,
  hasFilters,
  pageQuery,
  readListParams,
  writeListParams,
  type TListParams,
} from './list-params.ts';

const state = (change: Partial<TListParams> = {}): TListParams => ({
  page: FIRST_PAGE,
  size: 10,
  search: '',
  date: '',
  username: '',
  ...change,
});

describe('list params', () => {
  it('reads the defaults from a bare address and writes a bare address back', () => {
    const bare = readListParams(new URLSearchParams());
    expect(bare).toEqual(state());
    expect(writeListParams(bare).toString()).toBe('');
    expect(hasFilters(bare)).toBe(false);
  });

  it('round-trips every field and every kind of page', () => {
    const full = state({
      page: { kind: 'after', cursor: '2026-03-02,41', startsAt: 11 },
      size: 25,
      search: 'Karim',
      date: '2026-03-02',
      username: 'qc.rahman',
    });
    const params = writeListParams(full);
    expect(params.get('after')).toBe('2026-03-02,41');
    expect(params.get('row')).toBe('11');
    expect(params.get('inspector')).toBe('qc.rahman');
    expect(readListParams(params)).toEqual(full);
    expect(hasFilters(full)).toBe(true);
    for (const page of [
      { kind: 'before', cursor: '2026-03-01,7', endsBefore: 21 },
      { kind: 'before', cursor: '2026-03-01,7', endsBefore: null },
      { kind: 'last' },
      { kind: 'from', date: '2026-02-14' },
    ] as const) {
      expect(readListParams(writeListParams(state({ page }))).page).toEqual(page);
    }
  });

  it('shows the first page for an old ?page= address, a cursor or date it cannot use, and ignores a bad size or date', () => {
    expect(readListParams(new URLSearchParams('page=3')).page).toEqual(FIRST_PAGE);
    expect(readListParams(new URLSearchParams('after=2026-02-30,4')).page).toEqual(FIRST_PAGE);
    expect(readListParams(new URLSearchParams('after=41')).page).toEqual(FIRST_PAGE);
    expect(readListParams(new URLSearchParams('from=yesterday')).page).toEqual(FIRST_PAGE);
    expect(readListParams(new URLSearchParams('after=2026-03-02,41&row=-2')).page).toEqual({
      kind: 'after',
      cursor: '2026-03-02,41',
      startsAt: null,
    });
    expect(readListParams(new URLSearchParams('size=33&date=2026-02-30'))).toMatchObject({ size: 10, date: '' });
    expect(readListParams(new URLSearchParams('size=100')).size).toBe(100);
  });

  it('goes back to the first page when a filter or the size changes, not when the page does', () => {
    const on = state({ page: { kind: 'last' } });
    expect(changeListParams(on, { page: { kind: 'from', date: '2026-03-01' } }).page).toEqual({
      kind: 'from',
      date: '2026-03-01',
    });
    expect(changeListParams(on, { search: 'x' }).page).toEqual(FIRST_PAGE);
    expect(changeListParams(on, { size: 50 })).toMatchObject({ page: FIRST_PAGE, size: 50 });
    expect(changeListParams(on, { date: '2026-03-01' }).page).toEqual(FIRST_PAGE);
  });

  it('asks the server for the page by its cursor, last or date', () => {
    expect(pageQuery(FIRST_PAGE)).toEqual({});
    expect(pageQuery({ kind: 'after', cursor: '2026-03-02,41', startsAt: 11 })).toEqual({ after: '2026-03-02,41' });
    expect(pageQuery({ kind: 'before', cursor: '2026-03-02,41', endsBefore: null })).toEqual({
      before: '2026-03-02,41',
    });
    expect(pageQuery({ kind: 'last' })).toEqual({ last: true });
    expect(pageQuery({ kind: 'from', date: '2026-03-01' })).toEqual({ from: '2026-03-01' });
  });
});
