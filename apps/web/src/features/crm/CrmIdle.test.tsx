// The agent's idle /CRM (docs/guide/call-loop.md, Callbacks and The agent's shift): callbacks due now and later today, each
// one click (or one key) to call with its draft or partial answers coming back, blocked ones with their reason and no
// call; the shift's figures; the lists asked again after a save.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TCallback, TCallDraft, TMyShift } from '@crm/shared';
import {
  CELL,
  LEAD,
  NO_CALLS,
  press,
  renderCrm,
  saveCompletedCall,
  searchNumber,
  surveyRegion,
} from '../../test/crm-calls.ts';

// Each test walks whole calls (search, survey, end, save): on a busy two-core machine that outlives vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const callback = (id: number, more: Partial<TCallback> = {}): TCallback => ({
  id,
  leadId: 12,
  cellNumber: CELL,
  respondentName: 'Rahim Uddin',
  campaignName: 'Mobile Survey',
  at: '2026-11-20T09:00:00.000Z',
  atText: '2026-11-20 15:00',
  mineOnly: true,
  note: 'After lunch',
  agentId: 'A-100',
  agentName: 'Rahim Uddin',
  due: true,
  blocked: null,
  hasDraft: false,
  ...more,
});
const BLOCKED = callback(2, {
  leadId: 13,
  cellNumber: '+8801812345678',
  respondentName: 'Fatema Begum',
  blocked: 'Do not call: on the campaign list since 2026-11-20',
  note: '',
});
const LATER = callback(3, {
  leadId: 14,
  cellNumber: '+8801912345670',
  respondentName: 'Alam Mia',
  due: false,
  mineOnly: false,
  agentName: 'Karim Ahmed',
  note: '',
});
const SHIFT: TMyShift = {
  since: '2026-11-20T03:00:00.000Z',
  calls: 14,
  completed: 9,
  callbacksSet: 3,
  averageHandleSeconds: 185,
  callTarget: 40,
  callsToday: 14,
  callbacksDue: 1,
};

describe('the idle screen: callbacks', () => {
  it('lists due callbacks first with a Call button, blocked ones with their reason and none, and later ones', async () => {
    renderCrm({ 'GET /api/callbacks': { body: { dueCount: 1, callbacks: [callback(1), BLOCKED, LATER] } } });
    const table = await screen.findByRole('table', { name: 'Callbacks (1 due)' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText(/^Due \d{2}:\d{2}$/)).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('· After lunch', { exact: false })).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: `Call ${CELL}` })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Do not call: on the campaign list since 2026-11-20')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(rows[2] as HTMLElement).getByText('Anyone (Karim Ahmed)')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByRole('button', { name: 'Call +8801912345670' })).toBeTruthy();
  });

  it('calls one in one click: the search runs and the partial answers come back at the question they stopped at', async () => {
    const server = renderCrm({
      'GET /api/callbacks': { body: { dueCount: 1, callbacks: [callback(1)] } },
      'GET /api/ap/getByNumber': { body: { ...LEAD, Q1: 'No', Q2: 'Partial Call' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: `Call ${CELL}` }));
    const survey = await surveyRegion();
    expect(await within(survey).findByRole('heading', { name: 'Q2. Why not?' })).toBeTruthy();
    expect(within(survey).getByText('Resumed at Q2', { exact: false })).toBeTruthy();
    expect(server.sent.find((r) => r.path === '/api/ap/getByNumber')?.query).toEqual({
      tableName: 'Mobile Survey',
      cellNumber: CELL,
      leadId: '12',
    });
  });

  it("opens the callback's own lead when its number was generated on another date too", async () => {
    const older = { ...LEAD, id: 40, respondent_name: 'Nazma Akter', data_date: '2026-11-18' };
    const server = renderCrm({
      'GET /api/callbacks': {
        body: { dueCount: 1, callbacks: [callback(1, { leadId: 40, respondentName: 'Nazma Akter' })] },
      },
      // The number's newest lead is LEAD (12): only a lookup naming lead 40 gets the callback's.
      'GET /api/ap/getByNumber': (request) => ({ body: request.query.leadId === '40' ? older : LEAD }),
    });
    fireEvent.click(await screen.findByRole('button', { name: `Call ${CELL}` }));
    const survey = await surveyRegion();
    expect(screen.getAllByText('Nazma Akter').length).toBeGreaterThan(0);
    expect(screen.queryByText('Rahim Uddin')).toBeNull();
    expect(within(survey).getByRole('heading', { name: 'Q1. Do you smoke?' })).toBeTruthy();
    expect(server.sent.filter((r) => r.path === '/api/ap/getByNumber').map((r) => r.query.leadId)).toEqual(['40']);
  });

  it("brings the agent's own draft of the lead back, with what was typed", async () => {
    const draft: TCallDraft = {
      leadId: 12,
      cellNumber: CELL,
      respondentName: 'Rahim Uddin',
      path: ['Q1', 'Q2'],
      currentQno: 'Q2',
      answers: { Q1: 'No', Q2: 'Busy, call at six' },
      leadVersion: 4,
      updatedAt: '2026-11-20T08:00:01.000Z',
    };
    const partial = {
      leadId: 12,
      cellNumber: CELL,
      respondentName: 'Rahim Uddin',
      savedAt: '2026-11-20T08:00:00.000Z',
      isCalled: 0,
      stoppedAt: 'Q2',
    };
    renderCrm({
      'GET /api/callbacks': { body: { dueCount: 1, callbacks: [callback(1, { hasDraft: true })] } },
      // The draft a Partial Call left: listed as the partial call it is, not opened on arrival.
      'GET /api/ap/myCalls': { body: { ...NO_CALLS, drafts: [draft], recentCalls: [partial] } },
      'GET /api/ap/getByNumber': { body: { ...LEAD, Q1: 'No', Q2: 'Partial Call', version: 4 } },
    });
    const toResume = await screen.findByRole('table', { name: 'Calls to resume (today)' });
    expect(within(toResume).getByText('Partial at Q2')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Survey' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: `Call ${CELL}` }));
    const survey = await surveyRegion();
    expect(((await within(survey).findByLabelText('Answer to Q2')) as HTMLInputElement).value).toBe(
      'Busy, call at six',
    );
    expect(
      within(survey).getByText(
        'Resumed at Q2, where your partial call stopped: the answers so far and what you typed here are back.',
      ),
    ).toBeTruthy();
  });

  it('takes the first due callback with Alt+N, passing over a blocked one', async () => {
    const server = renderCrm({
      'GET /api/callbacks': { body: { dueCount: 2, callbacks: [BLOCKED, callback(1), LATER] } },
    });
    await screen.findByRole('button', { name: `Call ${CELL}` });
    expect(
      screen.getByText("next task: the dialer's waiting call, else the first callback due", { exact: false }),
    ).toBeTruthy();
    press('n', { altKey: true });
    await surveyRegion();
    expect(
      server.sent.filter((r) => r.path === '/api/ap/getByNumber').map((r) => [r.query.cellNumber, r.query.leadId]),
    ).toEqual([[CELL, '12']]);
  });

  it('says so when there is none', async () => {
    renderCrm();
    expect(await screen.findByText('No callback due today. A callback disposition sets one.')).toBeTruthy();
  });

  it('says so when they cannot be listed, and searching still works', async () => {
    renderCrm({
      'GET /api/callbacks': { status: 503, body: { message: 'The database is busy. Try again in a moment.' } },
    });
    expect(
      await screen.findByText('Your callbacks could not be listed: The database is busy. Try again in a moment..'),
    ).toBeTruthy();
    searchNumber();
    expect(await surveyRegion()).toBeTruthy();
  });

  it('asks for the callbacks and the shift again after a save', async () => {
    const server = renderCrm({ 'GET /api/ap/myShift': { body: SHIFT } });
    await screen.findByText('No callback due today. A callback disposition sets one.');
    const before = { callbacks: server.count('GET', '/api/callbacks'), shift: server.count('GET', '/api/ap/myShift') };
    await saveCompletedCall();
    await screen.findByText('Saved as Completed. Search the next number.');
    await waitFor(() => expect(server.count('GET', '/api/callbacks')).toBeGreaterThan(before.callbacks));
    await waitFor(() => expect(server.count('GET', '/api/ap/myShift')).toBeGreaterThan(before.shift));
  });
});

describe('the idle screen: the shift', () => {
  it('shows calls, completed, callbacks set, the average handle time and the calls today against the target', async () => {
    renderCrm({ 'GET /api/ap/myShift': { body: SHIFT } });
    const shift = await screen.findByRole('region', { name: 'Your shift' });
    expect(within(shift).getByText(/^Your shift since \d{2}:\d{2}$/)).toBeTruthy();
    expect(within(shift).getByTestId('shift-Calls').textContent).toBe('14');
    expect(within(shift).getByTestId('shift-Completed').textContent).toBe('9');
    expect(within(shift).getByTestId('shift-Callbacks set').textContent).toBe('3');
    expect(within(shift).getByTestId('shift-Average handle time').textContent).toBe('03:05');
    expect(within(shift).getByTestId('shift-target').textContent).toBe('Calls today: 14 of 40');
  });

  it('shows no average before the first call and no target the campaign does not set', async () => {
    renderCrm({
      'GET /api/ap/myShift': {
        body: {
          ...SHIFT,
          calls: 0,
          completed: 0,
          callbacksSet: 0,
          averageHandleSeconds: null,
          callTarget: null,
          callsToday: 0,
        },
      },
    });
    const shift = await screen.findByRole('region', { name: 'Your shift' });
    expect(within(shift).getByTestId('shift-Average handle time').textContent).toBe('—');
    expect(within(shift).getByTestId('shift-target').textContent).toBe('Calls today: 0 (no call target)');
  });
});
