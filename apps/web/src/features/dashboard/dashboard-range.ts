// The dashboard's date filter (docs/guide/dashboard.md): today, yesterday, the last 7 days or a range of days, kept in
// the address (?period=…&from=…&to=…) so a reload or Back shows the same days; and the query it asks the server.
import { addDays, calendarDaysBetween, isIsoDate, MAX_DASHBOARD_DAYS, type TDashboardQuery } from '@crm/shared';
import type { TAddressCodec } from '../../app/use-search-update.ts';

export const DASHBOARD_PERIODS = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'week', label: '7 days' },
  { value: 'range', label: 'Range' },
] as const;
export type TDashboardPeriod = (typeof DASHBOARD_PERIODS)[number]['value'];

/** What the filter holds: the period chosen and, for a range, its two days as typed ('' while empty). */
export type TDashboardFilter = { period: TDashboardPeriod; from: string; to: string };

const isPeriod = (value: string | null): value is TDashboardPeriod => DASHBOARD_PERIODS.some((p) => p.value === value);

export const DASHBOARD_ADDRESS: TAddressCodec<TDashboardFilter> = {
  read: (params) => {
    const period = params.get('period');
    return { period: isPeriod(period) ? period : 'today', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  },
  write: ({ period, from, to }) => {
    const params = new URLSearchParams();
    if (period !== 'today') params.set('period', period);
    // The range's days stay in the address while another period is shown, so coming back to Range finds them.
    if (from !== '') params.set('from', from);
    if (to !== '') params.set('to', to);
    return params;
  },
  change: (current, change) => ({ ...current, ...change }),
};

/** The days asked for (both included), the words that name them, or why a range cannot be asked yet. */
export type TDashboardAsk =
  { kind: 'ask'; query: Required<TDashboardQuery>; label: string } | { kind: 'problem'; problem: string };

/** The filter as the server's query, `today` being the server's day (yyyy-MM-dd in TIME_ZONE). */
export function askDashboard(filter: TDashboardFilter, today: string): TDashboardAsk {
  switch (filter.period) {
    case 'today':
      return { kind: 'ask', query: { from: today, to: today }, label: 'Today' };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { kind: 'ask', query: { from: day, to: day }, label: 'Yesterday' };
    }
    case 'week':
      return { kind: 'ask', query: { from: addDays(today, -6), to: today }, label: 'Last 7 days' };
    case 'range': {
      const { from, to } = filter;
      if (from === '' || to === '') return { kind: 'problem', problem: 'Choose the first and the last day' };
      if (!isIsoDate(from)) return { kind: 'problem', problem: 'from must be a date written yyyy-MM-dd' };
      if (!isIsoDate(to)) return { kind: 'problem', problem: 'to must be a date written yyyy-MM-dd' };
      if (from > to) return { kind: 'problem', problem: 'The end date must be on or after the start date' };
      if (calendarDaysBetween(from, to) > MAX_DASHBOARD_DAYS)
        return { kind: 'problem', problem: `The range can be at most ${MAX_DASHBOARD_DAYS} days` };
      return { kind: 'ask', query: { from, to }, label: from === to ? from : `${from} to ${to}` };
    }
  }
}
