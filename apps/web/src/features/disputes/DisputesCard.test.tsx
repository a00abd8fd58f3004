// /flag-raised's disputes: the list with each dispute's age against its deadline (overdue in red), Answer opening a
// dialog that asks for an outcome per criterion and sends the answer, and the server's refusal shown in the dialog.
import '../../test/jsdom-fonts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { DISPUTE_MESSAGES, type TDispute, type TDisputeCriterion } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import { DisputesCard } from './DisputesCard.tsx';

afterEach(() => vi.restoreAllMocks());

const LIST = 'GET /api/disputes/pagination/0/10';
const HOUR = 3_600_000;

const criterion = (over: Partial<TDisputeCriterion>): TDisputeCriterion => ({
  criterion: 'crm',
  name: 'CRM',
  originalMark: 10,
  proposedMark: 20,
  reason: 'All asked',
  outcome: null,
  answeredMark: null,
  answerReason: null,
  decision: null,
  decidedMark: null,
  decisionReason: null,
  finalOutcome: null,
  finalMark: null,
  originalChoice: 'Need Improvement',
  proposedChoice: 'Yes',
  answeredChoice: null,
  decidedChoice: null,
  finalChoice: null,
  ...over,
});

function dispute(over: Partial<TDispute>): TDispute {
  const raised = new Date(Date.now() - 5 * HOUR).toISOString();
  return {
    id: 1,
    qcId: 11,
    reviewId: 21,
    status: 'open',
    comment: 'Two marks are wrong',
    agentName: 'Karim Hossain',
    agentId: 'AG-1001',
    campaignName: 'Spring Survey',
    callDate: '2026-11-20',
    consumerNumber: '+8801711000001',
    qcInspector: 'qc.rahman',
    qcInspectorName: 'Nadia Rahman',
    total: 85,
    agentGrade: 'Meet Expectation',
    scorecardId: 1,
    voiceLog: null,
    raisedAt: raised,
    answerDueAt: new Date(Date.now() + 43 * HOUR).toISOString(),
    dueAt: new Date(Date.now() + 43 * HOUR).toISOString(),
    overdue: false,
    answeredAt: null,
    answeredBy: null,
    answeredByName: null,
    escalatedAt: null,
    escalationReason: null,
    decidedAt: null,
    decidedBy: null,
    decidedByName: null,
    canEscalate: false,
    criteria: [
      criterion({ criterion: 'greetings', name: 'Greetings', originalMark: -5, proposedMark: 0, reason: 'Greeted' }),
      criterion({}),
    ],
    ...over,
  };
}
const page = (content: TDispute[]) => ({
  recordCount: content.length,
  response: { content, totalElements: content.length, totalPages: 1, size: 10, number: 0 },
});

function renderCard(routes: Record<string, TFakeRoute>) {
  storeSession(
    makeToken({
      sub: '3',
      userName: 'qc.rahman',
      name: 'Nadia Rahman',
      roles: [{ roleName: 'QC', roleDescription: 'QC inspector' }],
    }),
  );
  const server = fakeServer(routes);
  renderWithApp(<DisputesCard isAdmin={false} />, { route: '/flag-raised' });
  return server;
}

describe('DisputesCard', () => {
  it('lists open disputes with their age and deadline, overdue ones in red', async () => {
    const late = dispute({
      id: 2,
      agentName: 'Nusrat Jahan',
      raisedAt: new Date(Date.now() - 72 * HOUR).toISOString(),
      dueAt: new Date(Date.now() - 24 * HOUR).toISOString(),
      overdue: true,
    });
    const server = renderCard({ [LIST]: { body: page([late, dispute({})]) } });
    const lateRow = within(await screen.findByRole('row', { name: 'Dispute of Nusrat Jahan on 2026-11-20' }));
    expect(lateRow.getByText('3 d')).toBeTruthy();
    expect(lateRow.getByText('Overdue by 1 d')).toBeTruthy();
    const row = within(screen.getByRole('row', { name: 'Dispute of Karim Hossain on 2026-11-20' }));
    expect(row.getByText('5 h')).toBeTruthy();
    // The inspector by name, not username.
    expect(row.getByText('AG-1001 · by Nadia Rahman')).toBeTruthy();
    expect(row.queryByText(/qc\.rahman/)).toBeNull();
    expect(row.getByText(/^Due in 1 d 1[89] h$/)).toBeTruthy();
    expect(screen.getByText('2 open, 1 overdue on this page')).toBeTruthy();
    expect(server.sent.find((r) => r.path === '/api/disputes/pagination/0/10')?.query).toEqual({ status: 'open' });
  });

  it('answers every criterion: an outcome each, a reason to keep; then sends the answer', async () => {
    let answered = false;
    const server = renderCard({
      [LIST]: () => ({ body: page(answered ? [] : [dispute({})]) }),
      'PUT /api/disputes/1/answer': () => {
        answered = true;
        return { body: dispute({ status: 'answered' }) };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Answer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Answer the dispute' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save answer' }));
    expect(dialog.getAllByText('Choose Keep, Accept or Change')).toHaveLength(2);
    fireEvent.click(within(screen.getByLabelText('Outcome of Greetings')).getByLabelText('Accept'));
    fireEvent.click(within(screen.getByLabelText('Outcome of CRM')).getByLabelText('Keep'));
    fireEvent.click(dialog.getByRole('button', { name: 'Save answer' }));
    expect(await dialog.findByText('CRM: say why')).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.change(dialog.getByLabelText('Reason for CRM'), { target: { value: ' Q3 skipped ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save answer' }));
    expect(await screen.findByText(DISPUTE_MESSAGES.answered)).toBeTruthy();
    expect(server.writes().map((w) => w.body)).toEqual([
      {
        criteria: [
          { criterion: 'greetings', outcome: 'accepted', reason: '' },
          { criterion: 'crm', outcome: 'kept', reason: 'Q3 skipped' },
        ],
      },
    ]);
    expect(await screen.findByText('No dispute waits for an answer.')).toBeTruthy();
  });

  it('shows each answered criterion as a badge: Accepted, Kept, Changed to the mark set', async () => {
    const answered = dispute({
      status: 'answered',
      dueAt: null,
      criteria: [
        criterion({
          criterion: 'greetings',
          name: 'Greetings',
          originalMark: -5,
          proposedMark: 0,
          outcome: 'accepted',
          answeredMark: 0,
          finalOutcome: 'accepted',
          finalMark: 0,
        }),
        criterion({
          criterion: 'pace',
          name: 'Pace',
          originalMark: 0,
          proposedMark: 10,
          outcome: 'changed',
          answeredMark: 5,
          finalOutcome: 'changed',
          finalMark: 5,
        }),
        criterion({ outcome: 'kept', answeredMark: 10, finalOutcome: 'kept', finalMark: 10 }),
      ],
    });
    renderCard({ [LIST]: ({ query }) => ({ body: page(query.status === 'answered' ? [answered] : []) }) });
    fireEvent.click(await screen.findByText('Answered'));
    const row = within(await screen.findByRole('row', { name: 'Dispute of Karim Hossain on 2026-11-20' }));
    expect(row.getByLabelText('Greetings: Accepted: -5 → 0').textContent).toBe('Accepted');
    expect(row.getByLabelText('Pace: Changed: 0 → 5').textContent).toBe('Changed to 5');
    expect(row.getByLabelText('CRM: Kept at 10').textContent).toBe('Kept');
  });

  it('names the choices on the badges of a scorecard other than Standard, the marks beside them', async () => {
    const onCard = dispute({
      status: 'answered',
      dueAt: null,
      scorecardId: 7,
      criteria: [
        criterion({
          criterion: 'questionOrder',
          name: 'Question order',
          originalChoice: 'No',
          originalMark: 0,
          proposedChoice: 'Yes',
          proposedMark: 20,
          outcome: 'changed',
          answeredMark: 10,
          answeredChoice: 'Partly',
          finalOutcome: 'changed',
          finalMark: 10,
          finalChoice: 'Partly',
        }),
        criterion({
          criterion: 'greeting',
          name: 'Greeting',
          originalChoice: 'No',
          originalMark: 0,
          proposedChoice: 'Yes',
          proposedMark: 10,
          outcome: 'accepted',
          answeredMark: 10,
          answeredChoice: 'Yes',
          finalOutcome: 'accepted',
          finalMark: 10,
          finalChoice: 'Yes',
        }),
      ],
    });
    renderCard({ [LIST]: ({ query }) => ({ body: page(query.status === 'answered' ? [onCard] : []) }) });
    fireEvent.click(await screen.findByText('Answered'));
    const row = within(await screen.findByRole('row', { name: 'Dispute of Karim Hossain on 2026-11-20' }));
    expect(row.getByLabelText('Question order: Changed: No → Partly').textContent).toBe('Changed to Partly10');
    expect(row.getByLabelText('Greeting: Accepted: No → Yes').textContent).toBe('Accepted');
    expect(row.getByText('No (0) → Yes (20)')).toBeTruthy();
  });

  it("plays the record's recording in the answer dialog", async () => {
    renderCard({
      [LIST]: { body: page([dispute({ voiceLog: '2026-11-20/20261120-101500_01711000001_AG-1001-all.wav' })]) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Answer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Answer the dispute' }));
    expect(dialog.getByRole('group', { name: 'Recording of the call to +8801711000001 on 2026-11-20' })).toBeTruthy();
    expect(dialog.getByText(/scored by Nadia Rahman/)).toBeTruthy();
  });

  it("shows the server's refusal in the dialog", async () => {
    renderCard({
      [LIST]: { body: page([dispute({})]) },
      'PUT /api/disputes/1/answer': { status: 409, body: { message: DISPUTE_MESSAGES.notOpen } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Answer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Answer the dispute' }));
    fireEvent.click(within(screen.getByLabelText('Outcome of Greetings')).getByLabelText('Accept'));
    fireEvent.click(within(screen.getByLabelText('Outcome of CRM')).getByLabelText('Accept'));
    fireEvent.click(dialog.getByRole('button', { name: 'Save answer' }));
    expect(await dialog.findByText('The answer was not saved')).toBeTruthy();
    expect(dialog.getByText(DISPUTE_MESSAGES.notOpen)).toBeTruthy();
  });
});
