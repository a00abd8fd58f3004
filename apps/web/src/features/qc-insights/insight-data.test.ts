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
  criteriaByLoss,
  inspectorAxis,
  inspectorBars,
  lossAxis,
  niceAxis,
  trendAxis,
  weakestText,
  coachHref,
  acknowledgementsHref,
  weekLabel,
  weekPoints,
} from './insight-data.ts';

/** A criterion of "Standard" scored on every record: no per-version split. */
const STANDARD = { scorecardId: 1, scorecard: 'Standard', records: 7, versions: [] };

const agent: TAgentInsight = {
  agentId: 'rina',
  agentName: 'Rina Akter',
  records: 4,
  meanTotal: 56.25,
  grade: 'Below Expectation',
  weeks: [
    { weekStart: '2026-03-02', records: 2, meanTotal: 80, grade: 'Meet Expectation' },
    { weekStart: '2026-03-09', records: 2, meanTotal: -32.5, grade: 'Below Expectation' },
  ],
  weakest: [
    { criterion: 'fatal', name: 'Fatal', meanLost: 25 },
    { criterion: 'crm', name: 'CRM', meanLost: 12.5 },
    { criterion: 'pace', name: 'Pace', meanLost: 3.75 },
  ],
  acknowledgements: { unacknowledged: 0, overdue: 0 },
};

describe('the range form', () => {
  it('opens on the four weeks up to today', () => {
    expect(defaultInsightsForm('2026-03-31')).toEqual({
      startDate: '2026-03-04',
      endDate: '2026-03-31',
      campaignName: '',
    });
  });

  it('asks for a valid range, with a campaign only when one is chosen', () => {
    expect(checkInsightsForm({ startDate: '2026-03-01', endDate: '2026-03-31', campaignName: '' })).toEqual({
      query: { startDate: '2026-03-01', endDate: '2026-03-31' },
      problem: null,
    });
    expect(checkInsightsForm({ startDate: '2026-03-01', endDate: '2026-03-31', campaignName: 'Alpha' }).query).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      campaignName: 'Alpha',
    });
  });

  it("gives the server's words for a reversed, too long or unfinished range", () => {
    expect(checkInsightsForm({ startDate: '2026-03-31', endDate: '2026-03-01', campaignName: '' })).toEqual({
      query: null,
      problem: 'The end date must be on or after the start date',
    });
    expect(checkInsightsForm({ startDate: '2025-01-01', endDate: '2026-01-02', campaignName: '' }).problem).toBe(
      'The range can be at most 366 days',
    );
    expect(checkInsightsForm({ startDate: '', endDate: '2026-01-02', campaignName: '' }).problem).toBe(
      'startDate must be a date written yyyy-MM-dd',
    );
  });
});

describe('the charts', () => {
  it("draws an agent's weeks in order, on an axis down to a negative week", () => {
    const points = weekPoints(agent);
    expect(points.map((p) => [p.week, p.meanTotal])).toEqual([
      ['2026-03-02', 80],
      ['2026-03-09', -32.5],
    ]);
    // −32.5 − 5 = −37.5, on whole steps of 50: from −50.
    expect(trendAxis(points)).toEqual({ domain: [-50, 100], ticks: [-50, 0, 50, 100] });
  });

  it("fits the trend's axis to weeks of 83 to 95: from a round step under the lowest − 5, whole-mark ticks to 100", () => {
    const weeks = [95, 91, 95, 83.33, 93].map((meanTotal, i) => ({
      week: `2026-11-0${i + 1}`,
      meanTotal,
      records: 4,
      grade: 'Meet Expectation' as const,
    }));
    expect(trendAxis(weeks)).toEqual({ domain: [75, 100], ticks: [75, 80, 85, 90, 95, 100] });
    expect(trendAxis(weeks.slice(0, 1))).toEqual({ domain: [90, 100], ticks: [90, 95, 100] });
    // A perfect week still shows a band under it.
    expect(trendAxis([{ ...weeks[0]!, meanTotal: 100 }]).domain).toEqual([90, 100]);
    expect(trendAxis([{ ...weeks[0]!, meanTotal: 48 }])).toEqual({
      domain: [40, 100],
      ticks: [40, 50, 60, 70, 80, 90, 100],
    });
  });

  it('labels each week short: day and month', () => {
    expect([weekLabel('2026-10-26'), weekLabel('2026-11-02'), weekLabel('2027-01-04')]).toEqual([
      '26 Oct',
      '2 Nov',
      '4 Jan',
    ]);
  });

  it('puts value axes on round steps', () => {
    expect(niceAxis(0, 2.6, { most: 5 })).toEqual({ domain: [0, 3], ticks: [0, 1, 2, 3] });
    expect(niceAxis(0, 8.57, { most: 5 })).toEqual({ domain: [0, 10], ticks: [0, 2, 4, 6, 8, 10] });
    expect(niceAxis(0, 1.2, { most: 5 })).toEqual({ domain: [0, 1.25], ticks: [0, 0.25, 0.5, 0.75, 1, 1.25] });
    // 2.5 is no whole step: 5.
    expect(niceAxis(73.5, 86.8, { integers: true })).toEqual({ domain: [70, 90], ticks: [70, 75, 80, 85, 90] });
  });

  it('leaves room past the longest loss bar for its label', () => {
    // 2.2 × 1.2 = 2.64: the axis ends at 3, not on the bar's end.
    expect(
      lossAxis([
        { criterion: 'CRM', meanLost: 2.2 },
        { criterion: 'Pace', meanLost: 0.6 },
      ]),
    ).toEqual({ domain: [0, 3], ticks: [0, 1, 2, 3] });
    expect(lossAxis([])).toEqual({ domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
  });

  it("fits the inspectors' axis around their means and the floor's, up to 100", () => {
    const bars = [
      { inspector: 'Anika Rahman', meanTotal: 78.5, color: 'teal.6' },
      { inspector: 'Bashir Uddin', meanTotal: 81.8, color: 'teal.6' },
    ];
    expect(inspectorAxis(bars, 80.1)).toEqual({ domain: [70, 90], ticks: [70, 75, 80, 85, 90] });
    expect(inspectorAxis([{ ...bars[0]!, meanTotal: 99 }], 97).domain[1]).toBe(100);
  });

  it('orders every criterion by mean marks lost, ties in scorecard order', () => {
    const c = (criterion: TCriterionInsight['criterion'], meanLost: number): TCriterionInsight => ({
      criterion,
      name: criterion,
      maxMarks: 10,
      marksLost: meanLost * 10,
      meanLost,
      recordsLosing: 1,
      ...STANDARD,
    });
    expect(
      criteriaByLoss([c('greetings', 0), c('pitch', 1.5), c('crm', 3), c('pace', 1.5)]).map((x) => x.criterion),
    ).toEqual(['crm', 'pitch', 'pace', 'greetings']);
  });

  it('links Coach to the New coaching session form with the agent, the campaign and the weakest criteria', () => {
    expect(coachHref(agent, 'Mobile Survey')).toBe(
      '/coaching?new=1&agentId=rina&campaignName=Mobile+Survey&focus=fatal%2Ccrm%2Cpace',
    );
    expect(coachHref({ ...agent, weakest: [] }, undefined)).toBe('/coaching?new=1&agentId=rina');
  });

  it("links the acknowledgement figures to the list of the range's records, of an agent, overdue only", () => {
    const q = { startDate: '2026-03-02', endDate: '2026-03-15', campaignName: 'Mobile Survey' };
    expect(acknowledgementsHref(q)).toBe(
      '/qc-acknowledgements?campaignName=Mobile+Survey&startDate=2026-03-02&endDate=2026-03-15',
    );
    expect(
      acknowledgementsHref({ startDate: q.startDate, endDate: q.endDate }, { agentId: 'rina', overdueOnly: true }),
    ).toBe('/qc-acknowledgements?state=overdue&agentId=rina&startDate=2026-03-02&endDate=2026-03-15');
  });

  it('writes the weakest three on one line, or None', () => {
    expect(weakestText(agent)).toBe('Fatal 25.0 · CRM 12.5 · Pace 3.8');
    expect(weakestText({ ...agent, weakest: [] })).toBe('None');
  });

  it('bars only the criteria that lost marks, most lost first', () => {
    const criteria: TCriterionInsight[] = [
      {
        criterion: 'greetings',
        name: 'Greetings',
        maxMarks: 0,
        marksLost: 10,
        meanLost: 1.43,
        recordsLosing: 2,
        ...STANDARD,
      },
      { criterion: 'pitch', name: 'Pitch', maxMarks: 10, marksLost: 0, meanLost: 0, recordsLosing: 0, ...STANDARD },
      { criterion: 'crm', name: 'CRM', maxMarks: 20, marksLost: 50, meanLost: 7.14, recordsLosing: 3, ...STANDARD },
    ];
    expect(criterionBars(criteria)).toEqual([
      { criterion: 'CRM', meanLost: 7.14 },
      { criterion: 'Greetings', meanLost: 1.43 },
    ]);
  });

  it("colours each inspector's bar by its lean", () => {
    const line = (inspector: string, lean: TInspectorInsight['lean']): TInspectorInsight => ({
      inspectorId: 1,
      inspector,
      inspectorName: `Name of ${inspector}`,
      records: 10,
      meanTotal: 90,
      difference: 0,
      lean,
      disputes: {
        raised: 0,
        criteria: 0,
        accepted: 0,
        rejected: 0,
        changed: 0,
        awaiting: 0,
        escalated: 0,
        medianHoursToAnswer: null,
      },
    });
    expect(
      inspectorBars([
        line('a', 'lenient'),
        line('b', 'strict'),
        line('c', 'in line'),
        line('d', 'too few records'),
      ]).map((b) => b.color),
    ).toEqual(['orange.6', 'violet.6', 'teal.6', 'gray.5']);
    expect(inspectorBars([line('qc.rahman', 'lenient')]).map((b) => b.inspector)).toEqual(['Name of qc.rahman']);
  });

  it('signs differences and shows hours or a dash', () => {
    expect([formatDifference(14.11), formatDifference(-18.81), formatDifference(0)]).toEqual(['+14.1', '−18.8', '0.0']);
    expect([formatHours(6), formatHours(null)]).toEqual(['6.0 h', '—']);
  });
});

describe('exportRequest', () => {
  it('links the export with the token, and names the file by range and section', () => {
    expect(
      exportRequest(
        { startDate: '2026-03-02', endDate: '2026-03-15', campaignName: 'Alpha' },
        'criteria',
        'media.token',
      ),
    ).toEqual({
      href: '/api/qcInsights/export?startDate=2026-03-02&endDate=2026-03-15&campaignName=Alpha&section=criteria&token=media.token',
      fileName: 'QC_Insights_criteria_2026-03-02_to_2026-03-15.xlsx',
    });
    expect(exportRequest({ startDate: '2026-03-02', endDate: '2026-03-15' }, undefined, 't').fileName).toBe(
      'QC_Insights_2026-03-02_to_2026-03-15.xlsx',
    );
  });
});
