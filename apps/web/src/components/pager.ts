// Pager arithmetic of every list: the clamped page, "Showing X to Y of Z", the window of page buttons and a typed page.
export const PAGER_WINDOW = 5;

export type TPager = {
  /** 0-based current page, clamped to the pages that exist. */
  page: number;
  pageCount: number;
  isFirst: boolean;
  isLast: boolean;
  /** 1-based number of the first row shown; 0 when there are no rows. */
  from: number;
  /** 1-based number of the last row shown; 0 when there are no rows. */
  to: number;
  total: number;
  /** 0-based page indexes of the page buttons, at most `window` of them around the current page. */
  pages: number[];
};

export function pagerState(page: number, size: number, total: number, window: number = PAGER_WINDOW): TPager {
  const safeSize = Math.max(1, Math.floor(size));
  const safeTotal = Math.max(0, Math.floor(total));
  const pageCount = Math.ceil(safeTotal / safeSize);
  const current = Math.min(Math.max(0, Math.floor(page)), Math.max(pageCount - 1, 0));
  // Centre the current page, but slide the window so it never runs past either end.
  const start = Math.max(0, Math.min(current - Math.floor(window / 2), pageCount - window));
  const end = Math.min(pageCount, start + window);
  return {
    page: current,
    pageCount,
    isFirst: current === 0,
    isLast: current >= pageCount - 1,
    from: safeTotal === 0 ? 0 : current * safeSize + 1,
    to: Math.min(safeTotal, (current + 1) * safeSize),
    total: safeTotal,
    pages: Array.from({ length: Math.max(end - start, 0) }, (_, index) => start + index),
  };
}

export function showingText({ from, to, total }: TPager): string {
  return `Showing ${from} to ${to} of ${total} entries`;
}

/**
 * The page a typed page number asks for: 1-based text to a 0-based page, clamped to the pages that exist
 * ("999" on a list of 136 pages is the last page); null when the text is not a whole number or there are no pages.
 */
export function pageFromInput(text: string, pageCount: number): number | null {
  const trimmed = text.trim();
  if (pageCount < 1 || !/^\d+$/.test(trimmed)) return null;
  return Math.min(Math.max(Number(trimmed), 1), pageCount) - 1;
}

// ---- keyset mode (the lists that grow with the call centre: docs/api.md "Pages")
// Such a list moves to the first, previous, next or last page by the cursors of the page shown, never by a page
// number; where the page sits is known from how it was reached.

/** How a keyset page was asked for, with what places it: the row number it should start at or end before. */
export type TKeysetNav =
  | { kind: 'first' }
  | { kind: 'last' }
  | { kind: 'after'; cursor: string; startsAt: number | null }
  | { kind: 'before'; cursor: string; endsBefore: number | null }
  /** A page reached some other way (a date to start at, an address): its place in the list is not known. */
  | { kind: 'unplaced' };

export type TKeysetPager = {
  /** 1-based number of the first row shown; null when not known (a page reached by a date); 0 when no rows. */
  from: number | null;
  count: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
};

/**
 * Where the page shown sits. The server answers number 0 for the first page (also when a page before a row turned
 * out to be the first) and totalPages − 1 for the last (also when a page after a row turned out to be the last);
 * otherwise the page starts where the navigation said, clamped to the list.
 */
export function keysetPagerState(
  nav: TKeysetNav,
  reply: { number: number; totalElements: number; count: number; hasPrevious: boolean; hasNext: boolean },
): TKeysetPager {
  const { number, totalElements: total, count, hasPrevious, hasNext } = reply;
  const base = { count, total, hasPrevious, hasNext };
  if (count === 0) return { ...base, from: 0 };
  if (!hasPrevious || number === 0) return { ...base, from: 1 };
  if (!hasNext || number > 0) return { ...base, from: Math.max(total - count + 1, 1) };
  let from: number | null = null;
  if (nav.kind === 'after') from = nav.startsAt;
  if (nav.kind === 'before' && nav.endsBefore !== null) from = nav.endsBefore - count;
  return { ...base, from: from === null || from < 1 || from + count - 1 > total ? null : from };
}

/** "Showing 26 to 50 of 3400 entries", or "Showing 25 of 3400 entries" where the page's place is not known. */
export function keysetShowingText({ from, count, total }: TKeysetPager): string {
  if (from === null) return `Showing ${count} of ${total} entries`;
  return count === 0
    ? `Showing 0 to 0 of ${total} entries`
    : `Showing ${from} to ${from + count - 1} of ${total} entries`;
}

/** The navigation to the page after / before the one shown, placed from where it sits. */
export function nextNav(pager: TKeysetPager, cursor: string): TKeysetNav {
  return { kind: 'after', cursor, startsAt: pager.from === null ? null : pager.from + pager.count };
}
export function previousNav(pager: TKeysetPager, cursor: string): TKeysetNav {
  return { kind: 'before', cursor, endsBefore: pager.from };
}
