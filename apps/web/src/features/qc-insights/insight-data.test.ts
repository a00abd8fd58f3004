// The QC Insights screen's shaping: the default range, the form's check in the server's words, chart points, labels
// and the export link.
import { describe, expect, it } from 'vitest';
import type { TAgentInsight, TCriterionInsight, TInspectorInsight } from '@crm/shared';
import {
  checkInsightsForm,
  criterionBars,
  defaultInsightsForm,
  exportRequest,
  formatDifference,
  formatHours,
  inspectorBars,
  trendDomain,
  weakestText,
  weekPoints,
} from './insight-data.ts';

const agent: TAgentInsight = {
  agentId: 'rina', agentName: 'Rina Akter', records: 4, meanTotal: 56.25, grade: 'Below Expectation',
  weeks: [
    { weekStart: '2026-03-02', records: 2, meanTotal: 80, grade: 'Meet Expectation' },
    { weekStart: '2026-03-09', records: 2, meanTotal: -32.5, grade: 'Below Expectation' },
  ],
  weakest: [{ criterion: 'fatal', name: 'Fatal', meanLost: 25 }, { criterion: 'crm', name: 'CRM', meanLost: 12.5 }, { criterion: 'pace', name: 'Pace', meanLost: 3.75 }],
};

describe('the range form', () => {
  it('opens on the four weeks up to today', () => {
    expect(defaultInsightsForm('2026-03-31')).toEqual({ startDate: '2026-03-04', endDate: '2026-03-31', campaignName: '' });
  });

  it('asks for a valid range, with a campaign only when one is chosen', () => {
    expect(checkInsightsForm({ startDate: '2026-03-01', endDate: '2026-03-31', campaignName: '' })).toEqual({ query: { startDate: '2026-03-01', endDate: '2026-03-31' }, problem: null });
    expect(checkInsightsForm({ startDate: '2026-03-01', endDate: '2026-03-31', campaignName: 'Alpha' }).query).toEqual({ startDate: '2026-03-01', endDate: '2026-03-31', campaignName: 'Alpha' });
  });

  it('gives the server\'s words for a reversed, too long or unfinished range', () => {
    expect(checkInsightsForm({ startDate: '2026-03-31', endDate: '2026-03-01', campaignName: '' })).toEqual({ query: null, problem: 'The end date must be on or after the start date' });
    expect(checkInsightsForm({ startDate: '2025-01-01', endDate: '2026-01-02', campaignName: '' }).problem).toBe('The range can be at most 366 days');
    expect(checkInsightsForm({ startDate: '', endDate: '2026-01-02', campaignName: '' }).problem).toBe('startDate must be a date written yyyy-MM-dd');
  });
});

describe('the charts', () => {
  it('draws an agent\'s weeks in order, on an axis down to a negative week', () => {
    const points = weekPoints(agent);
    expect(points.map((p) => [p.week, p.meanTotal])).toEqual([['2026-03-02', 80], ['2026-03-09', -32.5]]);
    expect(trendDomain(points)).toEqual([-33, 100]);
    expect(trendDomain(points.slice(0, 1))).toEqual([0, 100]);
  });

  it('writes the weakest three on one line, or None', () => {
    expect(weakestText(agent)).toBe('Fatal 25.0 · CRM 12.5 · Pace 3.8');
    expect(weakestText({ ...agent, weakest: [] })).toBe('None');
  });

  it('bars only the criteria that lost marks, most lost first', () => {
    const criteria: TCriterionInsight[] = [
      { criterion: 'greetings', name: 'Greetings', maxMarks: 0, marksLost: 10, meanLost: 1.43, recordsLosing: 2 },
      { criterion: 'pitch', name: 'Pitch', maxMarks: 10, marksLost: 0, meanLost: 0, recordsLosing: 0 },
      { criterion: 'crm', name: 'CRM', maxMarks: 20, marksLost: 50, meanLost: 7.14, recordsLosing: 3 },
    ];
    expect(criterionBars(criteria)).toEqual([{ criterion: 'CRM', meanLost: 7.14 }, { criterion: 'Greetings', meanLost: 1.43 }]);
  });

  it('colours each inspector\'s bar by its lean', () => {
    const line = (inspector: string, lean: TInspectorInsight['lean']): TInspectorInsight => ({
      inspectorId: 1, inspector, records: 10, meanTotal: 90, difference: 0, lean,
      disputes: { raised: 0, criteria: 0, accepted: 0, rejected: 0, changed: 0, awaiting: 0, escalated: 0, medianHoursToAnswer: null },
    });
    expect(inspectorBars([line('a', 'lenient'), line('b', 'strict'), line('c', 'in line'), line('d', 'too few records')]).map((b) => b.color)).toEqual(['orange.6', 'violet.6', 'teal.6', 'gray.5']);
  });

  it('signs differences and shows hours or a dash', () => {
    expect([formatDifference(14.11), formatDifference(-18.81), formatDifference(0)]).toEqual(['+14.1', '−18.8', '0.0']);
    expect([formatHours(6), formatHours(null)]).toEqual(['6.0 h', '—']);
  });
});

describe('exportRequest', () => {
  it('links the export with the token, and names the file by range and section', () => {
    expect(exportRequest({ startDate: '2026-03-02', endDate: '2026-03-15', campaignName: 'Alpha' }, 'criteria', 'media.token')).toEqual({
      href: '/api/qcInsights/export?startDate=2026-03-02&endDate=2026-03-15&campaignName=Alpha&section=criteria&token=media.token',
      fileName: 'QC_Insights_criteria_2026-03-02_to_2026-03-15.xlsx',
    });
    expect(exportRequest({ startDate: '2026-03-02', endDate: '2026-03-15' }, undefined, 't').fileName).toBe('QC_Insights_2026-03-02_to_2026-03-15.xlsx');
  });
});
