// The dashboard's missed callbacks against a fake server: each one's lead, number, agent, due time, how late, note and
// why it is not offered; the campaign filter asks the server for that campaign's; none, and a failed read with Retry.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TMissedCallbacks } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import { MissedCallbacksCard, lateText } from './MissedCallbacksCard.tsx';

afterEach(() => vi.restoreAllMocks());

const MISSED: TMissedCallbacks = [
  {
    id: 4,
    leadId: 31,
    cellNumber: '+8801711000031',
    respondentName: 'Rahim Uddin',
    campaignName: 'Spring Survey',
    at: '2026-11-18T03:00:00.000Z',
    atText: '2026-11-18 09:00',
    mineOnly: true,
    note: 'After lunch',
    agentId: 'AG-1001',
    agentName: 'Karim Hossain',
    due: true,
    blocked: null,
    hasDraft: true,
    minutesLate: 185,
  },
  {
    id: 5,
    leadId: 32,
    cellNumber: '+8801711000032',
    respondentName: null,
    campaignName: 'Eid Offer',
    at: '2026-11-18T05:30:00.000Z',
    atText: '2026-11-18 11:30',
    mineOnly: false,
    note: '',
    agentId: 'AG-1002',
    agentName: 'Salma Khatun',
    due: true,
    blocked: 'The number is on the do-not-call list',
    hasDraft: false,
    minutesLate: 130,
  },
];

function renderCard(route: TFakeRoute) {
  storeSession(makeToken());
  const server = fakeServer({ 'GET /api/callbacks/missed': route });
  renderWithApp(<MissedCallbacksCard />, { route: '/dashboard' });
  return server;
}

describe('MissedCallbacksCard', () => {
  it('lists every missed callback with its lead, number, campaign, agent, due time, how late and note', async () => {
    renderCard({ body: MISSED });
    const card = within(await screen.findByRole('region', { name: /Missed callbacks/ }));
    const table = within(await card.findByRole('table', { name: 'Missed callbacks' }));
    const rows = table.getAllByRole('row').map((r) => Array.from(r.children, (c) => c.textContent));
    expect(rows).toEqual([
      ['Lead', 'Number', 'Campaign', 'Agent', 'Due', 'Late', 'Note'],
      [
        'Rahim Uddin #31',
        '+8801711000031',
        'Spring Survey',
        'Karim Hossain (AG-1001)theirs only',
        '2026-11-18 09:00',
        '3 h 05 min',
        'After lunch',
      ],
      [
        '— #32',
        '+8801711000032',
        'Eid Offer',
        'Salma Khatun (AG-1002)anyone may call',
        '2026-11-18 11:30',
        '2 h 10 min',
        '—Not offered: The number is on the do-not-call list',
      ],
    ]);
    expect(card.getByLabelText('2 missed').textContent).toBe('2');
  });

  it("asks for one campaign's when one is chosen, and says when it has none", async () => {
    const server = renderCard((request) => ({ body: request.query.campaignName === undefined ? MISSED : [] }));
    const card = within(await screen.findByRole('region', { name: /Missed callbacks/ }));
    await card.findByRole('table', { name: 'Missed callbacks' });
    await card.findByRole('option', { name: 'Spring Survey' });
    fireEvent.change(card.getByLabelText('Campaign'), { target: { value: 'Spring Survey' } });
    expect(await card.findByText('No missed callbacks in Spring Survey.')).toBeTruthy();
    expect(server.sent.filter((r) => r.path === '/api/callbacks/missed').map((r) => r.query)).toEqual([
      {},
      { campaignName: 'Spring Survey' },
    ]);
  });

  it('shows why the list could not be read, with Retry', async () => {
    let reply: { status: number; body: unknown } = {
      status: 503,
      body: { message: 'The server is busy. Try again in a moment.' },
    };
    renderCard(() => reply);
    const alert = within(await screen.findByRole('alert', {}, { timeout: 5000 }));
    expect(alert.getByText('The server is busy. Try again in a moment.')).toBeTruthy();
    reply = { status: 200, body: [] };
    fireEvent.click(alert.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No missed callbacks.')).toBeTruthy();
  });
});

describe('lateText', () => {
  it('says minutes, then hours and minutes, then days and hours', () => {
    expect(lateText(45)).toBe('45 min');
    expect(lateText(125)).toBe('2 h 05 min');
    expect(lateText(3 * 24 * 60 + 4 * 60 + 10)).toBe('3 d 4 h');
  });
});
