// Test support of the survey results (docs/guide/results.md): a campaign with five questions (a Bengali one among them),
// its leads' answers and call attempts written as the save writes them, QC records, and a client account of it. The
// figures the tests expect are worked out by hand from this set in modules/results/routes.test.ts.
import { expect } from 'vitest';
import type { TDispositionKind, TQuestion, TStoredMarks } from '@crm/shared';
import { createCampaign, createUser, type Caller, type TestContext, type TestUser } from './harness.ts';
import { addQuestions, newQuestion } from './questions-support.ts';
import { insertLeads } from './leads-support.ts';
import { createPublished, smallDefinition } from './scorecards-support.ts';

export const RESULTS_ZONE = 'Asia/Dhaka';

export type ResultsWorld = {
  x: { id: number; name: string; questions: TQuestion[] };
  y: { id: number; name: string };
  admin: Caller;
  agents: { a1: TestUser; a2: TestUser };
  /** Lead ids by the names the tests use (L1…L9). */
  leads: Record<string, string>;
  /** A published scorecard: pass mark 75, Summary = No an auto-fail, the total kept ('failGrade'). */
  scorecardId: number;
};

type Attempt = { agent: TestUser; at: string; code: string; kind: TDispositionKind };

/** A call attempt as the save writes it, ended at `at` (an ISO instant). */
export async function insertAttempt(t: TestContext, leadId: string, campaignId: number, a: Attempt): Promise<void> {
  const ended = new Date(a.at);
  await t.db
    .insertInto('callAttempts')
    .values({
      leadId,
      campaignId,
      userId: a.agent.id,
      agentId: a.agent.username,
      sessionId: null,
      startedAt: new Date(ended.getTime() - 120_000),
      endedAt: ended,
      handleSeconds: 120,
      dispositionCode: a.code,
      dispositionName: a.code,
      dispositionKind: a.kind,
      vicidialStatus: null,
      completed: a.kind === 'completed',
      dialerCallId: null,
      dialerStatus: null,
    })
    .execute();
}

/** A QC record of the campaign's call of a number on a day, on a scorecard version, with its total and marks. */
export async function insertQcRecord(
  t: TestContext,
  r: {
    campaign: { id: number; name: string };
    phone: string;
    callDate: string;
    scorecardId: number;
    total: number;
    marks: TStoredMarks;
  },
): Promise<void> {
  await t.db
    .insertInto('qcRecords')
    .values({
      kind: 'in-house',
      callDate: r.callDate,
      agentUserId: null,
      agentId: 'AG-1',
      agentName: 'Rina Akter',
      campaignId: r.campaign.id,
      campaignName: r.campaign.name,
      consumerNumber: r.phone,
      duration: 95,
      qcInspectorId: null,
      qcInspector: 'qc1',
      scorecardId: r.scorecardId,
      marks: JSON.stringify(r.marks),
      fatalReason: '',
      easVoiceMatchedWithReport: 'yes',
      suggestion: '',
      total: r.total,
      agentGrade: 'Good',
    })
    .execute();
}

const smallMarks = (summary: 'Yes' | 'No'): TStoredMarks => ({
  greeting: { choice: 'Yes', marks: 10, comment: '' },
  resolved: { choice: 'Yes', marks: 20, comment: '' },
  summary: { choice: summary, marks: summary === 'Yes' ? 10 : 0, comment: '' },
});

const phone = (n: number) => `+88017110000${String(n).padStart(2, '0')}`;

/**
 * Campaign X (columns shop): Q1 Select Yes/No, Q2 Multi Select Alpha/Beta/Gamma, Q3 Number, Q4 Textarea, Q5 Select
 * হ্যাঁ/না. Leads (phone +88017110000n), local days in Asia/Dhaka (UTC+6):
 *  L1 Dhaka/Shop A  Yes | Alpha, Beta | 3 | ভালো পণ্য | হ্যাঁ   completed; AG-1 COMPLETE 11-20 10:00
 *  L2 Dhaka/Shop B  Yes | Beta | 5 | Too expensive | না        completed; AG-2 NOANSWER 11-20 09:00, AG-1 COMPLETE 11-21 12:00
 *  L3 Chittagong/A  No | – | – | Not interested | না           completed; AG-2 COMPLETE 11-20 11:00
 *  L4 Chittagong/B  Yes | Gamma, Alpha | Partial Call          not completed; AG-2 CALLBACK 11-21 10:00
 *  L5 Dhaka/Shop A  Yes | Alpha                                not completed; AG-1 REFUSED 11-21 11:00
 *  L6 Dhaka/Shop A  (no answers)                               not completed; AG-1 NOANSWER 11-21 13:00
 *  L7 Dhaka/Shop A  Yes                                        completed; AG-1 COMPLETE 11-23 10:00 (after the range)
 *  L9 Dhaka/Shop B  No | – | 10 | ভালো সার্ভিস | হ্যাঁ          completed; AG-2 COMPLETE 11-20 19:30 UTC = 11-21 01:30
 * and a completed lead of campaign Y on 11-20. QC records (scorecard: pass mark 75, Summary No an auto-fail): L1 on
 * 11-20 total 80 (passed); L3 on 11-20 total 90 with Summary No (auto-failed); L9 on 11-21 total 50 (failed); L2 on
 * "Standard" 11-21 total 72 (passed, pass mark 70) and on 11-20 total 95 (passed, but not the call's date).
 */
export async function seedResults(t: TestContext): Promise<ResultsWorld> {
  const cx = await createCampaign(t.db);
  const cy = await createCampaign(t.db);
  await t.db
    .insertInto('dataTables')
    .values({ campaignId: cx.id, name: `${cx.campaignName}_table`, columns: ['shop'] })
    .execute();
  const admin = await t.callerFor('admin');
  const questions = await addQuestions(admin, [
    newQuestion(cx.campaignName, { title: 'Did you buy it?', options: 'Yes, No' }),
    newQuestion(cx.campaignName, {
      title: 'Which brands?',
      type: 'Multi Select Option',
      options: 'Alpha, Beta, Gamma',
    }),
    newQuestion(cx.campaignName, { title: 'How many packs?', type: 'Number', options: '' }),
    newQuestion(cx.campaignName, { title: 'Anything else?', type: 'Textarea', options: '' }),
    newQuestion(cx.campaignName, { title: 'আবার কিনবেন?', options: 'হ্যাঁ, না' }),
  ]);
  const a1 = await createUser(t.db, { role: 'agent', username: 'AG-1', name: 'Rina Akter' });
  const a2 = await createUser(t.db, { role: 'agent', username: 'AG-2', name: 'Kamal Hossain' });

  const lead = async (n: number, region: string, shop: string, answers: Record<string, string>, isCalled: 0 | 1) => {
    const [id] = await insertLeads(t.db, cx.id, [
      {
        cellNumber: phone(n),
        dataDate: '2026-11-19',
        respondentName: `Respondent ${n}`,
        region,
        fields: JSON.stringify({ shop }),
        forD: 'd',
        generateStatus: 1,
        answers: JSON.stringify(answers),
        isCalled,
      },
    ]);
    if (id === undefined) throw new Error('no lead inserted');
    return String(id);
  };
  const leads: Record<string, string> = {
    L1: await lead(1, 'Dhaka', 'Shop A', { Q1: 'Yes', Q2: 'Alpha, Beta', Q3: '3', Q4: 'ভালো পণ্য', Q5: 'হ্যাঁ' }, 1),
    L2: await lead(2, 'Dhaka', 'Shop B', { Q1: 'Yes', Q2: 'Beta', Q3: '5', Q4: 'Too expensive', Q5: 'না' }, 1),
    L3: await lead(3, 'Chittagong', 'Shop A', { Q1: 'No', Q4: 'Not interested', Q5: 'না' }, 1),
    // Saved first without the partial mark: the trigger must follow the later save.
    L4: await lead(4, 'Chittagong', 'Shop B', { Q1: 'Yes' }, 0),
    L5: await lead(5, 'Dhaka', 'Shop A', { Q1: 'Yes', Q2: 'Alpha' }, 0),
    L6: await lead(6, 'Dhaka', 'Shop A', {}, 0),
    L7: await lead(7, 'Dhaka', 'Shop A', { Q1: 'Yes' }, 1),
    L9: await lead(9, 'Dhaka', 'Shop B', { Q1: 'No', Q3: '10', Q4: 'ভালো সার্ভিস', Q5: 'হ্যাঁ' }, 1),
  };
  await t.db
    .updateTable('leads')
    .set({ answers: JSON.stringify({ Q1: 'Yes', Q2: 'Gamma, Alpha', Q3: 'Partial Call' }) })
    .where('id', '=', leads.L4 ?? '')
    .execute();
  const [yLead] = await insertLeads(t.db, cy.id, [
    { cellNumber: phone(1), dataDate: '2026-11-19', answers: JSON.stringify({ Q1: 'Yes' }), isCalled: 1 },
  ]);

  const at = (id: string | undefined, a: Attempt) => insertAttempt(t, id ?? '', cx.id, a);
  const done = { code: 'COMPLETE', kind: 'completed' } as const;
  await at(leads.L1, { agent: a1, at: '2026-11-20T04:00:00Z', ...done });
  await at(leads.L2, { agent: a2, at: '2026-11-20T03:00:00Z', code: 'NOANSWER', kind: 'retry' });
  await at(leads.L2, { agent: a1, at: '2026-11-21T06:00:00Z', ...done });
  await at(leads.L3, { agent: a2, at: '2026-11-20T05:00:00Z', ...done });
  await at(leads.L4, { agent: a2, at: '2026-11-21T04:00:00Z', code: 'CALLBACK', kind: 'callback' });
  await at(leads.L5, { agent: a1, at: '2026-11-21T05:00:00Z', code: 'REFUSED', kind: 'final' });
  await at(leads.L6, { agent: a1, at: '2026-11-21T07:00:00Z', code: 'NOANSWER', kind: 'retry' });
  await at(leads.L7, { agent: a1, at: '2026-11-23T04:00:00Z', ...done });
  await at(leads.L9, { agent: a2, at: '2026-11-20T19:30:00Z', ...done });
  await insertAttempt(t, String(yLead), cy.id, { agent: a1, at: '2026-11-20T04:00:00Z', ...done });

  const scorecard = await createPublished(admin, smallDefinition({ autoFailResult: 'failGrade' }));
  const x = { id: cx.id, name: cx.campaignName };
  const small = { campaign: x, scorecardId: scorecard.id };
  await insertQcRecord(t, { ...small, phone: phone(1), callDate: '2026-11-20', total: 80, marks: smallMarks('Yes') });
  await insertQcRecord(t, { ...small, phone: phone(3), callDate: '2026-11-20', total: 90, marks: smallMarks('No') });
  await insertQcRecord(t, { ...small, phone: phone(9), callDate: '2026-11-21', total: 50, marks: smallMarks('Yes') });
  const standard = { campaign: x, scorecardId: 1, marks: {} };
  await insertQcRecord(t, { ...standard, phone: phone(2), callDate: '2026-11-21', total: 72 });
  await insertQcRecord(t, { ...standard, phone: phone(2), callDate: '2026-11-20', total: 95 });
  // A passed record of L3's number and day, but of campaign Y: it passes nothing of X.
  await insertQcRecord(t, {
    campaign: { id: cy.id, name: cy.campaignName },
    scorecardId: 1,
    marks: {},
    phone: phone(3),
    callDate: '2026-11-20',
    total: 99,
  });

  return {
    x: { ...x, questions },
    y: { id: cy.id, name: cy.campaignName },
    admin,
    agents: { a1, a2 },
    leads,
    scorecardId: scorecard.id,
  };
}

/** A client account of the campaigns given (by id), and a caller signed in as it. */
export async function clientOf(t: TestContext, campaignIds: number[]): Promise<Caller> {
  const user = await createUser(t.db, { role: 'client' });
  if (campaignIds.length > 0)
    await t.db
      .insertInto('clientCampaigns')
      .values(campaignIds.map((campaignId) => ({ userId: user.id, campaignId })))
      .execute();
  return t.as(user);
}

/** The query string of a results request. */
export function resultsQuery(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
  return q.toString();
}

export function expectRefusal(
  r: { status: number; text: string; body: unknown },
  status: number,
  message: RegExp,
): void {
  expect(r.status, r.text).toBe(status);
  expect((r.body as { message?: string }).message).toMatch(message);
}
