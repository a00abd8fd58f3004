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
