// A send's VICIdial line on the card without a server: its leads pulled since (do-not-call, full quota) and callbacks
// as done/waiting/refused, each refusal in VICIdial's words, the refused ones sent again; nothing before there is any.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TDialerSend, TDialerSyncSummary } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import { DialerSendCard } from './DialerSendCard.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const SEND: TDialerSend = {
  id: 7,
  campaignName: 'Spring Survey',
  date: '2025-03-02',
  state: 'finished',
  listId: '1001',
  rate: 20,
  total: 10,
  pending: 0,
  added: 10,
  duplicate: 0,
  dnc: 0,
  refused: 0,
  failed: 0,
  message: null,
  startedBy: 'admin',
  createdAt: '2025-03-02T08:00:00.000Z',
  finishedAt: '2025-03-02T08:01:00.000Z',
};

const summary = (over: Partial<TDialerSyncSummary> = {}): TDialerSyncSummary => ({
  dialer: 'vicidial',
  pulls: { done: 0, waiting: 0, refused: 0 },
  callbacks: { done: 0, waiting: 0, refused: 0 },
  waitingReason: null,
  refusals: [],
  ...over,
});

function renderCard(routes: Record<string, TFakeRoute>) {
  const server = fakeServer({
    'GET /api/dialer/settings': {
      body: { campaignName: 'Spring Survey', dialer: 'vicidial', settings: null, updatedBy: null, updatedAt: null },
    },
    'GET /api/dialer/sends': { body: { unsent: 0, sends: [SEND] } },
    ...routes,
  });
  renderWithApp(<DialerSendCard campaignName="Spring Survey" date="2025-03-02" />, { route: '/generateLead' });
  return server;
}

describe('SendDialerSync', () => {
  it("shows the send's pulls and callbacks in VICIdial, each refusal in its words, and sends the refused ones again", async () => {
    let retried = false;
    const server = renderCard({
      'GET /api/dialer/sync/sends/7': () => ({
        body: retried
          ? summary({ pulls: { done: 5, waiting: 0, refused: 0 }, callbacks: { done: 3, waiting: 0, refused: 0 } })
          : summary({
              pulls: { done: 5, waiting: 0, refused: 0 },
              callbacks: { done: 2, waiting: 0, refused: 1 },
              refusals: [
                {
                  action: 'lead_callback',
                  phoneNumber: '+8801712345678',
                  leadId: 42,
                  message:
                    'SUCCESS: update_lead LEAD HAS BEEN UPDATED - ***|1000 · NOTICE: update_lead SCHEDULED CALLBACK NOT ADDED, USER NOT VALID - 1000|SURV1|AG9|',
                  at: '2025-03-02 15:00:00',
                },
              ],
            }),
      }),
      'POST /api/dialer/sync/retry': () => {
        retried = true;
        return { body: { message: '1 refused request goes to VICIdial again.', retried: 1 } };
      },
    });
    const vicidial = within(await screen.findByRole('region', { name: 'VICIdial' }));
    expect(vicidial.getByText('pulled from the dialer: 5, waiting: 0, refused: 0')).toBeTruthy();
    expect(vicidial.getByText('callbacks in VICIdial: 2, waiting: 0, refused: 1')).toBeTruthy();
    expect(
      vicidial.getByText(
        /\+8801712345678, lead 42 \(callback\) at 2025-03-02 15:00:00: .*SCHEDULED CALLBACK NOT ADDED, USER NOT VALID/,
      ),
    ).toBeTruthy();
    fireEvent.click(vicidial.getByRole('button', { name: 'Try the refused again' }));
    expect(await screen.findByText('1 refused request goes to VICIdial again.')).toBeTruthy();
    expect(await vicidial.findByText('callbacks in VICIdial: 3, waiting: 0, refused: 0')).toBeTruthy();
    expect(server.writes()).toEqual([
      { method: 'POST', path: '/api/dialer/sync/retry', query: {}, body: { sendId: 7 } },
    ]);
  });

  it('shows nothing while nothing of the send went to VICIdial after it', async () => {
    const server = renderCard({ 'GET /api/dialer/sync/sends/7': { body: summary() } });
    expect(await screen.findByRole('region', { name: 'Send #7' })).toBeTruthy();
    await waitFor(() => expect(server.count('GET', '/api/dialer/sync/sends/7')).toBe(1));
    expect(screen.queryByRole('region', { name: 'VICIdial' })).toBeNull();
  });
});
