// /flag-raised: the open reviews with the agent and the flag, raised concerns first; a player or "No audio available";
// Resolved sends what was typed in Resolved Comment (never the agent's comment), needs something typed, reloads the
// list on success and shows the server's reason on failure.
import '../../../test/jsdom-fonts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QC_MESSAGES } from '@crm/shared';
import { storeSession } from '../../../app/session.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { makeToken } from '../../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../../test/lead-actions-test-fetch.ts';
import { review } from '../../../test/qc-test-data.ts';
import { composeRaisedFlagsPage } from '../../../app/pages.tsx';
import { REVIEW_PROBLEMS } from './review-row.ts';

afterEach(() => vi.restoreAllMocks());

// The page as the app shows it: app/pages.tsx puts the dispute parts on it (features/disputes).
const { default: RaisedFlagsPage } = await composeRaisedFlagsPage();

const OPEN = '/api/qcReport/get-agent-reviews';
const AGREED = review({
  id: 1,
  consumerNumber: '+8801711111111',
  agreed: 'Yes',
  raiseConcern: false,
  comment: 'Fine by me.',
});
const CONCERN = review({
  id: 2,
  consumerNumber: '+8801722222222',
  comment: 'The customer hung up, not me.',
  voiceLog: '2026-03-02/20260302-101500_01722222222_AG-1001-all.wav',
});

function renderFlags(routes: Record<string, TFakeRoute>) {
  storeSession(
    makeToken({
      sub: '3',
      userName: 'qc.rahman',
      name: 'Nadia Rahman',
      roles: [{ roleName: 'QC', roleDescription: 'QC inspector' }],
    }),
  );
  const server = fakeServer(routes);
  renderWithApp(<RaisedFlagsPage />, { route: '/flag-raised' });
  return server;
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Concerned List' }))
    .getAllByRole('row')
    .slice(1);
const rowOf = async (number: string) => {
  const tr = (await screen.findByText(number)).closest('tr');
  if (tr === null) throw new Error(number);
  return within(tr);
};

describe('RaisedFlagsPage', () => {
  it('lists the open reviews, raised concerns first, with the agent, the flag and the recording', async () => {
    renderFlags({ [`GET ${OPEN}`]: { body: [AGREED, CONCERN] } });
    expect(await screen.findByRole('heading', { name: 'Raised Flags' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Concerned List' })).toBeTruthy();
    await screen.findByText('+8801722222222');
    const [first, second] = bodyRows();
    if (first === undefined || second === undefined) throw new Error('two rows expected');
    expect(within(first).getByText('+8801722222222')).toBeTruthy();
    expect(within(first).getByRole('img', { name: 'Concern raised' })).toBeTruthy();
    expect(within(first).getByText('Karim Hossain')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(within(second).getByRole('img', { name: 'No concern' })).toBeTruthy();
    expect(within(second).getByText(QC_MESSAGES.noAudioFlags)).toBeTruthy();
    expect(screen.getByText('1 raised concern, 2 open reviews')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Only raised concerns'));
    expect(bodyRows()).toHaveLength(1);
  });

  it('resolves with what was typed in Resolved Comment, then reloads', async () => {
    let resolved = false;
    const server = renderFlags({
      [`GET ${OPEN}`]: () => ({ body: resolved ? [AGREED] : [AGREED, CONCERN] }),
      'PUT /api/qcReport/agent-review/2': () => {
        resolved = true;
        return { body: { ...CONCERN, isResolved: true, resolvedMessage: 'Moved to the right agent.' } };
      },
    });
    const row = await rowOf('+8801722222222');
    fireEvent.click(row.getByRole('button', { name: 'Resolved' }));
    expect(await row.findByText(REVIEW_PROBLEMS.resolvedComment)).toBeTruthy();
    expect(server.writes()).toEqual([]);

    fireEvent.change(row.getByLabelText('Resolved Comment'), { target: { value: ' Moved to the right agent. ' } });
    fireEvent.click(row.getByRole('button', { name: 'Resolved' }));
    expect(await screen.findByText(QC_MESSAGES.reviewResolved)).toBeTruthy();
    expect(server.writes().map((w) => [w.path, w.body])).toEqual([
      ['/api/qcReport/agent-review/2', { isResolved: true, resolvedMessage: 'Moved to the right agent.' }],
    ]);
    await waitFor(() => expect(screen.queryByText('+8801722222222')).toBeNull());
    expect(screen.getByText('+8801711111111')).toBeTruthy();
  });

  it("shows 'Failed to update review status.' with the server's reason and keeps the row", async () => {
    renderFlags({
      [`GET ${OPEN}`]: { body: [CONCERN] },
      'PUT /api/qcReport/agent-review/2': { status: 403, body: { message: QC_MESSAGES.otherInspector } },
    });
    const row = await rowOf('+8801722222222');
    fireEvent.change(row.getByLabelText('Resolved Comment'), { target: { value: 'Done' } });
    fireEvent.click(row.getByRole('button', { name: 'Resolved' }));
    expect(await screen.findByText(QC_MESSAGES.resolveFailed)).toBeTruthy();
    expect(screen.getByText(QC_MESSAGES.otherInspector)).toBeTruthy();
    expect((row.getByLabelText('Resolved Comment') as HTMLTextAreaElement).value).toBe('Done');
  });

  it('says when there is nothing to resolve', async () => {
    renderFlags({ [`GET ${OPEN}`]: { body: [] } });
    expect(await screen.findByText('Nothing to resolve: every review is resolved.')).toBeTruthy();
  });

  it('shows why the list could not be loaded', async () => {
    renderFlags({ [`GET ${OPEN}`]: { status: 500, body: { message: 'Database is down' } } });
    expect(await screen.findByText('The reviews could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
  });
});
