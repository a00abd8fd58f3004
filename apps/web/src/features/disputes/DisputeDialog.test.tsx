// /agent-performance's disputes: Dispute criteria within the window only; the dialog asks for a mark and a reason per
// ticked criterion and raises the dispute; a disputed record shows each criterion's outcome and Escalate.
import '../../test/jsdom-fonts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { DISPUTE_MESSAGES, type TDispute } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { agentToken } from '../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import { agentRecord, paged, review } from '../../test/qc-test-data.ts';
import { composeAgentReviewPage } from '../../app/pages.tsx';

afterEach(() => vi.restoreAllMocks());

// The page as the app shows it: app/pages.tsx puts the dispute parts on it (features/disputes).
const { default: AgentReviewPage } = await composeAgentReviewPage();

const LIST = 'GET /api/qcReport/list-of-qc-records-by-agent-id';
const SETTINGS = {
  'GET /api/disputes/settings': {
    body: { disputeWindowDays: 7, answerWindowHours: 48, updatedAt: null, updatedBy: null },
  },
};
const recent = new Date(Date.now() - 24 * 3_600_000).toISOString();

const DISPUTE = {
  id: 4,
  qcId: 13,
  reviewId: 7,
  status: 'answered',
  comment: '',
  agentName: 'Karim Hossain',
  agentId: 'AG-1001',
  campaignName: 'Spring Survey',
  callDate: '2026-03-02',
  consumerNumber: '+8801733333333',
  qcInspector: 'qc.rahman',
  qcInspectorName: 'Nadia Rahman',
  total: 90,
  agentGrade: 'Exceed Expectation',
  voiceLog: null,
  raisedAt: recent,
  answerDueAt: recent,
  dueAt: null,
  overdue: false,
  answeredAt: recent,
  answeredBy: 'qc.rahman',
  answeredByName: 'Nadia Rahman',
  escalatedAt: null,
  escalationReason: null,
  decidedAt: null,
  decidedBy: null,
  decidedByName: null,
  canEscalate: true,
  criteria: [
    {
      criterion: 'greetings',
      name: 'Greetings',
      originalMark: -5,
      proposedMark: 0,
      reason: 'r',
      outcome: 'accepted',
      answeredMark: 0,
      answerReason: null,
      decision: null,
      decidedMark: null,
      decisionReason: null,
      finalOutcome: 'accepted',
      finalMark: 0,
      originalChoice: 'No',
      proposedChoice: 'Yes',
      answeredChoice: 'Yes',
      decidedChoice: null,
      finalChoice: 'Yes',
    },
    {
      criterion: 'crm',
      name: 'CRM',
      originalMark: 10,
      proposedMark: 20,
      reason: 'r',
      outcome: 'kept',
      answeredMark: 10,
      answerReason: 'Q3 skipped',
      decision: null,
      decidedMark: null,
      decisionReason: null,
      finalOutcome: 'kept',
      finalMark: 10,
      originalChoice: 'Need Improvement',
      proposedChoice: 'Yes',
      answeredChoice: 'Need Improvement',
      decidedChoice: null,
      finalChoice: 'Need Improvement',
    },
  ],
  scorecardId: 1,
} satisfies TDispute;

function renderAsAgent(routes: Record<string, TFakeRoute>) {
  storeSession(agentToken({ userName: 'AG-1001', agentId: 'AG-1001' }));
  const server = fakeServer({ ...SETTINGS, ...routes });
  renderWithApp(<AgentReviewPage />, { route: '/agent-performance' });
  return server;
}

describe('disputes on the QC Review', () => {
  it('offers Dispute criteria within the window only, and raises a dispute with a mark and a reason per criterion', async () => {
    const open = agentRecord({ id: 11, consumerNumber: '+8801711111111', createdAt: recent, crm: 10, total: 90 });
    const old = agentRecord({ id: 12, consumerNumber: '+8801722222222', createdAt: '2020-01-01T00:00:00.000Z' });
    const server = renderAsAgent({
      [LIST]: { body: paged([open, old]) },
      'POST /api/disputes': { body: { ...DISPUTE, status: 'open' } },
      // The record's own version: CRM scored Need Improvement.
      'GET /api/disputes/criteria/11': {
        body: {
          qcId: 11,
          scorecard: { id: 1, scorecardId: 1, name: 'Standard', version: 1 },
          criteria: [
            {
              key: 'crm',
              section: 'Call quality',
              name: 'CRM',
              question: 'CRM',
              choices: [
                { label: 'Yes', marks: 20 },
                { label: 'Need Improvement', marks: 10 },
                { label: 'No', marks: 0 },
              ],
              choice: 'Need Improvement',
              marks: 10,
            },
          ],
        },
      },
    });
    await screen.findByText('+8801722222222');
    expect(await screen.findAllByRole('button', { name: 'Dispute criteria' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dispute criteria' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dispute criteria' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Raise dispute' }));
    expect(await dialog.findByText('Choose at least one criterion to dispute')).toBeTruthy();
    fireEvent.click(await dialog.findByLabelText('CRM'));
    expect(
      within(dialog.getByLabelText('Right mark of CRM'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Yes (20)', 'No (0)']);
    fireEvent.click(dialog.getByRole('button', { name: 'Raise dispute' }));
    expect(await dialog.findByText('Choose the right mark')).toBeTruthy();
    expect(dialog.getByText('Say why this mark is right')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Right mark of CRM'), { target: { value: 'Yes' } });
    fireEvent.change(dialog.getByLabelText('Why CRM should be that mark'), { target: { value: 'All asked in order' } });
    expect(server.writes()).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Raise dispute' }));
    expect(await screen.findByText(DISPUTE_MESSAGES.raised)).toBeTruthy();
    expect(server.writes().map((w) => w.body)).toEqual([
      { qcId: 11, comment: '', criteria: [{ criterion: 'crm', proposedChoice: 'Yes', reason: 'All asked in order' }] },
    ]);
  });

  it("shows each disputed criterion's outcome under the record, and Escalate when it may be escalated", async () => {
    const disputed = agentRecord(
      { id: 13, consumerNumber: '+8801733333333', createdAt: recent },
      review({ id: 7, qcId: 13, agreed: 'No', raiseConcern: true, isResolved: true }),
    );
    const server = renderAsAgent({
      [LIST]: { body: paged([disputed]) },
      'GET /api/disputes/pagination/0/1': {
        body: { recordCount: 1, response: { content: [DISPUTE], totalElements: 1, totalPages: 1, size: 1, number: 0 } },
      },
      'POST /api/disputes/4/escalate': { status: 409, body: { message: DISPUTE_MESSAGES.escalateOnce } },
    });
    const outcomes = within(
      await screen.findByRole('row', { name: 'Dispute of the call to +8801733333333 on 2026-03-02' }),
    );
    expect(outcomes.getByText('Accepted: -5 → 0')).toBeTruthy();
    expect(outcomes.getByText('Kept at 10')).toBeTruthy();
    expect(outcomes.getByText('Q3 skipped')).toBeTruthy();
    // People by name, not username.
    expect(outcomes.getByText(/answered by Nadia Rahman/)).toBeTruthy();
    expect(outcomes.queryByText(/qc\.rahman/)).toBeNull();
    expect(server.sent.find((r) => r.path === '/api/disputes/pagination/0/1')?.query).toEqual({ qcId: '13' });
    fireEvent.click(outcomes.getByRole('button', { name: 'Escalate' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Escalate to an admin' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Escalate' }));
    expect(await dialog.findByText('Say why the answer is wrong')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/Why the answer is wrong/), { target: { value: 'Listen again' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Escalate' }));
    expect(await dialog.findByText(DISPUTE_MESSAGES.escalateOnce)).toBeTruthy();
  });
});
