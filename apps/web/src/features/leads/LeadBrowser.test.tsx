// The lead browser of a campaign with 3,400 leads (136 pages of 25), paged by key: Last reaches the last page at once,
// Previous and Next go by the cursors of the page shown, First comes back; no page numbers. A called lead's calls open
// under its row.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { TCallAttempt, TLead } from '@crm/shared';
import { formatDateTime, formatTimeOfDay } from '../../app/time-zone.ts';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { fakeServer, type TSentRequest } from '../../test/lead-actions-test-fetch.ts';
import { LeadBrowser } from './LeadBrowser.tsx';

afterEach(() => vi.restoreAllMocks());

const TOTAL = 3400;
const LEADS = '/dynamic/leads/Spring Survey';
const DATE = '2025-03-01';

const lead = (n: number): TLead => ({
  id: n,
  did: '',
  data_status: 'valid',
  br_id: 'BR-1',
  region: '',
  territory: '',
  area: '',
  respondent_name: `Respondent ${n}`,
  cell_number: `+8801711${String(n).padStart(6, '0')}`,
  data_date: DATE,
  brand: '',
  target_selector: 'Dhaka',
  for_d: '',
  generate_status: 0,
  is_called: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
});

/** Leads 1 … 3400 of one date, answered by key as the server does (ids in upload order). */
function leadPage(request: TSentRequest) {
  const size = Number(request.query.size);
  const idOf = (cursor: string) => Number(cursor.split(',')[1]);
  let [first, last, number] = [1, Math.min(size, TOTAL), 0];
  if (request.query.after !== undefined)
    [first, last, number] = [idOf(request.query.after) + 1, Math.min(idOf(request.query.after) + size, TOTAL), -1];
  if (request.query.before !== undefined)
    [first, last, number] = [Math.max(idOf(request.query.before) - size, 1), idOf(request.query.before) - 1, -1];
  if (request.query.last !== undefined)
    [first, last, number] = [TOTAL - ((TOTAL - 1) % size), TOTAL, Math.ceil(TOTAL / size) - 1];
  const content = Array.from({ length: last - first + 1 }, (_, i) => lead(first + i));
  const cursors = { next: last < TOTAL ? `${DATE},${last}` : null, previous: first > 1 ? `${DATE},${first}` : null };
  return {
    body: {
      recordCount: TOTAL,
      response: { content, totalElements: TOTAL, totalPages: Math.ceil(TOTAL / size), size, number },
      cursors,
    },
  };
}

describe('LeadBrowser', () => {
  it('reaches the last of 136 pages with Last, steps back and forth by cursor, and comes back with First', async () => {
    storeSession(makeToken());
    const server = fakeServer({ [`GET ${LEADS}`]: leadPage });
    renderWithApp(<LeadBrowser campaign="Spring Survey" onClose={() => undefined} />, { route: '/leads' });
    const browser = within(await screen.findByRole('region', { name: 'Lead browser' }));
    expect(await browser.findByText('Respondent 1')).toBeTruthy();
    expect(browser.getByText('Showing 1 to 25 of 3400 entries')).toBeTruthy();
    expect(browser.queryByRole('button', { name: '2' })).toBeNull();
    const lastQuery = () => server.sent.filter((r) => r.path === LEADS).at(-1)?.query;
    const button = (name: string) => browser.getByRole<HTMLButtonElement>('button', { name });

    fireEvent.click(button('Last page'));
    expect(await browser.findByText('Respondent 3400')).toBeTruthy();
    expect(lastQuery()).toEqual({ size: '25', last: 'true' });
    expect(browser.getByText('Showing 3376 to 3400 of 3400 entries')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);

    fireEvent.click(button('Previous'));
    expect(await browser.findByText('Respondent 3351')).toBeTruthy();
    expect(lastQuery()).toEqual({ size: '25', before: `${DATE},3376` });
    expect(browser.getByText('Showing 3351 to 3375 of 3400 entries')).toBeTruthy();

    fireEvent.click(button('First page'));
    expect(await browser.findByText('Respondent 1')).toBeTruthy();
    expect(lastQuery()).toEqual({ size: '25' });
    expect(button('Previous').disabled).toBe(true);

    fireEvent.click(button('Next'));
    expect(await browser.findByText('Respondent 26')).toBeTruthy();
    expect(lastQuery()).toEqual({ size: '25', after: `${DATE},25` });
    expect(browser.getByText('Showing 26 to 50 of 3400 entries')).toBeTruthy();
    // Five pages of 25 rows of eleven columns drawn in jsdom: seconds on a busy machine.
  }, 20_000);
});

const attempt = (id: number, extra: Partial<TCallAttempt>): TCallAttempt => ({
  id,
  agentId: 'AG-1001',
  agentName: 'Rahim Uddin',
  startedAt: '2026-11-18T04:00:00.000Z',
  endedAt: '2026-11-18T04:04:05.000Z',
  handleSeconds: 245,
  disposition: 'CALLBACK',
  dispositionName: 'Partial / call back',
  dispositionKind: 'callback',
  completed: false,
  dialerCallId: null,
  dialerStatus: null,
  ...extra,
});

describe('LeadBrowser calls', () => {
  it("opens a called lead's attempts under its row (agent, times, handle time, disposition, dialer call) and closes them", async () => {
    storeSession(makeToken());
    const calls = [
      {
        leadId: 1,
        attempts: 2,
        lastDisposition: 'COMPLETE',
        lastDispositionName: 'Completed',
        lastAgentId: 'AG-1002',
        lastCallAt: '2026-11-18T06:10:00.000Z',
      },
      { leadId: 2, attempts: 0, lastDisposition: null, lastDispositionName: null, lastAgentId: null, lastCallAt: null },
    ];
    const server = fakeServer({
      [`GET ${LEADS}`]: {
        body: {
          recordCount: 2,
          response: { content: [lead(1), lead(2)], totalElements: 2, totalPages: 1, size: 25, number: 0 },
          calls,
          cursors: { next: null, previous: null },
        },
      },
      'GET /api/leads/1/attempts': {
        body: [
          attempt(2, {
            agentId: 'AG-1002',
            agentName: 'Karim',
            startedAt: '2026-11-18T06:00:00.000Z',
            endedAt: '2026-11-18T06:10:00.000Z',
            handleSeconds: 600,
            disposition: 'COMPLETE',
            dispositionName: 'Completed',
            dispositionKind: 'completed',
            completed: true,
            dialerCallId: '88123',
            dialerStatus: 'SUCCESS: external_status function set',
          }),
          attempt(1, {}),
        ],
      },
    });
    renderWithApp(<LeadBrowser campaign="Spring Survey" onClose={() => undefined} />, { route: '/leads' });
    const browser = within(await screen.findByRole('region', { name: 'Lead browser' }));
    await browser.findByText('Respondent 2');
    // A lead never called has nothing to open.
    expect(browser.queryByRole('button', { name: /calls of \+8801711000002/ })).toBeNull();

    const open = browser.getByRole('button', { name: 'Show the 2 calls of +8801711000001' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    const section = within(await browser.findByRole('region', { name: 'Calls of +8801711000001' }));
    expect(
      await section.findByText(
        `Last: Completed (COMPLETE) by Karim (AG-1002) at ${formatDateTime('2026-11-18T06:10:00.000Z')}`,
      ),
    ).toBeTruthy();
    const rows = section
      .getAllByRole('row')
      .slice(1)
      .map((r) => Array.from(r.children, (c) => c.textContent));
    expect(rows).toEqual([
      [
        formatDateTime('2026-11-18T06:00:00.000Z'),
        formatTimeOfDay('2026-11-18T06:10:00.000Z', { seconds: true }),
        '10:00',
        'Karim (AG-1002)',
        'CompletedCompleted (COMPLETE)',
        '88123 · VICIdial: SUCCESS: external_status function set',
      ],
      [
        formatDateTime('2026-11-18T04:00:00.000Z'),
        formatTimeOfDay('2026-11-18T04:04:05.000Z', { seconds: true }),
        '4:05',
        'Rahim Uddin (AG-1001)',
        'CallbackPartial / call back (CALLBACK)',
        'typed number',
      ],
    ]);
    expect(server.count('GET', '/api/leads/1/attempts')).toBe(1);

    const close = browser.getByRole('button', { name: 'Hide the calls of +8801711000001' });
    expect(close.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(close);
    expect(browser.queryByRole('region', { name: 'Calls of +8801711000001' })).toBeNull();
  });

  it("shows why a lead's calls could not be read, with Retry", async () => {
    storeSession(makeToken());
    let reply: { status: number; body: unknown } = {
      status: 403,
      body: { message: 'You do not have permission to do that.' },
    };
    fakeServer({
      [`GET ${LEADS}`]: {
        body: {
          recordCount: 1,
          response: { content: [lead(1)], totalElements: 1, totalPages: 1, size: 25, number: 0 },
          calls: [
            {
              leadId: 1,
              attempts: 1,
              lastDisposition: 'NI',
              lastDispositionName: 'Not interested',
              lastAgentId: 'AG-1001',
              lastCallAt: '2026-11-18T06:10:00.000Z',
            },
          ],
          cursors: { next: null, previous: null },
        },
      },
      'GET /api/leads/1/attempts': () => reply,
    });
    renderWithApp(<LeadBrowser campaign="Spring Survey" onClose={() => undefined} />, { route: '/leads' });
    const browser = within(await screen.findByRole('region', { name: 'Lead browser' }));
    fireEvent.click(await browser.findByRole('button', { name: 'Show the 1 call of +8801711000001' }));
    const alert = within(await browser.findByRole('alert'));
    expect(alert.getByText('You do not have permission to do that.')).toBeTruthy();
    reply = {
      status: 200,
      body: [attempt(1, { disposition: 'NI', dispositionName: 'Not interested', dispositionKind: 'final' })],
    };
    fireEvent.click(alert.getByRole('button', { name: 'Retry' }));
    expect(await browser.findByText(/^Last: Not interested \(NI\) by Rahim Uddin/)).toBeTruthy();
  });
});
