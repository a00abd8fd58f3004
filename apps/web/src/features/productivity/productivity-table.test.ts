// The productivity screen's address and sort: the days each period asks, a custom range's problems, and the table's
// order by a column either way with nothing-to-divide last.
import { describe, expect, it } from 'vitest';
import type { TProductivityRow } from '@crm/shared';
import { PRODUCTIVITY_ADDRESS, askProductivity, mondayOf } from './productivity-address.ts';
import { formatDuration, formatNumber, sortRows } from './productivity-table.ts';

const state = (search: string) => PRODUCTIVITY_ADDRESS.read(new URLSearchParams(search));

const row = (agentName: string, calls: number, qcAverage: number | null): TProductivityRow => ({
  agentId: agentName.toLowerCase(),
  agentName,
  agents: 1,
  signedInSeconds: 0,
  calls,
  completed: 0,
  completionRate: null,
  dispositions: { COMPLETE: calls },
  handleSeconds: 0,
  averageHandleSeconds: null,
  callsPerHour: null,
  callTarget: null,
  targetRate: null,
  qcRecords: 0,
  qcAverage,
  qcPassRate: null,
  qcPassed: 0,
  suspicious: 0,
});

describe('the productivity address', () => {
  it('asks today, yesterday and this week from Monday (2026-11-20 is a Friday)', () => {
    expect(askProductivity(state(''), '2026-11-20')).toMatchObject({
      kind: 'ask',
      query: { from: '2026-11-20', to: '2026-11-20', groupBy: 'agent' },
    });
    expect(askProductivity(state('period=yesterday&groupBy=shift'), '2026-11-20')).toMatchObject({
      query: { from: '2026-11-19', to: '2026-11-19', groupBy: 'shift' },
    });
    expect(askProductivity(state('period=week&campaignName=Alpha'), '2026-11-20')).toMatchObject({
      query: { from: '2026-11-16', to: '2026-11-20', campaignName: 'Alpha' },
    });
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
  });

  it('says what a custom range still needs, and writes back only what differs from the defaults', () => {
    expect(askProductivity(state('period=custom&from=2026-11-20'), '2026-11-20')).toEqual({
      kind: 'problem',
      problem: 'Choose the first and the last day',
    });
    expect(askProductivity(state('period=custom&from=2026-11-21&to=2026-11-20'), '2026-11-20')).toEqual({
      kind: 'problem',
      problem: 'The end date must be on or after the start date',
    });
    const s = state('tab=floor&groupBy=bogus&sort=calls&desc=1');
    expect(s).toMatchObject({ tab: 'floor', groupBy: 'agent', sort: 'calls', desc: true });
    expect(PRODUCTIVITY_ADDRESS.write(s).toString()).toBe('tab=floor&sort=calls&desc=1');
  });
});

describe('the productivity table', () => {
  const rows = [row('Babul', 3, 80), row('Anika', 12, null), row('Chaity', 2_900, 91.5)];

  it('sorts by a figure either way, a row with nothing to divide last both ways', () => {
    expect(sortRows(rows, 'agent', 'calls', true).map((r) => r.agentName)).toEqual(['Chaity', 'Anika', 'Babul']);
    expect(sortRows(rows, 'agent', 'qcAverage', false).map((r) => r.agentName)).toEqual(['Babul', 'Chaity', 'Anika']);
    expect(sortRows(rows, 'agent', 'qcAverage', true).map((r) => r.agentName)).toEqual(['Chaity', 'Babul', 'Anika']);
    expect(sortRows(rows, 'agent', 'd:COMPLETE', false).map((r) => r.agentName)).toEqual(['Babul', 'Anika', 'Chaity']);
    expect(sortRows(rows, 'agent', 'name', false).map((r) => r.agentName)).toEqual(['Anika', 'Babul', 'Chaity']);
  });

  it('groups numbers and writes durations h:mm:ss', () => {
    expect(formatNumber(2900)).toBe('2,900');
    expect(formatNumber(0.6316)).toBe('0.63');
    expect(formatNumber(null)).toBe('—');
    expect(formatDuration(34_200)).toBe('9:30:00');
    expect(formatDuration(153)).toBe('0:02:33');
  });
});
