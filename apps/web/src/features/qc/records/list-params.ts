// The QC record lists keep their page, size and filters in the address (?page=2&size=25&search=…&date=…&inspector=…),
// so coming back from an edit, a reload or a shared link shows the same rows.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, isIsoDate } from '@crm/shared';
import type { TQcListFilters } from './api.ts';

export type TListParams = TQcListFilters & {
  /** 0-based (the address shows it 1-based). */
  page: number;
  size: number;
};

export function readListParams(params: URLSearchParams): TListParams {
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const date = params.get('date') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    search: params.get('search') ?? '',
    date: isIsoDate(date) ? date : '',
    username: params.get('inspector') ?? '',
  };
}

/** The address of a state: defaults are left out, so a fresh list has a bare path. */
export function writeListParams(state: TListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page > 0) params.set('page', String(state.page + 1));
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  if (state.search.trim() !== '') params.set('search', state.search.trim());
  if (state.date !== '') params.set('date', state.date);
  if (state.username.trim() !== '') params.set('inspector', state.username.trim());
  return params;
}

/** A filter or size change starts again at the first page; a page change keeps the filters. */
export function changeListParams(current: TListParams, change: Partial<TListParams>): TListParams {
  const resetsPage = Object.keys(change).some((k) => k !== 'page');
  return { ...current, ...change, page: change.page ?? (resetsPage ? 0 : current.page) };
}

export function hasFilters(state: TListParams): boolean {
  return state.search.trim() !== '' || state.date !== '' || state.username.trim() !== '';
}
