// The QC record lists keep their page, size and filters in the address (?after=…&row=11&size=25&search=…&date=…&
// inspector=…), so coming back from an edit, a reload or a shared link shows the same rows. The lists page by key
// (docs/api.md "Pages"): a page is the rows after (or before) a row's cursor, the last page, or the page that starts
// at a call date (?from=yyyy-MM-dd); `row` keeps the 1-based place of the page's first row (or the row a page before
// ends at) when it is known. An old ?page= address shows the first page.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, isIsoDate, parseCursor } from '@crm/shared';
import type { TKeysetNav } from '../../../components/pager.ts';
import type { TQcListFilters } from './api.ts';

/** Which page: by the pager's navigation, or the page that starts at a call date. */
export type TListPage = TKeysetNav | { kind: 'from'; date: string };

export type TListParams = TQcListFilters & {
  page: TListPage;
  size: number;
};

export const FIRST_PAGE: TListPage = { kind: 'first' };

function readRow(params: URLSearchParams): number | null {
  const row = Number(params.get('row'));
  return Number.isInteger(row) && row >= 1 ? row : null;
}

function readPage(params: URLSearchParams): TListPage {
  const after = params.get('after');
  if (after !== null && parseCursor(after) !== null) return { kind: 'after', cursor: after, startsAt: readRow(params) };
  const before = params.get('before');
  if (before !== null && parseCursor(before) !== null)
    return { kind: 'before', cursor: before, endsBefore: readRow(params) };
  if (params.get('last') === '1') return { kind: 'last' };
  const from = params.get('from') ?? '';
  if (isIsoDate(from)) return { kind: 'from', date: from };
  return FIRST_PAGE;
}

export function readListParams(params: URLSearchParams): TListParams {
  const size = Number(params.get('size'));
  const date = params.get('date') ?? '';
  return {
    page: readPage(params),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    search: params.get('search') ?? '',
    date: isIsoDate(date) ? date : '',
    username: params.get('inspector') ?? '',
  };
}

function writePage(params: URLSearchParams, page: TListPage): void {
  switch (page.kind) {
    case 'after':
      params.set('after', page.cursor);
      if (page.startsAt !== null) params.set('row', String(page.startsAt));
      return;
    case 'before':
      params.set('before', page.cursor);
      if (page.endsBefore !== null) params.set('row', String(page.endsBefore));
      return;
    case 'last':
      params.set('last', '1');
      return;
    case 'from':
      params.set('from', page.date);
      return;
    default:
      return;
  }
}

/** The address of a state: defaults are left out, so a fresh list has a bare path. */
export function writeListParams(state: TListParams): URLSearchParams {
  const params = new URLSearchParams();
  writePage(params, state.page);
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  if (state.search.trim() !== '') params.set('search', state.search.trim());
  if (state.date !== '') params.set('date', state.date);
  if (state.username.trim() !== '') params.set('inspector', state.username.trim());
  return params;
}

/** A filter or size change starts again at the first page; a page change keeps the filters. */
export function changeListParams(current: TListParams, change: Partial<TListParams>): TListParams {
  const resetsPage = Object.keys(change).some((k) => k !== 'page');
  return { ...current, ...change, page: change.page ?? (resetsPage ? FIRST_PAGE : current.page) };
}

export function hasFilters(state: TListParams): boolean {
  return state.search.trim() !== '' || state.date !== '' || state.username.trim() !== '';
}

/** The page's part of the list call. */
export function pageQuery(page: TListPage): { after?: string; before?: string; last?: boolean; from?: string } {
  switch (page.kind) {
    case 'after':
      return { after: page.cursor };
    case 'before':
      return { before: page.cursor };
    case 'last':
      return { last: true };
    case 'from':
      return { from: page.date };
    default:
      return {};
  }
}
