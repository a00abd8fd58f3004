// The chart data: all four grades in order with their counts, and one bar per agent with its average over the range.
import { describe, expect, it } from 'vitest';
import type { TAgentPerformanceSummary } from '@crm/shared';
import { agentBars, averageDomain, gradeBars } from './chart-data.ts';

describe('gradeBars', () => {
  it('lists the four grades best first, a grade the server left out at 0', () => {
    expect(
      gradeBars([
        { grade: 'Below Expectation', count: 2 },
        { grade: 'Exceed Expectation', count: 3 },
      ]).map((b) => [b.grade, b.count]),
    ).toEqual([
      ['Exceed Expectation', 3],
      ['Meet Expectation', 0],
      ['Average Expectation', 0],
      ['Below Expectation', 2],
    ]);
  });

  it("adds the grades of other scorecards after the four, in the server's order", () => {
    expect(
      gradeBars([
        { grade: 'Meet Expectation', count: 1 },
        { grade: 'Bronze', count: 2 },
        { grade: 'Silver', count: 1 },
      ]).map((b) => [b.grade, b.count, b.color]),
    ).toEqual([
      ['Exceed Expectation', 0, 'green.6'],
      ['Meet Expectation', 1, 'blue.6'],
      ['Average Expectation', 0, 'yellow.6'],
      ['Below Expectation', 0, 'red.6'],
      ['Bronze', 2, 'gray.6'],
      ['Silver', 1, 'gray.6'],
    ]);
  });
});

const summary = (agentName: string, agentId: string, average: number): TAgentPerformanceSummary => ({
  agentName,
  agentId,
  dailyAverages: {},
  sum: average,
  count: 1,
  average,
});

describe('agentBars', () => {
  it('makes one bar per agent with its average, in the colour of the grade the average gets', () => {
    const bars = agentBars([summary('Rahim', 'A.1', 92.5), summary('Karim', 'A2', 67.5), summary('Nadia', 'A3', 80)]);
    expect(bars).toEqual([
      { agent: 'Rahim', average: 92.5, color: 'green.6' },
      { agent: 'Karim', average: 67.5, color: 'red.6' },
      { agent: 'Nadia', average: 80, color: 'blue.6' },
    ]);
    expect(averageDomain(bars)).toEqual([0, 100]);
  });

  it('tells two agents of one name apart by their ids, and lets the axis go below 0 for a fatal average', () => {
    const bars = agentBars([summary('Rahim', 'A1', 75), summary('Rahim', 'A2', -12.5)]);
    expect(bars.map((b) => [b.agent, b.color])).toEqual([
      ['Rahim (A1)', 'yellow.6'],
      ['Rahim (A2)', 'red.6'],
    ]);
    expect(averageDomain(bars)).toEqual([-13, 100]);
  });
});
