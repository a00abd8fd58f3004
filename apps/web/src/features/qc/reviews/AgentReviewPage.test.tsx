// /agent-performance: the agent's own records with a player or "No audio file available"; the concern flag toggles
// with its notices and is sent only on submit; Agreed? must be chosen; a submitted review shows read-only and later
// its resolution; a failure shows the server's reason; an admin picks an agent and sees the rows read-only.
import '../../../test/jsdom-fonts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { QC_MESSAGES } from '@crm/shared';
import { storeSession } from '../../../app/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { agentToken, makeToken } from '../../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../../test/lead-actions-test-fetch.ts';
import { agentRecord, paged, review } from '../../../test/qc-test-data.ts';
import { composeAgentReviewPage } from '../../../app/pages.tsx';
import { REVIEW_PROBLEMS } from './review-row.ts';

afterEach(() => vi.restoreAllMocks());

// The page as the app shows it: app/pages.tsx puts the dispute parts on it (features/disputes).
const { default: AgentReviewPage } = await composeAgentReviewPage();

const LIST = '/api/qcReport/list-of-qc-records-by-agent-id';

const OPEN = agentRecord({
  id: 11,
  consumerNumber: '+8801711111111',
  fileName: '20260302-101500_01711111111_AG-1001-all.wav',
});
const SUBMITTED = agentRecord(
  { id: 12, consumerNumber: '+8801722222222' },
  review({ id: 5, qcId: 12, agreed: 'Yes', raiseConcern: false, comment: 'Fair marks.' }),
);
const RESOLVED = agentRecord(
  { id: 13, consumerNumber: '+8801733333333' },
  review({
    id: 6,
    qcId: 13,
    comment: 'Not my call.',
    isResolved: true,
    resolvedMessage: 'Moved to the right agent.',
    resolvedBy: 'qc.rahman',
    resolvedAt: '2026-03-04T08:00:00.000Z',
  }),
);

function renderAsAgent(routes: Record<string, TFakeRoute>, route = '/agent-performance') {
  storeSession(agentToken({ userName: 'AG-1001', agentId: 'AG-1001' }));
  const server = fakeServer(routes);
  renderWithApp(<AgentReviewPage />, { route });
  return server;
}
const location = () => screen.getByTestId('location').textContent;

const row = async (number: string) => {
  const cell = await screen.findByText(number);
  const tr = cell.closest('tr');
  if (tr === null) throw new Error(`no row for ${number}`);
  return within(tr);
};

describe('AgentReviewPage', () => {
  it("lists the agent's own records: inputs on an open one, the review on a written one, the resolution once resolved", async () => {
    const server = renderAsAgent({ [`GET ${LIST}`]: { body: paged([OPEN, SUBMITTED, RESOLVED]) } });
    expect(await screen.findByRole('heading', { name: 'QC Review' })).toBeTruthy();
    const open = await row('+8801711111111');
    expect(open.getByLabelText('Agreed?')).toBeTruthy();
    expect(open.getByPlaceholderText(QC_MESSAGES.commentPlaceholder)).toBeTruthy();
    expect(open.getByRole('button', { name: 'Submit Review' })).toBeTruthy();
    expect(open.getByRole('button', { name: 'Play' })).toBeTruthy();
    // The server takes the agent from the session; the first page of 10, newest first.
    expect(server.sent.find((r) => r.path === LIST)?.query).toEqual({ size: '10' });

    const submitted = await row('+8801722222222');
    expect(submitted.getByText('Fair marks.')).toBeTruthy();
    expect(submitted.getByRole('img', { name: 'No concern' })).toBeTruthy();
    expect(submitted.getByText('Submitted')).toBeTruthy();
    expect(submitted.getByText(QC_MESSAGES.noAudioReview)).toBeTruthy();
    expect(submitted.queryByRole('button', { name: 'Submit Review' })).toBeNull();

    const resolved = await row('+8801733333333');
    expect(resolved.getByRole('img', { name: 'Concern raised' })).toBeTruthy();
    expect(resolved.getByText('Resolved')).toBeTruthy();
    // The resolution reads across the whole table, under its record.
    const resolution = within(
      screen.getByRole('row', { name: 'Resolution of the review of the call to +8801733333333 on 2026-03-02' }),
    );
    expect(resolution.getByText('Moved to the right agent.')).toBeTruthy();
    expect(resolution.getByText(/^by qc\.rahman on 2026-03-04 \d\d:00:00$/)).toBeTruthy();
    expect(screen.queryByRole('row', { name: /^Resolution of the review of the call to \+8801722222222/ })).toBeNull();
  });

  it('toggles the flag with its notices, asks for Agreed?, then submits and shows the review', async () => {
    let reviewed = false;
    const server = renderAsAgent({
      [`GET ${LIST}`]: () => ({
        body: paged([
          reviewed
            ? agentRecord(
                { ...OPEN },
                review({ qcId: 11, agreed: 'No', raiseConcern: true, comment: 'The customer hung up.' }),
              )
            : OPEN,
        ]),
      }),
      'POST /api/qcReport/submit': () => {
        reviewed = true;
        return { body: review({ qcId: 11 }) };
      },
    });
    const open = await row('+8801711111111');
    const flag = open.getByRole('button', { name: 'Raise Concern' });
    expect(flag.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(flag);
    expect(flag.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText(QC_MESSAGES.concernRaised)).toBeTruthy();
    fireEvent.click(flag);
    expect(flag.getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByText(QC_MESSAGES.concernRemoved)).toBeTruthy();
    fireEvent.click(flag);

    fireEvent.click(open.getByRole('button', { name: 'Submit Review' }));
    expect(await open.findByText(REVIEW_PROBLEMS.agreed)).toBeTruthy();
    expect(open.getByText(REVIEW_PROBLEMS.concernComment)).toBeTruthy();
    expect(server.writes()).toEqual([]);

    fireEvent.change(open.getByLabelText('Agreed?'), { target: { value: 'No' } });
    fireEvent.change(open.getByLabelText('Agent Comment'), { target: { value: ' The customer hung up. ' } });
    fireEvent.click(open.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText(QC_MESSAGES.reviewSubmitted)).toBeTruthy();
    expect(server.writes().map((w) => w.body)).toEqual([
      { qcId: 11, agreed: 'No', raiseConcern: true, comment: 'The customer hung up.' },
    ]);

    const after = await row('+8801711111111');
    expect(await after.findByText('The customer hung up.')).toBeTruthy();
    expect(after.getByRole('img', { name: 'Concern raised' })).toBeTruthy();
    expect(after.queryByRole('button', { name: 'Submit Review' })).toBeNull();
  }, 15_000);

  it("shows 'Failed to submit review' with the server's reason and keeps what was typed", async () => {
    renderAsAgent({
      [`GET ${LIST}`]: { body: paged([OPEN]) },
      'POST /api/qcReport/submit': { status: 409, body: { message: QC_MESSAGES.alreadyReviewed } },
    });
    const open = await row('+8801711111111');
    fireEvent.change(open.getByLabelText('Agreed?'), { target: { value: 'Yes' } });
    fireEvent.click(open.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText(QC_MESSAGES.reviewFailed)).toBeTruthy();
    expect(screen.getByText(QC_MESSAGES.alreadyReviewed)).toBeTruthy();
    expect((open.getByLabelText('Agreed?') as HTMLSelectElement).value).toBe('Yes');
  });

  it("lets an admin pick an agent and see that agent's rows read-only", async () => {
    storeSession(makeToken());
    const server = fakeServer({
      'GET /api/qcReport/agents': { body: [{ agentId: 'AG-1001', name: 'Karim Hossain' }] },
      [`GET ${LIST}`]: { body: paged([OPEN, SUBMITTED]) },
    });
    renderWithApp(<AgentReviewPage />, { route: '/agent-performance' });
    await screen.findByPlaceholderText('Choose an agent');
    const picker = screen.getAllByLabelText('Agent').find((el) => el.tagName === 'INPUT');
    if (picker === undefined) throw new Error('no agent picker');
    expect(server.sent.some((r) => r.path === LIST)).toBe(false);
    fireEvent.change(picker, { target: { value: 'Karim' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Karim Hossain (AG-1001)', hidden: true }));
    const open = await row('+8801711111111');
    expect(server.sent.find((r) => r.path === LIST)?.query).toEqual({ agentId: 'AG-1001', size: '10' });
    expect(open.getByText('Not reviewed yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).toBeNull();
    expect((await row('+8801722222222')).getByText('Fair marks.')).toBeTruthy();
  });

  it('keeps the page, size and call dates in the address: a reload or Back shows the same records', async () => {
    const next = '2026-03-01,11';
    const server = renderAsAgent(
      {
        [`GET ${LIST}`]: (req) => ({
          body: req.query.after ? paged([SUBMITTED], 1, 10, 12) : paged([OPEN], 0, 10, 12, { next, previous: null }),
        }),
      },
      '/agent-performance?startDate=2026-03-01&endDate=2026-03-31',
    );
    await row('+8801711111111');
    expect(server.sent.find((r) => r.path === LIST)?.query).toEqual({
      size: '10',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await row('+8801722222222');
    expect(location()).toBe('/agent-performance?after=2026-03-01%2C11&row=2&startDate=2026-03-01&endDate=2026-03-31');
    expect(server.sent.filter((r) => r.path === LIST).at(-1)?.query).toMatchObject({ after: next });
    // A new date starts again at the first page, the other date kept.
    fireEvent.change(screen.getByLabelText('Calls to'), { target: { value: '2026-03-15' } });
    expect(location()).toBe('/agent-performance?startDate=2026-03-01&endDate=2026-03-15');
  });
});
