// /productivity's state in the address (docs/guide/productivity.md): the tab, the days (today, yesterday, this week or
// two days typed), the campaign, the grouping and the table's sort, so a reload, a link or Back shows the same figures.
import {
  PRODUCTIVITY_GROUPINGS,
  addDays,
  calendarDaysBetween,
  isIsoDate,
  MAX_PRODUCTIVITY_DAYS,
  type TProductivityGrouping,
  type TProductivityQuery,
} from '@crm/shared';
import type { TAddressCodec } from '../../app/use-search-update.ts';

export const PRODUCTIVITY_TABS = ['figures', 'floor'] as const;
export type TProductivityTab = (typeof PRODUCTIVITY_TABS)[number];

export const PRODUCTIVITY_PERIODS = [
  { value: 'today', label: 'Today' },
  { value: 'yesterday', label: 'Yesterday' },
  { value: 'week', label: 'This week' },
  { value: 'custom', label: 'Custom' },
] as const;
export type TProductivityPeriod = (typeof PRODUCTIVITY_PERIODS)[number]['value'];

/** The table's columns that sort (a disposition code sorts as `d:<code>`). */
export const SORT_KEYS = [
  'name',
  'signedInSeconds',
  'calls',
  'completed',
  'completionRate',
  'handleSeconds',
  'averageHandleSeconds',
  'callsPerHour',
  'callTarget',
  'targetRate',
  'qcRecords',
  'qcAverage',
  'qcPassRate',
  'suspicious',
] as const;
export type TSortKey = (typeof SORT_KEYS)[number] | `d:${string}`;

export type TProductivityState = {
  tab: TProductivityTab;
  period: TProductivityPeriod;
  /** The custom range's days as typed ('' while empty); kept while another period is shown. */
  from: string;
  to: string;
  /** '' for every campaign. */
  campaignName: string;
  groupBy: TProductivityGrouping;
  sort: TSortKey;
  desc: boolean;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((v) => v === value) ?? fallback;

const isSortKey = (v: string | null): v is TSortKey =>
  v !== null && (SORT_KEYS.some((k) => k === v) || (v.startsWith('d:') && v.length > 2));

export const PRODUCTIVITY_ADDRESS: TAddressCodec<TProductivityState> = {
  read: (p) => {
    const sort = p.get('sort');
    return {
      tab: oneOf(PRODUCTIVITY_TABS, p.get('tab'), 'figures'),
      period: oneOf(
        PRODUCTIVITY_PERIODS.map((x) => x.value),
        p.get('period'),
        'today',
      ),
      from: p.get('from') ?? '',
      to: p.get('to') ?? '',
      campaignName: p.get('campaignName') ?? '',
      groupBy: oneOf(PRODUCTIVITY_GROUPINGS, p.get('groupBy'), 'agent'),
      sort: isSortKey(sort) ? sort : 'name',
      desc: p.get('desc') === '1',
    };
  },
  write: (s) => {
    const p = new URLSearchParams();
    if (s.tab !== 'figures') p.set('tab', s.tab);
    if (s.period !== 'today') p.set('period', s.period);
    if (s.from !== '') p.set('from', s.from);
    if (s.to !== '') p.set('to', s.to);
    if (s.campaignName !== '') p.set('campaignName', s.campaignName);
    if (s.groupBy !== 'agent') p.set('groupBy', s.groupBy);
    if (s.sort !== 'name') p.set('sort', s.sort);
    if (s.desc) p.set('desc', '1');
    return p;
  },
  change: (current, change) => ({ ...current, ...change }),
};

/** The Monday of `day`'s week (yyyy-MM-dd arithmetic only). */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export type TProductivityAsk =
  { kind: 'ask'; query: TProductivityQuery; label: string } | { kind: 'problem'; problem: string };

/** The state as the server's query, `today` being the server's day; or why a custom range cannot be asked yet. */
export function askProductivity(s: TProductivityState, today: string): TProductivityAsk {
  const base = { groupBy: s.groupBy, campaignName: s.campaignName === '' ? undefined : s.campaignName };
  switch (s.period) {
    case 'today':
      return { kind: 'ask', query: { ...base, from: today, to: today }, label: 'Today' };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { kind: 'ask', query: { ...base, from: day, to: day }, label: 'Yesterday' };
    }
    case 'week':
      return { kind: 'ask', query: { ...base, from: mondayOf(today), to: today }, label: 'This week' };
    case 'custom': {
      const { from, to } = s;
      if (from === '' || to === '') return { kind: 'problem', problem: 'Choose the first and the last day' };
      if (!isIsoDate(from)) return { kind: 'problem', problem: 'from must be a date written yyyy-MM-dd' };
      if (!isIsoDate(to)) return { kind: 'problem', problem: 'to must be a date written yyyy-MM-dd' };
      if (from > to) return { kind: 'problem', problem: 'The end date must be on or after the start date' };
      if (calendarDaysBetween(from, to) > MAX_PRODUCTIVITY_DAYS)
        return { kind: 'problem', problem: `The range can be at most ${MAX_PRODUCTIVITY_DAYS} days` };
      return { kind: 'ask', query: { ...base, from, to }, label: from === to ? from : `${from} to ${to}` };
    }
  }
}
