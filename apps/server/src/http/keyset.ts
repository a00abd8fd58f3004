// Keyset pages (docs/api.md "Pages"): which page a request asks for, and the paged reply with the cursors of the
// pages around it. The lists that grow with the call centre (the lead browser, the QC record lists) page this way, so
// no page reads the rows before it.
import { cursorText, type TKeysetPaged, type TPageCursor } from '@crm/shared';

/** The page asked for: the first, the one after / before a row, the last. */
export type TKeysetAsk =
  | { kind: 'first' }
  | { kind: 'after'; cursor: TPageCursor }
  | { kind: 'before'; cursor: TPageCursor }
  | { kind: 'last' };

/** Rows read in the list's order ('forward') or reversed ('backward', for a previous or the last page). */
export type TTravel = 'forward' | 'backward';

export function keysetAsk(query: {
  after?: TPageCursor | undefined;
  before?: TPageCursor | undefined;
  last?: boolean | undefined;
}): TKeysetAsk {
  if (query.after) return { kind: 'after', cursor: query.after };
  if (query.before) return { kind: 'before', cursor: query.before };
  if (query.last) return { kind: 'last' };
  return { kind: 'first' };
}

/** A row as its cursor needs it: its date (yyyy-MM-dd) and id. */
export type TKeyedRow = { date: string; id: number | string };

export function cursorOf(row: TKeyedRow): TPageCursor {
  return { date: row.date, id: Number(row.id) };
}

/**
 * The reply: the rows in the list's order, the total, and the cursors (next: the last row's, when a page follows;
 * previous: the first row's, when a page comes before). `number` is the 0-based page when known, else −1.
 */
export function toKeysetPaged<T>(
  content: T[],
  keys: TKeyedRow[],
  {
    total,
    size,
    number,
    hasNext,
    hasPrevious,
  }: { total: number; size: number; number: number; hasNext: boolean; hasPrevious: boolean },
): TKeysetPaged<T> {
  const first = keys[0];
  const last = keys[keys.length - 1];
  return {
    recordCount: total,
    response: { content, totalElements: total, totalPages: Math.ceil(total / size), size, number },
    cursors: {
      next: hasNext && last !== undefined ? cursorText(last.date, last.id) : null,
      previous: hasPrevious && first !== undefined ? cursorText(first.date, first.id) : null,
    },
  };
}

/** The size of the last page when pages are counted from the first row: 1 … size (size when there are no rows). */
export function lastPageSize(total: number, size: number): number {
  return total > 0 ? ((total - 1) % size) + 1 : size;
}

/** Reads up to `limit` rows in the order of travel, after `cursor` (exclusive) when there is one. */
export type TKeysetRead<R> = (travel: TTravel, cursor: TPageCursor | undefined, limit: number) => Promise<R[]>;

export type TKeysetPage<R> = { rows: R[]; hasNext: boolean; hasPrevious: boolean; number: number };

/**
 * One page as asked, by key: one more row than the page is read in the direction of travel to tell whether another
 * page follows that way, and one row past the page's other end for the other way. The last page is read by the
 * reversed order (and turned back), sized so that pages counted from the first row line up (`lastPageSize`). A page
 * after or before a row that has nothing left (the rows went away) is the last or the first page instead.
 */
export async function readKeysetPage<R>(
  ask: TKeysetAsk,
  size: number,
  total: () => Promise<number>,
  read: TKeysetRead<R>,
  keyOf: (row: R) => TKeyedRow,
): Promise<TKeysetPage<R>> {
  const edge = async (travel: TTravel, row: R | undefined) =>
    row !== undefined && (await read(travel, cursorOf(keyOf(row)), 1)).length > 0;
  switch (ask.kind) {
    case 'first': {
      const rows = await read('forward', undefined, size + 1);
      return { rows: rows.slice(0, size), hasNext: rows.length > size, hasPrevious: false, number: 0 };
    }
    case 'after': {
      const rows = await read('forward', ask.cursor, size + 1);
      if (rows.length === 0) return readKeysetPage({ kind: 'last' }, size, total, read, keyOf);
      return {
        rows: rows.slice(0, size),
        hasNext: rows.length > size,
        hasPrevious: await edge('backward', rows[0]),
        number: -1,
      };
    }
    case 'before': {
      const rows = await read('backward', ask.cursor, size + 1);
      if (rows.length === 0) return readKeysetPage({ kind: 'first' }, size, total, read, keyOf);
      const page = rows.slice(0, size).reverse();
      return {
        rows: page,
        hasNext: await edge('forward', page[page.length - 1]),
        hasPrevious: rows.length > size,
        number: -1,
      };
    }
    case 'last': {
      const count = await total();
      const wanted = lastPageSize(count, size);
      const rows = await read('backward', undefined, wanted + 1);
      return {
        rows: rows.slice(0, wanted).reverse(),
        hasNext: false,
        hasPrevious: rows.length > wanted,
        number: Math.max(Math.ceil(count / size) - 1, 0),
      };
    }
  }
}
