// The chart data: all four grades in order with their counts, and one line per agent over every day of the range.
import { describe, expect, it } from 'vitest';
import type { TAgentPerformanceSummary } from '@crm/shared';
import { gradeBars, rangeChart } from './chart-data.ts';

describe('gradeBars', () => {
  it('lists the four grades best first, a grade the server left out at 0', () => {
    expect(gradeBars([{ grade: 'Below Expectation', count: 2 }, { grade: 'Exceed Expectation', count: 3 }]).map((b) => [b.grade, b.count])).toEqual([
      ['Exceed Expectation', 3],
      ['Meet Expectation', 0],
      ['Average Expectation', 0],
      ['Below Expectation', 2],
    ]);
  });
});

const summary = (agentName: string, agentId: string, dailyAverages: Record<string, number | null>): TAgentPerformanceSummary => ({
  agentName,
  agentId,
  dailyAverages,
  sum: 0,
  count: 0,
  average: 0,
});

describe('rangeChart', () => {
  it('makes one row per day and one series per agent, a day without records null', () => {
    const chart = rangeChart(
      [summary('Rahim', 'A.1', { '2025-03-01': 85, '2025-03-02': null }), summary('Karim', 'A2', { '2025-03-02': 72.5 })],
      ['2025-03-01', '2025-03-02'],
    );
    expect(chart.series.map((s) => [s.name, s.label])).toEqual([
      ['a0', 'Rahim'],
      ['a1', 'Karim'],
    ]);
    expect(chart.data).toEqual([
      { day: '2025-03-01', a0: 85, a1: null },
      { day: '2025-03-02', a0: null, a1: 72.5 },
    ]);
  });

  it('tells two agents of one name apart by their ids', () => {
    const chart = rangeChart([summary('Rahim', 'A1', {}), summary('Rahim', 'A2', {})], []);
    expect(chart.series.map((s) => s.label)).toEqual(['Rahim (A1)', 'Rahim (A2)']);
  });
});
