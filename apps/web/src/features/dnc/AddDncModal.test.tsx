// The Add number modal without a server: the list chosen decides the body, a refusal shows under the number, and a
// number already sent to the dialer is said to be pulled.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { AddDncModal } from './AddDncModal.tsx';

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type TFetchCalls = { mock: { calls: [RequestInfo | URL, RequestInit?][] } };

function bodiesSent(fetch: TFetchCalls): unknown[] {
  return fetch.mock.calls
    .filter(([url]) => String(url) === '/api/dnc')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe('AddDncModal', () => {
  it('sends no campaign for the system list, and asks for a number first', async () => {
    const entry = {
      id: 1,
      phoneNumber: '+8801712345678',
      list: 'system',
      campaignName: null,
      reason: '',
      addedBy: 'admin',
      createdAt: '2026-11-26 10:00:00',
    };
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) => (String(url) === '/api/dnc' ? json(entry) : json([])));
    const onClose = vi.fn();
    renderWithApp(<AddDncModal opened onClose={onClose} initialList="all" />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a phone number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: ' 01712345678 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSent(fetch)).toEqual([{ number: '01712345678', reason: '' }]);
  });

  it('warns, as the number is typed, that it was sent to VICIdial and will be pulled; for the list chosen', async () => {
    const warning = 'sent to VICIdial list 1001 on 2026-11-18: it will be pulled';
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      const u = new URL(String(url), 'http://localhost');
      if (u.pathname !== '/api/dialer/sync/sent') return json([]);
      const sent = u.searchParams.get('campaignName') === 'Spring Survey';
      return json({
        phoneNumber: '+8801712345678',
        dialer: 'vicidial',
        leads: sent ? [{ leadId: 7, campaignName: 'Spring Survey', listId: '1001', sentOn: '2026-11-18' }] : [],
        vicidialDncList: 'SURV1',
        warning: sent ? warning : null,
      });
    });
    renderWithApp(<AddDncModal opened onClose={() => undefined} initialList="c:Spring Survey" />);
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '0171' } });
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '01712345678' } });
    expect(await screen.findByText(warning)).toBeTruthy();
    const lookups = fetch.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((u) => u.pathname === '/api/dialer/sync/sent');
    // Looked up once typing paused, with the whole number only.
    expect(lookups.map((u) => Object.fromEntries(u.searchParams))).toEqual([
      { number: '01712345678', campaignName: 'Spring Survey' },
    ]);
  });

  it("sends the campaign of a campaign's list and shows a refusal under the number", async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        String(url) === '/api/dnc' ? json({ message: 'The number is already on that list.' }, 409) : json([]),
      );
    renderWithApp(<AddDncModal opened onClose={() => undefined} initialList="c:Spring Survey" />);
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('The number is already on that list.')).length).toBeGreaterThan(0);
    expect(bodiesSent(fetch)).toEqual([{ number: '01712345678', reason: '', campaignName: 'Spring Survey' }]);
  });
});
