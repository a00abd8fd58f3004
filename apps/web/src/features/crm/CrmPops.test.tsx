// The dialer's calls on the agent's /CRM (docs/guide/call-loop.md, Screen pop): a pop from /api/ap/popStream opens the lead at
// Q1 with no click; a call on screen is never replaced (the new call waits in a banner until it is saved); VICIdial's
// web form address opens its call and leaves the address.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { SCREEN_POP_CODES, type TCallDraft, type TScreenPop } from '@crm/shared';
import { FakeEventSource } from '../../test/fake-event-source.ts';
import {
  CELL,
  confirmEnd,
  LEAD,
  NO_CALLS,
  press,
  renderCrm as renderCrmPage,
  searchNumber,
  surveyRegion,
} from '../../test/crm-calls.ts';
import type { TFakeRoute } from '../../test/lead-actions-test-fetch.ts';

// Each test walks whole calls (search, survey, end, save): on a busy two-core machine that outlives vitest's 5 s.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

const OTHER = '+8801812345679';
const OTHER_LEAD = { ...LEAD, id: 13, cell_number: OTHER, respondent_name: 'Fatema Begum' };
const pop = (more: Partial<TScreenPop> = {}): TScreenPop => ({
  dialerLeadId: '4711',
  phoneNumber: '1712345678',
  vendorLeadCode: '12',
  connectedAt: new Date(Date.now() - 65_000).toISOString(),
  source: 'vicidial',
  campaignName: 'Mobile Survey',
  leadId: 12,
  cellNumber: CELL,
  ...more,
});

/** Answers each lookup by its number: the campaign's two leads. */
const byNumber: TFakeRoute = (request) => ({ body: request.query.cellNumber === OTHER ? OTHER_LEAD : LEAD });

const renderCrm = (routes: Record<string, TFakeRoute> = {}, route = '/CRM') =>
  renderCrmPage({ 'GET /api/ap/getByNumber': byNumber, ...routes }, route);

/** The pop stream as the screen opened it (with a media token). */
async function popStream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.all.map((s) => s.url)).toContain('/api/ap/popStream?token=media.token'));
  const stream = FakeEventSource.all.find((s) => s.url.startsWith('/api/ap/popStream'));
  if (stream === undefined) throw new Error('no pop stream');
  return stream;
}

const lookups = (sent: { path: string; query: Record<string, string> }[]) =>
  sent.filter((r) => r.path === '/api/ap/getByNumber').map((r) => r.query);

describe('a screen pop', () => {
  it("opens the popped lead at Q1 with no click, its lookup naming the dialer's call and our lead, the timer from the connection", async () => {
    const server = renderCrm();
    await screen.findByText('No callback due today. A callback disposition sets one.');
    (await popStream()).emit('pop', JSON.stringify(pop()));
    const survey = await surveyRegion();
    expect(within(survey).getByRole('heading', { name: 'Q1. Do you smoke?' })).toBeTruthy();
    expect(lookups(server.sent)).toEqual([
      { tableName: 'Mobile Survey', cellNumber: CELL, dialerCallId: '4711', leadId: '12' },
    ]);
    expect(within(survey).getByRole('timer', { name: 'Call time' }).textContent).toMatch(/^01:0[5-7]$/);
  });

  it("times the call from the server's record of its start when the lookup gives it", async () => {
    renderCrm({
      'GET /api/ap/getByNumber': { body: { ...LEAD, callStartedAt: new Date(Date.now() - 125_000).toISOString() } },
    });
    (await popStream()).emit('pop', JSON.stringify(pop()));
    const survey = await surveyRegion();
    expect(within(survey).getByRole('timer', { name: 'Call time' }).textContent).toMatch(/^02:0[5-7]$/);
  });

  it('never replaces a call on screen: the new call waits in a banner, taken once the call is saved', async () => {
    const server = renderCrm();
    searchNumber();
    const survey = await surveyRegion();
    press('1');
    (await popStream()).emit(
      'pop',
      JSON.stringify(
        pop({ dialerLeadId: '4712', leadId: 13, vendorLeadCode: '13', cellNumber: OTHER, phoneNumber: '1812345679' }),
      ),
    );

    const banner = await screen.findByRole('alert', { name: 'Next call from the dialer' });
    expect(
      within(banner).getByText(
        `The dialer put a new call through: ${OTHER}. It waits until this call is saved or parked (Partial Call).`,
      ),
    ).toBeTruthy();
    const take = within(banner).getByRole('button', { name: 'Take call' }) as HTMLButtonElement;
    expect(take.disabled).toBe(true);
    // The call on screen is untouched.
    expect((within(survey).getByRole('radio', { name: '1 Yes' }) as HTMLInputElement).checked).toBe(true);
    expect(lookups(server.sent)).toHaveLength(1);

    press('Enter');
    await confirmEnd();
    await screen.findByText('Saved as Completed. Search the next number.');
    await waitFor(() => expect(take.disabled).toBe(false));
    expect(within(banner).getByText(`The dialer put a new call through: ${OTHER}. Take it now.`)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(take));
    fireEvent.click(take);
    await screen.findByText('Fatema Begum');
    expect(screen.queryByRole('alert', { name: 'Next call from the dialer' })).toBeNull();
    expect(lookups(server.sent).at(-1)).toEqual({
      tableName: 'Mobile Survey',
      cellNumber: OTHER,
      dialerCallId: '4712',
      leadId: '13',
    });
  });

  it('takes the waiting call with Alt+N once the screen is free, and lets the agent dismiss one', async () => {
    const server = renderCrm();
    searchNumber();
    await surveyRegion();
    const stream = await popStream();
    stream.emit('pop', JSON.stringify(pop({ dialerLeadId: '4712', leadId: 13, cellNumber: OTHER })));
    const banner = await screen.findByRole('alert', { name: 'Next call from the dialer' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert', { name: 'Next call from the dialer' })).toBeNull();

    stream.emit('pop', JSON.stringify(pop({ dialerLeadId: '4713', leadId: 13, cellNumber: OTHER })));
    await screen.findByRole('alert', { name: 'Next call from the dialer' });
    press('1');
    press('Enter');
    await confirmEnd();
    await screen.findByText('Saved as Completed. Search the next number.');
    press('n', { altKey: true });
    await screen.findByText('Fatema Begum');
    expect(lookups(server.sent).at(-1)?.dialerCallId).toBe('4713');
  });

  it('does not show the call on screen again when the stream repeats its pop', async () => {
    renderCrm();
    const stream = await popStream();
    stream.emit('pop', JSON.stringify(pop()));
    await surveyRegion();
    // The stream's handler sets state at once: flushing React's updates shows whatever it set.
    await act(async () => stream.emit('pop', JSON.stringify(pop())));
    expect(screen.queryByRole('alert', { name: 'Next call from the dialer' })).toBeNull();
    await act(async () =>
      stream.emit('pop', JSON.stringify(pop({ dialerLeadId: '4712', leadId: 13, cellNumber: OTHER }))),
    );
    expect(screen.getByRole('alert', { name: 'Next call from the dialer' })).toBeTruthy();
  });
});

describe('pops that are not a new call of this screen', () => {
  it('opens nothing for a call of another campaign (the agent signed in again since)', async () => {
    const server = renderCrm();
    await screen.findByText('No callback due today. A callback disposition sets one.');
    await act(async () => (await popStream()).emit('pop', JSON.stringify(pop({ campaignName: 'Old Promo' }))));
    expect(screen.queryByRole('region', { name: 'Survey' })).toBeNull();
    expect(screen.queryByRole('alert', { name: 'Next call from the dialer' })).toBeNull();
    expect(lookups(server.sent)).toEqual([]);
  });

  it('shows no banner for the call resumed on screen when the stream replays its pop after a reload', async () => {
    const draft: TCallDraft = {
      leadId: 12,
      cellNumber: CELL,
      respondentName: 'Rahim Uddin',
      path: ['Q1'],
      currentQno: 'Q1',
      answers: { Q1: 'Yes' },
      leadVersion: 3,
      updatedAt: new Date().toISOString(),
    };
    renderCrm({ 'GET /api/ap/myCalls': { body: { ...NO_CALLS, drafts: [draft] } } });
    const stream = await popStream();
    // The replay comes while the call left unfinished is being looked up, or once it is on screen: either way, no banner.
    await act(async () => stream.emit('pop', JSON.stringify(pop())));
    const survey = await surveyRegion();
    expect(within(survey).getByText('Resumed at Q1', { exact: false })).toBeTruthy();
    await act(async () => stream.emit('pop', JSON.stringify(pop({ dialerLeadId: '4799' }))));
    expect(screen.queryByRole('alert', { name: 'Next call from the dialer' })).toBeNull();
  });
});

describe("VICIdial's web form", () => {
  const ADDRESS = '/CRM?phone_number=1712345678&vendor_lead_code=12&lead_id=4711&user=A-100';

  it('opens its call for the signed-in agent and leaves the address', async () => {
    const server = renderCrm({ 'POST /api/ap/webFormPop': { body: pop({ source: 'webform' }) } }, ADDRESS);
    const survey = await surveyRegion();
    expect(within(survey).getByRole('heading', { name: 'Q1. Do you smoke?' })).toBeTruthy();
    expect(server.sent.filter((r) => r.path === '/api/ap/webFormPop').map((r) => [r.method, r.body])).toEqual([
      ['POST', { phone_number: '1712345678', vendor_lead_code: '12', lead_id: '4711', user: 'A-100' }],
    ]);
    expect(lookups(server.sent)).toEqual([
      { tableName: 'Mobile Survey', cellNumber: CELL, dialerCallId: '4711', leadId: '12' },
    ]);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/CRM'));
  });

  it('opens the lead its vendor_lead_code names when the number has another lead too, also from a server without webFormPop', async () => {
    const older = { ...LEAD, id: 40, respondent_name: 'Nazma Akter', data_date: '2026-11-18' };
    const server = renderCrm(
      {
        'POST /api/ap/webFormPop': { status: 404, body: { message: 'Route POST:/api/ap/webFormPop not found' } },
        // The number's newest lead is LEAD (12); lead 40 is the same number's lead of an earlier date.
        'GET /api/ap/getByNumber': (request) => ({ body: request.query.leadId === '40' ? older : LEAD }),
      },
      '/CRM?phone_number=1712345678&vendor_lead_code=40&lead_id=4711&user=A-100',
    );
    await surveyRegion();
    expect(await screen.findByText('Nazma Akter')).toBeTruthy();
    expect(lookups(server.sent)).toEqual([
      { tableName: 'Mobile Survey', cellNumber: '1712345678', dialerCallId: '4711', leadId: '40' },
    ]);
  });

  it("shows the server's refusal (another VICIdial user) and opens nothing", async () => {
    const refusal = 'This web form is for VICIdial user 6002, and you are signed in as 6001';
    const server = renderCrm(
      {
        'POST /api/ap/webFormPop': {
          status: 403,
          body: { message: refusal, code: SCREEN_POP_CODES.otherVicidialUser },
        },
      },
      ADDRESS,
    );
    const alert = await screen.findByText(refusal);
    expect(alert.closest('[role="alert"]')?.textContent).toContain("VICIdial's web form did not open a call");
    expect(lookups(server.sent)).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Survey' })).toBeNull();
  });

  it('lets a call left unfinished resume first: the web form call waits in its banner', async () => {
    const draft: TCallDraft = {
      leadId: 13,
      cellNumber: OTHER,
      respondentName: 'Fatema Begum',
      path: ['Q1'],
      currentQno: 'Q1',
      answers: { Q1: 'No' },
      leadVersion: 3,
      updatedAt: new Date().toISOString(),
    };
    renderCrm(
      {
        'POST /api/ap/webFormPop': { body: pop({ source: 'webform' }) },
        'GET /api/ap/myCalls': { body: { ...NO_CALLS, drafts: [draft] } },
      },
      ADDRESS,
    );
    await screen.findByText('Fatema Begum');
    const banner = await screen.findByRole('alert', { name: 'Next call from the dialer' });
    expect(
      within(banner).getByText(
        `The dialer put a new call through: ${CELL}. It waits until this call is saved or parked (Partial Call).`,
      ),
    ).toBeTruthy();
  });
});
