// /dnc's VICIdial line without a server: the pulls as done/waiting/refused, why some wait (reloaded until VICIdial
// answers), each refusal in VICIdial's words, the refused ones sent again; nothing at all without a dialer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TDialerSyncSummary } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { DncDialerSync } from './DncDialerSync.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const summary = (over: Partial<TDialerSyncSummary> = {}): TDialerSyncSummary => ({
  dialer: 'vicidial',
  pulls: { done: 3, waiting: 0, refused: 1 },
  callbacks: { done: 0, waiting: 0, refused: 0 },
  waitingReason: null,
  refusals: [
    {
      action: 'lead_dnc',
      phoneNumber: '+8801712345678',
      leadId: 42,
      message: 'ERROR: update_lead NO MATCHES FOUND IN THE SYSTEM - ***||42|',
      at: '2026-11-18 10:00:00',
    },
  ],
  ...over,
});

describe('DncDialerSync', () => {
  it("shows the pulls and each refusal in VICIdial's words, and sends the refused ones again", async () => {
    let retried = false;
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (String(url) === '/api/dialer/sync/retry' && init?.method === 'POST') {
        retried = true;
        return json({ message: '1 refused request goes to VICIdial again.', retried: 1 });
      }
      return json(retried ? summary({ pulls: { done: 4, waiting: 0, refused: 0 }, refusals: [] }) : summary());
    });
    renderWithApp(<DncDialerSync />);
    expect(await screen.findByText('pulled from the dialer: 3, waiting: 0, refused: 1')).toBeTruthy();
    expect(
      screen.getByText(
        '+8801712345678, lead 42 (do-not-call) at 2026-11-18 10:00:00: ERROR: update_lead NO MATCHES FOUND IN THE SYSTEM - ***||42|',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try the refused again' }));
    expect(await screen.findByText('1 refused request goes to VICIdial again.')).toBeTruthy();
    expect(await screen.findByText('pulled from the dialer: 4, waiting: 0, refused: 0')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try the refused again' })).toBeNull();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => init?.body)).toEqual([
      '{}',
    ]);
  });

  it('says why some wait, and reloads until VICIdial has answered them', async () => {
    let calls = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      calls += 1;
      return json(
        calls === 1
          ? summary({
              pulls: { done: 0, waiting: 2, refused: 0 },
              refusals: [],
              waitingReason: 'The dialer answered HTTP 500.',
            })
          : summary({ pulls: { done: 2, waiting: 0, refused: 0 }, refusals: [] }),
      );
    });
    renderWithApp(<DncDialerSync />);
    expect(
      await screen.findByText('Waiting for VICIdial to answer (tried again and again): The dialer answered HTTP 500.'),
    ).toBeTruthy();
    expect(
      await screen.findByText('pulled from the dialer: 2, waiting: 0, refused: 0', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/Waiting for VICIdial/)).toBeNull();
  });

  it('shows nothing when no dialer is set up and nothing was ever sent to one', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () =>
        json(summary({ dialer: 'unconfigured', pulls: { done: 0, waiting: 0, refused: 0 }, refusals: [] })),
      );
    renderWithApp(<DncDialerSync />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'VICIdial' })).toBeNull();
  });
});
