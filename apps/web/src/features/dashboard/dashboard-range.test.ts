// The dashboard's date filter: each period's days, a range's checks (the server's words), and the address it keeps.
import { describe, expect, it } from 'vitest';
import { askDashboard, DASHBOARD_ADDRESS, type TDashboardFilter } from './dashboard-range.ts';

const filter = (change: Partial<TDashboardFilter>): TDashboardFilter => ({
  period: 'today',
  from: '',
  to: '',
  ...change,
});

describe('askDashboard', () => {
  it('asks today, yesterday (across a month), the last 7 days with today, and a range as typed', () => {
    expect(askDashboard(filter({}), '2026-03-01')).toEqual({
      kind: 'ask',
      query: { from: '2026-03-01', to: '2026-03-01' },
      label: 'Today',
    });
    expect(askDashboard(filter({ period: 'yesterday' }), '2026-03-01')).toMatchObject({
      query: { from: '2026-02-28', to: '2026-02-28' },
    });
    expect(askDashboard(filter({ period: 'week' }), '2026-03-01')).toMatchObject({
      query: { from: '2026-02-23', to: '2026-03-01' },
      label: 'Last 7 days',
    });
    expect(askDashboard(filter({ period: 'range', from: '2026-01-05', to: '2026-01-09' }), '2026-03-01')).toEqual({
      kind: 'ask',
      query: { from: '2026-01-05', to: '2026-01-09' },
      label: '2026-01-05 to 2026-01-09',
    });
  });

  it("says why a range cannot be asked yet, in the server's words", () => {
    const range = (from: string, to: string) => askDashboard(filter({ period: 'range', from, to }), '2026-03-01');
    expect(range('', '2026-01-09')).toEqual({ kind: 'problem', problem: 'Choose the first and the last day' });
    expect(range('2026-02-30', '2026-03-01')).toEqual({
      kind: 'problem',
      problem: 'from must be a date written yyyy-MM-dd',
    });
    expect(range('2026-03-02', '2026-03-01')).toEqual({
      kind: 'problem',
      problem: 'The end date must be on or after the start date',
    });
    expect(range('2025-01-01', '2026-01-02')).toEqual({
      kind: 'problem',
      problem: 'The range can be at most 366 days',
    });
  });
});

describe('DASHBOARD_ADDRESS', () => {
  it('reads today from a bare address, keeps the range days while another period shows, and ignores an unknown period', () => {
    expect(DASHBOARD_ADDRESS.read(new URLSearchParams(''))).toEqual(filter({}));
    const written = DASHBOARD_ADDRESS.write(filter({ period: 'week', from: '2026-01-05', to: '2026-01-09' }));
    expect(written.toString()).toBe('period=week&from=2026-01-05&to=2026-01-09');
    expect(DASHBOARD_ADDRESS.read(new URLSearchParams('period=month'))).toEqual(filter({}));
    expect(DASHBOARD_ADDRESS.write(filter({})).toString()).toBe('');
  });
});
