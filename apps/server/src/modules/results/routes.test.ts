// Survey results (docs/guide/results.md): who may read them, then every figure worked out by hand from the set of
// test/results-support.ts (its comment lists the leads), each filter, the cross-tab both ways, the text answers, where
// calls end and quotas per day.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TResultCrosstab, TResults, TResultTexts } from '@crm/shared';
import { useTestApp, type Caller } from '../../test/harness.ts';
import {
  RESULTS_ZONE,
  clientOf,
  expectRefusal,
  resultsQuery,
  seedResults,
  type ResultsWorld,
} from '../../test/results-support.ts';

const t = useTestApp({ timeZone: RESULTS_ZONE });
let w: ResultsWorld;
const RANGE = { from: '2026-11-20', to: '2026-11-21' };

beforeAll(async () => {
  w = await seedResults(t);
});

const url = (path: string, params: Record<string, string | undefined> = {}) =>
  `/api/results${path}?${resultsQuery({ campaignName: w.x.name, ...RANGE, ...params })}`;

async function results(params: Record<string, string | undefined> = {}, as: Caller = w.admin): Promise<TResults> {
  const r = await as.get(url('', params));
  expect(r.status, r.text).toBe(200);
  return r.json<TResults>();
}

async function crosstab(params: Record<string, string | undefined>): Promise<TResultCrosstab> {
  const r = await w.admin.get(url('/crosstab', params));
  expect(r.status, r.text).toBe(200);
  return r.json<TResultCrosstab>();
}

async function texts(params: Record<string, string | undefined>): Promise<TResultTexts> {
  const r = await w.admin.get(url('/text', params));
  expect(r.status, r.text).toBe(200);
  return r.json<TResultTexts>();
}

/** Each route with the parameters it needs beside the filters. */
const PATHS: Array<[string, Record<string, string>]> = [
  ['', {}],
  ['/crosstab', { row: 'Q1', col: 'Q5' }],
  ['/text', { question: 'Q4' }],
  ['/export', { row: 'Q1', col: 'Q5' }],
];

const question = (r: TResults, qno: string) => {
  const q = r.questions.find((x) => x.qno === qno);
  if (q === undefined) throw new Error(`no ${qno}`);
  return q;
};

describe('who may read results', () => {
  it('answers 401 without a session and 403 to agents and QC inspectors', async () => {
    expect((await t.anonymous.get(url(''))).status).toBe(401);
    for (const role of ['agent', 'qc'] as const) {
      const caller = await t.callerFor(role);
      for (const [path, extra] of PATHS) expect((await caller.get(url(path, extra))).status).toBe(403);
    }
  });

  it("lets a client read its own campaign's results and refuses another campaign with NOT_YOUR_CAMPAIGN", async () => {
    const client = await clientOf(t, [w.x.id]);
    expect((await results({}, client)).calls).toBe(7);
    for (const campaignName of [w.y.name, 'No such campaign']) {
      for (const [path, extra] of PATHS) {
        const r = await client.get(`/api/results${path}?${resultsQuery({ campaignName, ...RANGE, ...extra })}`);
        expectRefusal(r, 403, /may not see the results/);
        expect((r.body as { code?: string }).code).toBe('NOT_YOUR_CAMPAIGN');
      }
    }
    const none = await clientOf(t, []);
    expect((await none.get(url(''))).status).toBe(403);
  });

  it('answers an admin 404 for a campaign of no such name, and 400 for a bad range or filter', async () => {
    expectRefusal(
      await w.admin.get(`/api/results?${resultsQuery({ campaignName: 'No such campaign', ...RANGE })}`),
      404,
      /does not exist/,
    );
    expectRefusal(await w.admin.get(url('', { from: '2026-11-22' })), 400, /on or after the start date/);
    expectRefusal(await w.admin.get(url('', { to: '21/11/2026' })), 400, /yyyy-MM-dd/);
    expectRefusal(await w.admin.get(url('', { 'field.phone': '1' })), 400, /"phone" is not a lead field/);
    expectRefusal(await w.admin.get(url('', { colour: 'red' })), 400, /colour is not a filter/);
    expectRefusal(await w.admin.get(url('/crosstab', { row: 'Q1', col: 'Q9' })), 400, /"Q9" is neither/);
    expectRefusal(await w.admin.get(url('/text', { question: 'Q9' })), 400, /Q9 is not a question/);
  });
});

describe('GET /api/results', () => {
  it('counts each lead once, on the local day of its latest attempt, when that day is in the range', async () => {
    const r = await results();
    // L1 L2 L3 L4 L5 L6 L9; not L7 (after the range) nor campaign Y's lead.
    expect(r.calls).toBe(7);
    // On 11-20 alone: L1, L3; not L2 (its latest attempt is on 11-21), nor L9 (01:30 on 11-21 in Dhaka, 11-20 in UTC).
    expect((await results({ to: '2026-11-20' })).calls).toBe(2);
    // On 11-21 alone: L2 L4 L5 L6 L9.
    expect((await results({ from: '2026-11-21' })).calls).toBe(5);
  });

  it('gives each option its count and share of the answered calls, a multi-select counting each option chosen', async () => {
    const r = await results();
    expect(question(r, 'Q1')).toMatchObject({
      title: 'Did you buy it?',
      type: 'Select Option',
      answered: 6,
      skipped: 0,
      notReached: 1,
      options: [
        { option: 'Yes', count: 4, percent: 66.67 },
        { option: 'No', count: 2, percent: 33.33 },
      ],
    });
    expect(question(r, 'Q2')).toMatchObject({
      answered: 4,
      skipped: 2, // L3 and L9 went on to later questions without it
      notReached: 1, // L6
      options: [
        { option: 'Alpha', count: 3, percent: 75 },
        { option: 'Beta', count: 2, percent: 50 },
        { option: 'Gamma', count: 1, percent: 25 },
      ],
    });
    expect(question(r, 'Q5')).toMatchObject({
      title: 'আবার কিনবেন?',
      answered: 4,
      skipped: 0,
      notReached: 3,
      options: [
        { option: 'হ্যাঁ', count: 2, percent: 50 },
        { option: 'না', count: 2, percent: 50 },
      ],
    });
  });

  it("gives a Number question's mean, median, min, max and histogram, 'Partial Call' left out", async () => {
    const q3 = question(await results(), 'Q3');
    // 3, 5, 10 (L4 stopped on it).
    expect(q3).toMatchObject({ answered: 3, skipped: 1, notReached: 3 });
    expect(q3.numbers).toEqual({
      mean: 6,
      median: 5,
      min: 3,
      max: 10,
      histogram: [3, 4, 5, 6, 7, 8, 9, 10].map((v) => ({ from: v, to: v + 1, count: [3, 5, 10].includes(v) ? 1 : 0 })),
    });
    // AG-1's calls (L1 L2 L5 L6): 3 and 5; the median of an even count is the mean of the middle two.
    const q3Agent1 = question(await results({ agentId: 'AG-1' }), 'Q3');
    expect(q3Agent1.numbers).toMatchObject({ mean: 4, median: 4, min: 3, max: 5 });
  });

  it('counts text answers and lists where calls ended: the partial call on its question, the others on their last', async () => {
    const r = await results();
    expect(question(r, 'Q4')).toMatchObject({ answered: 4, skipped: 0, notReached: 3, texts: 4 });
    expect(r.endedAt).toEqual([
      { qno: 'Q2', notCompleted: 1, partial: 0 }, // L5
      { qno: 'Q3', notCompleted: 0, partial: 1 }, // L4
    ]);
  });

  it('filters by completed, agent and disposition of the latest attempt, and by lead fields', async () => {
    expect((await results({ completedOnly: 'true' })).calls).toBe(4);
    expect(question(await results({ completedOnly: 'true' }), 'Q1').options).toEqual([
      { option: 'Yes', count: 2, percent: 50 },
      { option: 'No', count: 2, percent: 50 },
    ]);
    expect((await results({ agentId: 'AG-1' })).calls).toBe(4); // L1 L2 L5 L6
    expect((await results({ agentId: 'ag-2' })).calls).toBe(3); // L3 L4 L9
    // L6; not L2, whose NOANSWER (AG-2, 11-20) is not its latest attempt: on 11-20 alone L2 is no call at all.
    expect((await results({ disposition: 'NOANSWER' })).calls).toBe(1);
    expect((await results({ disposition: 'noanswer', to: '2026-11-20' })).calls).toBe(0);
    expect((await results({ agentId: 'AG-2', to: '2026-11-20' })).calls).toBe(1); // L3
    expect((await results({ 'field.region': 'Chittagong' })).calls).toBe(2); // L3 L4
    expect((await results({ 'field.shop': 'Shop A' })).calls).toBe(4); // L1 L3 L5 L6
    expect((await results({ 'field.shop': 'Shop A', 'field.region': 'Dhaka' })).calls).toBe(3);
  });

  it("keeps QC-passed calls only: a record of the call's campaign, number and date over its pass mark, not auto-failed", async () => {
    // L1 passed (80 ≥ 75); L2 passed on Standard (72 ≥ 70) on its call date 11-21; L3 auto-failed (90, Summary No)
    // and its campaign Y record passes nothing of X; L9 failed (50).
    const r = await results({ qcPassed: 'true' });
    expect(r.calls).toBe(2);
    expect(question(r, 'Q3').numbers).toMatchObject({ min: 3, max: 5 });
    // L2's record of 11-20 passed, but its call is on 11-21 (its latest attempt): on 11-20 L1 alone.
    expect((await results({ qcPassed: 'true', to: '2026-11-20' })).calls).toBe(1); // L1
    expect((await results({ qcPassed: 'true', from: '2026-11-21' })).calls).toBe(1); // L2
  });

  it("gives each quota's count, limit, fill and the selected completes in it per call date", async () => {
    for (const body of [
      { field: 'region', value: 'Dhaka', limit: 10 },
      { questionNo: 2, value: 'Beta', limit: 4 },
    ]) {
      const r = await w.admin.post(`/api/quotas?campaignName=${encodeURIComponent(w.x.name)}`, body);
      expect(r.status, r.text).toBe(200);
    }
    const { quotas } = await results();
    expect(quotas.map(({ quotaId: _, ...q }) => q)).toEqual([
      {
        // Completed in Dhaka: L1 L2 L9 and L7 (after the range).
        name: 'region = Dhaka',
        count: 4,
        limit: 10,
        fillPercent: 40,
        perDay: [
          { day: '2026-11-20', count: 1 },
          { day: '2026-11-21', count: 2 },
        ],
      },
      {
        name: 'Q2 = Beta',
        count: 2,
        limit: 4,
        fillPercent: 50,
        perDay: [
          { day: '2026-11-20', count: 1 },
          { day: '2026-11-21', count: 1 },
        ],
      },
    ]);
    // Read per lead under an agent filter: AG-1's completes L1 (11-20) and L2 (11-21), both in Dhaka, both with Beta.
    const byAgent = await results({ agentId: 'AG-1' });
    expect(byAgent.quotas.map((q) => q.perDay)).toEqual([
      [
        { day: '2026-11-20', count: 1 },
        { day: '2026-11-21', count: 1 },
      ],
      [
        { day: '2026-11-20', count: 1 },
        { day: '2026-11-21', count: 1 },
      ],
    ]);
  });

  it("follows every change of a lead's answers and completion at once (migration 0041's trigger)", async () => {
    const lead = w.leads.L5 ?? '';
    await t.db
      .updateTable('leads')
      .set({ answers: JSON.stringify({ Q1: 'No', Q2: 'Gamma', Q3: '7' }), isCalled: 1 })
      .where('id', '=', lead)
      .execute();
    try {
      const r = await results();
      expect(question(r, 'Q1').options).toEqual([
        { option: 'Yes', count: 3, percent: 50 },
        { option: 'No', count: 3, percent: 50 },
      ]);
      expect(question(r, 'Q3').numbers).toMatchObject({ mean: 6.25, median: 6, min: 3, max: 10 });
      expect(r.endedAt).toEqual([{ qno: 'Q3', notCompleted: 0, partial: 1 }]);
      expect((await results({ completedOnly: 'true' })).calls).toBe(5);
    } finally {
      await t.db
        .updateTable('leads')
        .set({ answers: JSON.stringify({ Q1: 'Yes', Q2: 'Alpha' }), isCalled: 0 })
        .where('id', '=', lead)
        .execute();
    }
    expect((await results({ completedOnly: 'true' })).calls).toBe(4);
  });
});

describe('GET /api/results/crosstab', () => {
  it('counts the calls of each pair, both ways round, with totals', async () => {
    expect(await crosstab({ row: 'Q1', col: 'region' })).toEqual({
      rows: ['Yes', 'No'],
      cols: ['Chittagong', 'Dhaka'],
      counts: [
        [1, 3],
        [1, 1],
      ],
      rowTotals: [4, 2],
      colTotals: [2, 4],
      total: 6,
    });
    expect(await crosstab({ row: 'region', col: 'Q1' })).toEqual({
      rows: ['Chittagong', 'Dhaka'],
      cols: ['Yes', 'No'],
      counts: [
        [1, 1],
        [3, 1],
      ],
      rowTotals: [2, 4],
      colTotals: [4, 2],
      total: 6,
    });
  });

  it('counts a multi-select once per option chosen, and keeps to the filters (QC-passed only too)', async () => {
    expect(await crosstab({ row: 'Q2', col: 'Q5' })).toEqual({
      rows: ['Alpha', 'Beta', 'Gamma'],
      cols: ['হ্যাঁ', 'না'],
      // L1 Alpha+Beta হ্যাঁ, L2 Beta না (L4 and L5 have no Q5).
      counts: [
        [1, 0],
        [1, 1],
        [0, 0],
      ],
      rowTotals: [1, 2, 0],
      colTotals: [2, 1],
      total: 3,
    });
    expect(await crosstab({ row: 'Q1', col: 'shop', qcPassed: 'true' })).toEqual({
      rows: ['Yes', 'No'],
      cols: ['Shop A', 'Shop B'],
      counts: [
        [1, 1],
        [0, 0],
      ],
      rowTotals: [2, 0],
      colTotals: [1, 1],
      total: 2,
    });
  });
  it('crosses two questions from their answers alone under completed-only or a disposition, and two lead fields', async () => {
    // Completed in the range: L1 Yes/হ্যাঁ, L2 Yes/না, L3 No/না, L9 No/হ্যাঁ.
    const both = { rows: ['Yes', 'No'], cols: ['হ্যাঁ', 'না'], rowTotals: [2, 2], colTotals: [2, 2], total: 4 };
    expect(await crosstab({ row: 'Q1', col: 'Q5', completedOnly: 'true' })).toEqual({
      ...both,
      counts: [
        [1, 1],
        [1, 1],
      ],
    });
    expect(await crosstab({ row: 'Q1', col: 'Q5', disposition: 'complete' })).toEqual(
      await crosstab({ row: 'Q1', col: 'Q5', completedOnly: 'true' }),
    );
    // L5 (REFUSED) has no Q5: the options listed, nothing counted.
    expect((await crosstab({ row: 'Q1', col: 'Q5', disposition: 'REFUSED' })).total).toBe(0);
    // Every call of the range: L3 Chittagong/A, L4 Chittagong/B; L1 L5 L6 Dhaka/A, L2 L9 Dhaka/B.
    expect(await crosstab({ row: 'region', col: 'shop' })).toEqual({
      rows: ['Chittagong', 'Dhaka'],
      cols: ['Shop A', 'Shop B'],
      counts: [
        [1, 1],
        [3, 2],
      ],
      rowTotals: [2, 5],
      colTotals: [4, 3],
      total: 7,
    });
  });

  it('reads a long text answer (past the covering index) like a short one', async () => {
    const long = 'অনেক কথা '.repeat(80);
    const l3 = w.leads.L3 ?? '';
    await t.db
      .updateTable('leads')
      .set({ answers: JSON.stringify({ Q1: 'No', Q4: long, Q5: 'না' }) })
      .where('id', '=', l3)
      .execute();
    try {
      const r = await crosstab({ row: 'Q4', col: 'region' });
      expect(r.total).toBe(4);
      expect(r.counts[r.rows.indexOf(long.trim())]?.[r.cols.indexOf('Chittagong')]).toBe(1);
      const found = await texts({ question: 'Q4', q: 'অনেক' });
      expect(found.items.map((i) => [i.leadId, i.answer])).toEqual([[l3, long]]);
    } finally {
      await t.db
        .updateTable('leads')
        .set({ answers: JSON.stringify({ Q1: 'No', Q4: 'Not interested', Q5: 'না' }) })
        .where('id', '=', l3)
        .execute();
    }
  });
});

describe('GET /api/results/text', () => {
  it('lists the answers newest call date first, paged, with lead, day and agent', async () => {
    const id = (name: string) => w.leads[name] ?? '';
    const first = await texts({ question: 'Q4', size: '2' });
    expect(first).toEqual({
      total: 4,
      page: 0,
      size: 2,
      items: [
        { leadId: id('L9'), day: '2026-11-21', agentId: 'AG-2', answer: 'ভালো সার্ভিস' },
        { leadId: id('L2'), day: '2026-11-21', agentId: 'AG-1', answer: 'Too expensive' },
      ],
    });
    const second = await texts({ question: 'q4', size: '2', page: '1' });
    expect(second.items.map((i) => i.leadId)).toEqual([id('L3'), id('L1')]);
    expect((await texts({ question: 'Q4', size: '2', page: '2' })).items).toEqual([]);
  });

  it('searches the answers (Bengali too, any case, % taken literally) under the filters', async () => {
    const id = (name: string) => w.leads[name] ?? '';
    const bengali = await texts({ question: 'Q4', q: 'ভালো' });
    expect(bengali.total).toBe(2);
    expect(bengali.items.map((i) => i.leadId)).toEqual([id('L9'), id('L1')]);
    expect((await texts({ question: 'Q4', q: 'EXPENSIVE' })).items.map((i) => i.leadId)).toEqual([id('L2')]);
    expect((await texts({ question: 'Q4', q: '%' })).total).toBe(0);
    expect((await texts({ question: 'Q4', agentId: 'AG-1' })).total).toBe(2); // L1 L2
  });
});
