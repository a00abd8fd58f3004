// "Send to dialer" without a server: the card's states (no settings, nothing to send, running live, stopped, finished
// with failures), Start, Cancel with its confirm, Resume, the stream's reconnect and the report download.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import {
  DIALER_SEND_MESSAGES,
  sendCountsText,
  type TDialerSend,
  type TDialerSettingsInput,
  type TDialerSettingsReply,
} from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import { FakeEventSource } from '../../test/fake-event-source.ts';
import { DialerSendCard } from './DialerSendCard.tsx';

/** The stream's events as the card receives them. */
class SendSource extends FakeEventSource {
  send(send: TDialerSend) {
    act(() => this.emit('send', JSON.stringify(send)));
  }
  fail() {
    act(() => this.onerror?.());
  }
}

const lastSource = () => FakeEventSource.all.at(-1) as SendSource | undefined;

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', SendSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  notifications.clean();
});

const SETTINGS: TDialerSettingsInput = {
  campaignName: 'Spring Survey',
  listId: '1001',
  duplicateCheck: 'DUPLIST',
  dncCheck: true,
  campaignDncCheck: false,
  vicidialCampaignId: null,
  rate: 20,
};

const settingsReply = (
  settings: TDialerSettingsInput | null = SETTINGS,
  dialer: TDialerSettingsReply['dialer'] = 'vicidial',
): TDialerSettingsReply => ({
  campaignName: 'Spring Survey',
  dialer,
  settings,
  updatedBy: settings === null ? null : 'admin',
  updatedAt: settings === null ? null : '2025-03-01T10:00:00.000Z',
});

const aSend = (over: Partial<TDialerSend> = {}): TDialerSend => ({
  id: 7,
  campaignName: 'Spring Survey',
  date: '2025-03-02',
  state: 'running',
  listId: '1001',
  rate: 20,
  total: 10,
  pending: 10,
  added: 0,
  duplicate: 0,
  dnc: 0,
  refused: 0,
  failed: 0,
  message: null,
  startedBy: 'admin',
  createdAt: '2025-03-02T08:00:00.000Z',
  finishedAt: null,
  ...over,
});

function renderCard({
  reply = settingsReply(),
  unsent = 0,
  sends = [] as TDialerSend[],
  routes = {} as Record<string, TFakeRoute>,
} = {}) {
  const server = fakeServer({
    'GET /api/dialer/settings': { body: reply },
    'GET /api/dialer/sends': { body: { unsent, sends } },
    ...routes,
  });
  renderWithApp(<DialerSendCard campaignName="Spring Survey" date="2025-03-02" />, { route: '/generateLead' });
  return server;
}

const card = () => within(screen.getByRole('region', { name: 'Send to dialer' }));
const sendButton = () => screen.getByRole('button', { name: 'Send to dialer' }) as HTMLButtonElement;
const figure = (label: string) => within(screen.getByRole('group', { name: label }));
const progress = () => screen.getByRole('progressbar', { name: 'Send progress' });

describe('DialerSendCard', () => {
  it('asks for the VICIdial list of a campaign that has none, and keeps Send to dialer off with that reason', async () => {
    const server = renderCard({ reply: settingsReply(null), unsent: 12 });
    expect(await card().findByText('Set the VICIdial list: press Dialer settings.')).toBeTruthy();
    expect(card().getByText('VICIdial')).toBeTruthy();
    expect(card().getByText('12 generated leads of 2025-03-02 not sent yet')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    expect(card().getByText(DIALER_SEND_MESSAGES.noSettings('Spring Survey'))).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it('says no dialer is set up, and what to set, before anything else', async () => {
    renderCard({ reply: settingsReply(SETTINGS, 'unconfigured'), unsent: 12 });
    expect(await card().findByText('Not set up')).toBeTruthy();
    expect(card().getAllByText(DIALER_SEND_MESSAGES.noDialer).length).toBeGreaterThan(0);
    expect(sendButton().disabled).toBe(true);
  });

  it("shows the campaign's list and rate, and has nothing to send when every generated lead went already", async () => {
    renderCard({
      reply: settingsReply(SETTINGS, 'simulated'),
      unsent: 0,
      sends: [aSend({ state: 'finished', pending: 0, added: 10, finishedAt: '2025-03-02T08:01:00.000Z' })],
    });
    expect(
      await card().findByText('List 1001 · 20 leads a second · duplicates: Same list · DNC: VICIdial'),
    ).toBeTruthy();
    expect(card().getByText('Simulated dialer')).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    expect(card().getByText(DIALER_SEND_MESSAGES.nothingToSend('2025-03-02'))).toBeTruthy();
    expect(card().getByText('Finished')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(FakeEventSource.all).toEqual([]); // a finished send is not streamed
  });

  it('starts a send, shows its progress and counts live, then the final counts in a notification', async () => {
    let sends: TDialerSend[] = [];
    const server = renderCard({
      unsent: 10,
      routes: {
        'GET /api/dialer/sends': () => ({ body: { unsent: sends.length === 0 ? 10 : 0, sends } }),
        'POST /api/dialer/sends': () => {
          sends = [aSend()];
          return { body: { id: 7 } };
        },
      },
    });
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    await waitFor(() => expect(lastSource()?.url).toBe('/api/dialer/sends/7/stream?token=media.token'));
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/dialer/sends',
        query: {},
        body: { campaignName: 'Spring Survey', date: '2025-03-02' },
      },
    ]);
    expect(card().getByText('Running')).toBeTruthy();
    expect(card().getByText(DIALER_SEND_MESSAGES.alreadyRunning(7))).toBeTruthy(); // no second send while it runs

    lastSource()?.send(aSend({ pending: 4, added: 4, duplicate: 1, failed: 1 }));
    expect(progress().getAttribute('aria-valuenow')).toBe('60');
    expect(card().getByText('6 of 10 leads sent (60%)')).toBeTruthy();
    expect(figure('Added').getByText('4')).toBeTruthy();
    expect(figure('Duplicate').getByText('1')).toBeTruthy();
    expect(figure('Failed').getByText('1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel send' })).toBeTruthy();

    const finished = aSend({
      state: 'finished',
      pending: 0,
      added: 7,
      duplicate: 1,
      dnc: 1,
      refused: 1,
      finishedAt: '2025-03-02T08:01:00.000Z',
    });
    sends = [finished];
    lastSource()?.send(finished);
    expect(await screen.findByText('Send #7 finished')).toBeTruthy();
    expect(screen.getByText(sendCountsText(finished))).toBeTruthy();
    expect(progress().getAttribute('aria-valuenow')).toBe('100');
    expect(figure('On DNC').getByText('1')).toBeTruthy();
    expect(figure('Refused').getByText('1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel send' })).toBeNull();
    expect(lastSource()?.closed).toBe(true);
    await waitFor(() => expect(card().getByText(DIALER_SEND_MESSAGES.nothingToSend('2025-03-02'))).toBeTruthy());
    expect(FakeEventSource.all).toHaveLength(1);
  });

  it('opens the stream again with a fresh token when it fails while the send runs', async () => {
    let issued = 0;
    const server = renderCard({
      sends: [aSend({ pending: 5, added: 5 })],
      routes: {
        'GET /api/auth/media-token': () => ({
          body: { token: `tok-${++issued}`, expiresAt: '2030-01-01T00:00:00.000Z' },
        }),
      },
    });
    await waitFor(() => expect(lastSource()?.url).toBe('/api/dialer/sends/7/stream?token=tok-1'));
    lastSource()?.fail();
    expect(await card().findByText('Reconnecting…')).toBeTruthy();
    await waitFor(() => expect(lastSource()?.url).toBe('/api/dialer/sends/7/stream?token=tok-2'), { timeout: 3000 });
    expect(FakeEventSource.all[0]?.closed).toBe(true);
    expect(server.count('GET', '/api/auth/media-token')).toBe(2);
    lastSource()?.send(aSend({ pending: 2, added: 8 }));
    expect(card().getByText('8 of 10 leads sent (80%)')).toBeTruthy();
    expect(card().queryByText('Reconnecting…')).toBeNull();
  });

  it('shows why the dialer stopped a send, and offers Resume', async () => {
    const message = 'ERROR: add_lead USER DOES NOT HAVE PERMISSION TO ADD LEADS TO THE SYSTEM - crmapi|ADD_LEAD';
    renderCard({ sends: [aSend({ state: 'stopped', pending: 8, added: 2, message })] });
    const alert = await card().findByRole('alert', { name: 'The dialer stopped the send' });
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(card().getByText('Stopped')).toBeTruthy();
    expect(card().getByText('2 of 10 leads sent (20%)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel send' })).toBeNull();
  });

  it('offers Resume after a send that finished with failed leads, and follows the resumed send live', async () => {
    const server = renderCard({
      sends: [aSend({ state: 'finished', pending: 0, added: 8, failed: 2 })],
      routes: { 'POST /api/dialer/sends/7/resume': { body: aSend({ pending: 2, added: 8 }) } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(lastSource()?.url).toBe('/api/dialer/sends/7/stream?token=media.token'));
    expect(server.writes()).toEqual([
      { method: 'POST', path: '/api/dialer/sends/7/resume', query: {}, body: undefined },
    ]);
    expect(card().getByText('Running')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('asks before cancelling: Close keeps the send running, Confirm cancels it and says so', async () => {
    let send = aSend({ pending: 6, added: 4 });
    const server = renderCard({
      routes: {
        'GET /api/dialer/sends': () => ({ body: { unsent: 0, sends: [send] } }),
        'POST /api/dialer/sends/7/cancel': () => {
          send = { ...send, state: 'cancelled', finishedAt: '2025-03-02T08:01:00.000Z' };
          return { body: send };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel send' }));
    expect(
      await screen.findByText('Stop send #7 now? The leads not sent yet stay unsent, and Resume sends them later.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(/Stop send #7 now/)).toBeNull());
    expect(server.writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel send' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Send #7 was cancelled')).toBeTruthy();
    expect(server.writes()).toEqual([
      { method: 'POST', path: '/api/dialer/sends/7/cancel', query: {}, body: undefined },
    ]);
    expect(card().getByText('Cancelled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(FakeEventSource.all.every((s) => s.closed)).toBe(true);
  });

  it('keeps the send in view and the settings draft open when the sends cannot be reloaded', async () => {
    let loads = 0;
    renderCard({
      routes: {
        'GET /api/dialer/sends': () =>
          ++loads === 1
            ? { body: { unsent: 0, sends: [aSend({ pending: 4, added: 6 })] } }
            : { status: 503, body: { message: 'The database is busy.' } },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Dialer settings' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Dialer settings of Spring Survey' }));
    fireEvent.change(dialog.getByLabelText(/VICIdial list id/), { target: { value: '4242' } });
    await waitFor(() => expect(lastSource()).toBeDefined());
    lastSource()?.send(aSend({ state: 'finished', pending: 0, added: 10 }));
    const alert = await card().findByRole('alert', { name: 'The sends of this date could not be loaded' });
    expect(within(alert).getByText('The database is busy.')).toBeTruthy();
    expect(card().getByText('10 of 10 leads sent (100%)')).toBeTruthy();
    expect((dialog.getByLabelText(/VICIdial list id/) as HTMLInputElement).value).toBe('4242');
  });

  it("shows the server's refusal to start in its own words", async () => {
    renderCard({
      unsent: 3,
      routes: { 'POST /api/dialer/sends': { status: 409, body: { message: DIALER_SEND_MESSAGES.alreadyRunning(3) } } },
    });
    await waitFor(() => expect(sendButton().disabled).toBe(false));
    fireEvent.click(sendButton());
    const alert = await card().findByRole('alert', { name: 'The send did not start' });
    expect(within(alert).getByText(DIALER_SEND_MESSAGES.alreadyRunning(3))).toBeTruthy();
  });

  it('downloads the report of the latest and of an earlier send through a media token', async () => {
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(`${this.getAttribute('href')} ${this.hasAttribute('download') ? 'downloaded' : 'opened'}`);
    });
    renderCard({
      sends: [
        aSend({ id: 8, state: 'cancelled', pending: 3, added: 7 }),
        aSend({ id: 5, state: 'finished', pending: 0, added: 9, dnc: 1 }),
      ],
    });
    const earlier = await screen.findByRole('table', { name: 'Earlier sends' });
    expect(
      within(earlier).getByText(
        `10 leads: ${sendCountsText({ added: 9, duplicate: 0, dnc: 1, refused: 0, failed: 0 })}`,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Download report' }));
    await waitFor(() => expect(followed).toEqual(['/api/dialer/sends/8/report?token=media.token downloaded']));
    fireEvent.click(within(earlier).getByRole('button', { name: 'Download the report of send #5' }));
    await waitFor(() => expect(followed).toHaveLength(2));
    expect(followed[1]).toBe('/api/dialer/sends/5/report?token=media.token downloaded');
  });
});
