// "From the queue" in the new-session form: the queue's calls of the chosen campaign are listed; Add fills a call row
// as adding by number would (campaign, number, date, its recording), once; Save sends it like any other call.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TQcQueueCall, TQcQueuePage, TUser, TVoiceFile } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { CreateSessionModal } from './CreateSessionModal.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const CHECKS: TQcQueueCall['checks'] = {
  status: 'done',
  durationSec: 95,
  sampleRate: 8000,
  channels: [],
  deadAir: { totalSec: 12, longestSec: 4, holds: [] },
  clippingShare: 0,
  tooQuiet: false,
  holdSeconds: 30,
};
const FILE = '20261120-091500_01712345678_AG-1001-all.wav';
const QUEUED: TQcQueueCall = {
  recordingId: 5,
  callDate: '2026-11-20',
  callTime: '09:15:00',
  fileName: FILE,
  phoneNumber: '01712345678',
  agentUserId: 7,
  agentId: 'AG-1001',
  agentName: 'Karim Hossain',
  campaignId: 1,
  campaignName: 'Mobile',
  durationSec: 95,
  checks: CHECKS,
  claim: null,
};
const QUEUE: TQcQueuePage = {
  recordCount: 1,
  response: { content: [QUEUED], totalElements: 1, totalPages: 1, size: 25, number: 0 },
};
const user = (id: number, name: string): TUser => ({
  id,
  username: `qc${id}`,
  name,
  role: 'QC',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  mfaEnrolled: false,
});
const RECORDING: TVoiceFile = {
  dateTime: '2026-11-20 09:15:00',
  phoneNumber: '01712345678',
  campaignName: 'Mobile',
  agentId: 'AG-1001',
  fileName: FILE,
  duration: 95,
  checks: null,
};

type TSent = { method: string; path: string; query: Record<string, string>; body: unknown };

/** fetch answered by "METHOD /path" replies; every request kept. */
function fakeFetch(
  replies: Record<string, unknown>,
  failing: Record<string, { status: number; message: string }> = {},
): TSent[] {
  const sent: TSent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const request = {
      method,
      path: decodeURIComponent(url.pathname),
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    sent.push(request);
    const key = `${method} ${request.path}`;
    const failure = failing[key];
    if (failure !== undefined)
      return new Response(JSON.stringify({ message: failure.message }), {
        status: failure.status,
        headers: { 'content-type': 'application/json' },
      });
    const found = key in replies;
    return new Response(JSON.stringify(found ? replies[key] : { message: 'Not found.' }), {
      status: found ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

const REPLIES = {
  'GET /cc/campaigns': [
    {
      id: 1,
      campaignId: 'C1',
      campaignName: 'Mobile',
      campaignType: 'Outbound',
      callTarget: 5,
      status: true,
      createAt: '2025-01-01T00:00:00.000Z',
    },
  ],
  'GET /api/users': {
    recordCount: 2,
    response: {
      content: [user(3, 'Karim Q'), user(4, 'Akter Q')],
      totalElements: 2,
      totalPages: 1,
      size: 500,
      number: 0,
    },
  },
  'GET /api/qcQueue/pagination/0/25': QUEUE,
  'GET /api/voicelog/search': {
    content: [RECORDING],
    totalElements: 1,
    totalPages: 1,
    size: 100,
    number: 0,
    first: true,
    last: true,
  },
  'POST /api/calibration': {
    id: 9,
    name: 'Nov',
    deadline: '2099-12-31',
    closesAt: '2100-01-01T00:00:00.000Z',
    status: 'open',
    closedAt: null,
    createdBy: 'admin',
    createdAt: '2026-11-26T00:00:00.000Z',
    callCount: 1,
    inspectorCount: 2,
    scoringCount: 0,
    scoredByMe: 0,
  },
};

describe('CreateSessionModal, From the queue', () => {
  it('lists the queue of the chosen campaign and adds a call as a row with its number, date and recording', async () => {
    storeSession(makeToken());
    const sent = fakeFetch(REPLIES);
    renderWithApp(<CreateSessionModal opened onClose={vi.fn()} />, { route: '/calibration' });
    const dialog = await screen.findByRole('dialog');

    fireEvent.click(within(dialog).getByRole('tab', { name: 'From the queue' }));
    expect(within(dialog).getByText(/Choose a campaign to list its calls/)).toBeTruthy();
    const campaign = within(dialog).getByLabelText('Queue campaign');
    await waitFor(() =>
      expect(
        within(campaign)
          .getAllByRole('option')
          .some((o) => o.textContent === 'Mobile'),
      ).toBe(true),
    );
    fireEvent.change(campaign, { target: { value: 'Mobile' } });
    const add = await within(dialog).findByRole('button', {
      name: 'Add the call of 01712345678 at 2026-11-20 09:15:00',
    });
    const asked = sent.find((r) => r.path === '/api/qcQueue/pagination/0/25');
    expect(asked?.query).toEqual({ campaignName: 'Mobile' });
    expect(within(dialog).getByRole('table', { name: 'Queue calls' }).textContent).toContain('Karim Hossain (AG-1001)');

    fireEvent.click(add);
    await waitFor(() => expect(add.textContent).toBe('Added'));
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByRole('tab', { name: 'Calls (1)' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('tab', { name: 'Calls (1)' }));
    expect((within(dialog).getByLabelText('Call 1 number') as HTMLInputElement).value).toBe('01712345678');
    expect((within(dialog).getByLabelText('Call 1 date') as HTMLInputElement).value).toBe('2026-11-20');
    expect((within(dialog).getByLabelText('Call 1 campaign') as HTMLSelectElement).value).toBe('Mobile');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Call 1 recording') as HTMLSelectElement).value).toBe(FILE),
    );

    // Saved like a call added by number.
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Nov' } });
    fireEvent.change(within(dialog).getByLabelText(/^Deadline/), { target: { value: '2099-12-31' } });
    const inspectors = within(dialog).getByLabelText(/^Inspectors/);
    for (const [first, option] of [
      ['Karim', 'Karim Q (qc3)'],
      ['Akter', 'Akter Q (qc4)'],
    ] as const) {
      fireEvent.change(inspectors, { target: { value: first } });
      fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'POST')).toBe(true));
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Nov',
      deadline: '2099-12-31',
      inspectorIds: [3, 4],
      calls: [{ campaignName: 'Mobile', consumerNumber: '01712345678', callDate: '2026-11-20', fileName: FILE }],
    });
  }, 20_000);

  it('shows why the queue could not be read, with Retry', async () => {
    storeSession(makeToken());
    const sent = fakeFetch(REPLIES, {
      'GET /api/qcQueue/pagination/0/25': { status: 403, message: 'Only admins and QC inspectors may do this' },
    });
    renderWithApp(<CreateSessionModal opened onClose={vi.fn()} />, { route: '/calibration' });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'From the queue' }));
    const campaign = within(dialog).getByLabelText('Queue campaign');
    await waitFor(() =>
      expect(
        within(campaign)
          .getAllByRole('option')
          .some((o) => o.textContent === 'Mobile'),
      ).toBe(true),
    );
    fireEvent.change(campaign, { target: { value: 'Mobile' } });
    await within(dialog).findByText('Only admins and QC inspectors may do this');
    const asked = () => sent.filter((r) => r.path === '/api/qcQueue/pagination/0/25').length;
    const before = asked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(asked()).toBe(before + 1));
  }, 20_000);
});
