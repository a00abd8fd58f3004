// What the QC panel's cards read of a query, as one object that keeps its identity while those parts do not change
// (a query's result is a new object at every render): the memoised cards are drawn again only when it changed.
import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';

export type TQueryView<T> = Pick<UseQueryResult<T>, 'data' | 'error' | 'isFetching' | 'refetch'>;

export function useQueryView<T>(query: UseQueryResult<T>): TQueryView<T> {
  const { data, error, isFetching, refetch } = query;
  return useMemo(() => ({ data, error, isFetching, refetch }), [data, error, isFetching, refetch]);
}
