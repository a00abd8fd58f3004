// The agent × day chart's data: calls per day stacked by agent, the busiest agents named, the rest as "Other agents",
// every day of the range present.
import { describe, expect, it } from 'vitest';
import type { TProductivityRow } from '@crm/shared';
import { MAX_AGENT_SERIES, OTHER_AGENTS, agentDayChart } from './agent-day-chart.ts';

const row = (agentId: string, agentName: string, day: string, calls: number): TProductivityRow => ({
  agentId,
  agentName,
  day,
  agents: 1,
  signedInSeconds: 0,
  calls,
  completed: 0,
  completionRate: null,
  dispositions: {},
  handleSeconds: 0,
  averageHandleSeconds: null,
  callsPerHour: null,
  callTarget: null,
  targetRate: null,
  qcRecords: 0,
  qcAverage: null,
  qcPassRate: null,
  qcPassed: 0,
  suspicious: 0,
});

describe('agentDayChart', () => {
  it('gives each agent a series, busiest first, and every day of the range a bar', () => {
    const chart = agentDayChart(
      [
        row('ag-1', 'Rina', '2026-11-16', 10),
        row('ag-2', 'Sabbir', '2026-11-16', 4),
        row('ag-2', 'Sabbir', '2026-11-18', 30),
      ],
      '2026-11-16',
      '2026-11-18',
    );
    // Sabbir 34 calls, Rina 10.
    expect(chart.series.map((s) => s.label)).toEqual(['Sabbir (ag-2)', 'Rina (ag-1)']);
    expect(chart.points).toEqual([
      { day: '2026-11-16', a0: 4, a1: 10 },
      { day: '2026-11-17', a0: 0, a1: 0 },
      { day: '2026-11-18', a0: 30, a1: 0 },
    ]);
  });

  it('sums the agents past the busiest six as "Other agents", and names a seventh alone', () => {
    const eight = Array.from({ length: 8 }, (_, i) => row(`ag-${i}`, `Agent ${i}`, '2026-11-16', 10 + i));
    const chart = agentDayChart(eight, '2026-11-16', '2026-11-16');
    expect(chart.series).toHaveLength(MAX_AGENT_SERIES + 1);
    expect(chart.series.at(-1)?.label).toBe(OTHER_AGENTS);
    // Agents 7..2 named (17..12 calls); agents 1 and 0 summed: 11 + 10.
    expect(chart.series[0]?.label).toBe('Agent 7 (ag-7)');
    expect(chart.points[0]).toMatchObject({ a0: 17, a5: 12, other: 21 });
    const seven = agentDayChart(eight.slice(1), '2026-11-16', '2026-11-16');
    expect(seven.series.map((s) => s.label)).not.toContain(OTHER_AGENTS);
    expect(seven.series).toHaveLength(7);
  });

  it('ties by name, and no rows gives empty bars for the days', () => {
    const tie = agentDayChart(
      [row('b', 'Bela', '2026-11-16', 5), row('a', 'Anis', '2026-11-16', 5)],
      '2026-11-16',
      '2026-11-16',
    );
    expect(tie.series.map((s) => s.label)).toEqual(['Anis (a)', 'Bela (b)']);
    expect(agentDayChart([], '2026-11-16', '2026-11-17')).toEqual({
      points: [{ day: '2026-11-16' }, { day: '2026-11-17' }],
      series: [],
    });
  });
});
