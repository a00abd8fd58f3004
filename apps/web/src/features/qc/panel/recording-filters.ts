// The Call Records' filters and order by the automatic checks ("longest silence over 30 s", "talk ratio under 30 %",
// worst first), kept in the page's address: they survive a reload and the next number searched, and the card that
// sets them and the search that sends them read one place.
import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { VOICE_LOG_SORTS, type TVoiceLogSort } from '@crm/shared';
import type { TVoiceLogFilters } from '../../../components/recording/api.ts';

export type TRecordingFilters = Required<Pick<TVoiceLogFilters, 'sort'>> & Omit<TVoiceLogFilters, 'sort'>;

export const NO_FILTERS: TRecordingFilters = { sort: 'time' };

/** The orders as the sort box offers them (the server sorts by a check worst first). */
export const SORT_LABELS: Record<TVoiceLogSort, string> = {
  time: 'By call time',
  longestSilence: 'Longest silence first',
  deadAir: 'Most dead air first',
  talkRatio: 'Lowest talk ratio first',
  overtalk: 'Most overtalk first',
};

const isSort = (value: string | null): value is TVoiceLogSort => VOICE_LOG_SORTS.some((s) => s === value);

/** A number the server accepts for the filter, or undefined (empty, not a number, out of range). */
function numberParam(text: string | null, max: number): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 && value <= max ? value : undefined;
}

export function readFilters(params: URLSearchParams): TRecordingFilters {
  const sort = params.get('sort');
  return {
    longestSilenceOver: numberParam(params.get('longestSilenceOver'), Number.MAX_SAFE_INTEGER),
    talkRatioUnder: numberParam(params.get('talkRatioUnder'), 100),
    sort: isSort(sort) ? sort : 'time',
  };
}

/** `params` with the filters written in (the defaults left out, other parameters kept). */
export function writeFilters(params: URLSearchParams, filters: TRecordingFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined) =>
    value === undefined ? next.delete(key) : next.set(key, value);
  set('longestSilenceOver', filters.longestSilenceOver?.toString());
  set('talkRatioUnder', filters.talkRatioUnder?.toString());
  set('sort', filters.sort === 'time' ? undefined : filters.sort);
  return next;
}

export const hasFilter = (filters: TRecordingFilters) =>
  filters.longestSilenceOver !== undefined || filters.talkRatioUnder !== undefined;

export function useRecordingFilters(): [TRecordingFilters, (change: Partial<TRecordingFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  // The router hands a change the address of the last render: a second change before the first has rendered (an
  // emptied box, then another order) would undo the first. The last one written counts until the address moves on.
  const pending = useRef<{ from: string; written: URLSearchParams } | null>(null);
  const rendered = params.toString();
  useEffect(() => {
    if (pending.current?.written.toString() === rendered) pending.current = null;
  }, [rendered]);
  const change = useCallback(
    (patch: Partial<TRecordingFilters>) =>
      setParams(
        (now) => {
          const base = pending.current !== null && pending.current.from === rendered ? pending.current.written : now;
          const next = writeFilters(base, { ...readFilters(base), ...patch });
          pending.current = { from: rendered, written: next };
          return next;
        },
        { replace: true },
      ),
    [setParams, rendered],
  );
  return [filters, change];
}
