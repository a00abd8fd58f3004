// The Add number modal without a server: the list chosen decides the body, and a refusal shows under the number.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { AddDncModal } from './AddDncModal.tsx';

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type TFetchCalls = { mock: { calls: [RequestInfo | URL, RequestInit?][] } };

function bodiesSent(fetch: TFetchCalls): unknown[] {
  return fetch.mock.calls.filter(([url]) => String(url) === '/api/dnc').map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

describe('AddDncModal', () => {
  it('sends no campaign for the system list, and asks for a number first', async () => {
    const entry = { id: 1, phoneNumber: '+8801712345678', list: 'system', campaignName: null, reason: '', addedBy: 'admin', createdAt: '2026-11-26 10:00:00' };
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => (String(url) === '/api/dnc' ? json(entry) : json([])));
    const onClose = vi.fn();
    renderWithApp(<AddDncModal opened onClose={onClose} initialList="all" />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a phone number')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: ' 01712345678 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodiesSent(fetch)).toEqual([{ number: '01712345678', reason: '' }]);
  });

  it("sends the campaign of a campaign's list and shows a refusal under the number", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) =>
      String(url) === '/api/dnc' ? json({ message: 'The number is already on that list.' }, 409) : json([]),
    );
    renderWithApp(<AddDncModal opened onClose={() => undefined} initialList="c:Spring Survey" />);
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '01712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('The number is already on that list.')).length).toBeGreaterThan(0);
    expect(bodiesSent(fetch)).toEqual([{ number: '01712345678', reason: '', campaignName: 'Spring Survey' }]);
  });
});
