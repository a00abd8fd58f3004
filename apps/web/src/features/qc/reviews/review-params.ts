// The QC Review (/agent-performance) keeps its page, size and call dates in the address (?after=…&row=11&size=25&
// startDate=…&endDate=…, and an admin's agentId), so a reload, Back or a link shows the same records. The list pages
// by key (docs/api.md "Pages"): a page is the rows after (or before) a row's cursor, or the last page; `row` keeps the
// 1-based place of the page's first row (or the row a page before ends at) when it is known.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, isIsoDate, parseCursor } from '@crm/shared';
import type { TKeysetNav } from '../../../components/pager.ts';

export type TReviewParams = {
  /** The agent an admin looks at ('' for none picked); an agent's own list ignores it. */
  agentId: string;
  nav: TKeysetNav;
  size: number;
  startDate: string;
  endDate: string;
};

export const FIRST_PAGE: TKeysetNav = { kind: 'first' };

function readRow(params: URLSearchParams): number | null {
  const row = Number(params.get('row'));
  return Number.isInteger(row) && row >= 1 ? row : null;
}

function readNav(params: URLSearchParams): TKeysetNav {
  const after = params.get('after');
  if (after !== null && parseCursor(after) !== null) return { kind: 'after', cursor: after, startsAt: readRow(params) };
  const before = params.get('before');
  if (before !== null && parseCursor(before) !== null)
    return { kind: 'before', cursor: before, endsBefore: readRow(params) };
  return params.get('last') === '1' ? { kind: 'last' } : FIRST_PAGE;
}

const day = (value: string | null) => (value !== null && isIsoDate(value) ? value : '');

export function readReviewParams(params: URLSearchParams): TReviewParams {
  const size = Number(params.get('size'));
  return {
    agentId: (params.get('agentId') ?? '').trim(),
    nav: readNav(params),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    startDate: day(params.get('startDate')),
    endDate: day(params.get('endDate')),
  };
}

/** The address of a state: defaults are left out, so a fresh list has a bare path. */
export function writeReviewParams(state: TReviewParams): URLSearchParams {
  const params = new URLSearchParams();
  if (state.agentId !== '') params.set('agentId', state.agentId);
  const { nav } = state;
  if (nav.kind === 'after') {
    params.set('after', nav.cursor);
    if (nav.startsAt !== null) params.set('row', String(nav.startsAt));
  } else if (nav.kind === 'before') {
    params.set('before', nav.cursor);
    if (nav.endsBefore !== null) params.set('row', String(nav.endsBefore));
  } else if (nav.kind === 'last') params.set('last', '1');
  if (state.size !== DEFAULT_PAGE_SIZE) params.set('size', String(state.size));
  if (state.startDate !== '') params.set('startDate', state.startDate);
  if (state.endDate !== '') params.set('endDate', state.endDate);
  return params;
}

/** A filter, size or agent change starts again at the first page; a page change keeps the rest. */
export function changeReviewParams(current: TReviewParams, change: Partial<TReviewParams>): TReviewParams {
  const resetsPage = Object.keys(change).some((k) => k !== 'nav');
  return { ...current, ...change, nav: change.nav ?? (resetsPage ? FIRST_PAGE : current.nav) };
}
