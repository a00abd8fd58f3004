// Loads what a DataList shows: one server page of the list, or every match of a search term.
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import type { TPaged } from '@crm/shared';

export type TListResult<T> = {
  rows: T[];
  total: number;
  /** The server page the rows are; null when rows are every search match, paged in the browser. */
  page: number | null;
};

export type TFetchPage<T> = (page: number, size: number) => Promise<TPaged<T>>;
export type TSearch<T> = (term: string) => Promise<T[] | TPaged<T>>;

async function loadPage<T>(fetchPage: TFetchPage<T>, page: number, size: number): Promise<TListResult<T>> {
  const reply = await fetchPage(page, size);
  const total = reply.response.totalElements;
  const lastPage = Math.max(Math.ceil(total / size) - 1, 0);
  // After deletes the page asked for may be past the end; show the last page that still has rows.
  if (page > lastPage) {
    const last = await fetchPage(lastPage, size);
    return { rows: last.response.content, total: last.response.totalElements, page: lastPage };
  }
  return { rows: reply.response.content, total, page };
}

async function loadMatches<T>(search: TSearch<T>, term: string): Promise<TListResult<T>> {
  const reply = await search(term);
  const rows = Array.isArray(reply) ? reply : reply.response.content;
  return { rows, total: rows.length, page: null };
}

type Args<T> = {
  queryKey: QueryKey;
  fetchPage: TFetchPage<T>;
  search: TSearch<T> | undefined;
  term: string;
  page: number;
  size: number;
};

/** Keys are [...queryKey, 'page', page, size] and [...queryKey, 'search', term], so invalidating queryKey reloads both. */
export function useListQuery<T>({ queryKey, fetchPage, search, term, page, size }: Args<T>) {
  const searching = search !== undefined && term !== '';
  return useQuery({
    queryKey: searching ? [...queryKey, 'search', term] : [...queryKey, 'page', page, size],
    queryFn: () => (searching ? loadMatches(search, term) : loadPage(fetchPage, page, size)),
    placeholderData: keepPreviousData,
    // Lists change under other users' hands: coming back to one (or clearing a search) reloads it.
    staleTime: 0,
  });
}
