// /qcQueue: the calls the address filters, with chips and claims; Score next (button and N) claims with the filters
// and opens the QC panel on the call; "No call left" and other refusals shown; Release of an own claim; admins only
// get the settings, whose form refuses what the server refuses; 15 calls a page by default, the size kept in the
// address; the hint of how Score next picks; the progress tables say what they count.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TQcQueueCall, TQcQueuePage } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import QcQueuePage from './QcQueuePage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const INSPECTOR = makeToken({
  sub: '4',
  userName: 'nadia',
  name: 'Nadia Rahman',
  roles: [{ roleName: 'QC', roleDescription: 'QC inspector' }],
});

function call(recordingId: number, over: Partial<TQcQueueCall> = {}): TQcQueueCall {
  return {
    recordingId,
    callDate: '2026-11-20',
    callTime: `09:${String(recordingId).padStart(2, '0')}:00`,
    fileName: `20261120-09${String(recordingId).padStart(2, '0')}00_0175550230${recordingId}_AG-1001-all.wav`,
    phoneNumber: `0175550230${recordingId}`,
    agentUserId: 7,
    agentId: 'AG-1001',
    agentName: 'Karim Hossain',
    campaignId: 1,
    campaignName: 'Spring Survey',
    durationSec: 95,
    checks: {
      status: 'done',
      durationSec: 95,
      sampleRate: 8000,
      channels: [],
      deadAir: { totalSec: 12, longestSec: 4, holds: [] },
      clippingShare: 0,
      tooQuiet: false,
      holdSeconds: 30,
    },
    claim: null,
    ...over,
  };
}

const paged = (content: TQcQueueCall[]): TQcQueuePage => ({
  recordCount: content.length,
  response: { content, totalElements: content.length, totalPages: 1, size: 15, number: 0 },
});
const location = () => screen.getByTestId('location').textContent;
const LIST = 'GET /api/qcQueue/pagination/0/15';

function renderQueue(route: string, routes: Record<string, TFakeRoute>, token = INSPECTOR) {
  storeSession(token);
  const server = fakeServer({ [LIST]: { body: paged([]) }, ...routes });
  renderWithApp(<QcQueuePage />, { route });
  return server;
}

/** Spring Survey's suspicious settings of its own (not the defaults), whose thresholds the queue's save sends back. */
const SPRING_FLAGS = {
  campaignId: 1,
  campaignName: 'Spring Survey',
  minHandleSeconds: 90,
  hourlyLimit: 10,
  flaggedFirst: true,
  isDefault: false,
};

describe('QcQueuePage', () => {
  it('lists the calls the address filters, with their chips and claims', async () => {
    const expiresAt = new Date(Date.now() + 14.5 * 60_000).toISOString();
    const server = renderQueue('/qcQueue?campaignName=Spring%20Survey&date=2026-11-20', {
      [LIST]: {
        body: paged([
          call(1, {
            claim: {
              id: 9,
              inspectorId: 4,
              inspectorName: 'Nadia Rahman',
              claimedAt: expiresAt,
              expiresAt,
              mine: true,
            },
          }),
          call(2),
        ]),
      },
    });
    const table = await screen.findByRole('table', { name: 'Calls to score' });
    await within(table).findByText('01755502302');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toMatch(
      /09:01:00.*Karim Hossain \(AG-1001\).*01755502301.*1:35.*Dead air 12 s.*You · 14 min left/,
    );
    expect(rows[2]?.textContent).toContain('Free');
    expect(within(rows[2]!).queryByRole('button', { name: /Release/ })).toBeNull();
    expect(server.sent.find((r) => r.path === '/api/qcQueue/pagination/0/15')?.query).toEqual({
      campaignName: 'Spring Survey',
      date: '2026-11-20',
    });
  });

  it('claims with the filters on Score next and on N, and opens the QC panel on the call', async () => {
    const server = renderQueue('/qcQueue?campaignName=Spring%20Survey', {
      'POST /api/qcQueue/claim': {
        body: call(3, {
          claim: {
            id: 11,
            inspectorId: 4,
            inspectorName: 'Nadia Rahman',
            claimedAt: '2026-11-26T10:00:00.000Z',
            expiresAt: '2026-11-26T10:15:00.000Z',
            mine: true,
          },
        }),
      },
    });
    await screen.findByText(/No call left to score with these filters/);
    fireEvent.keyDown(window, { key: 'n' });
    await waitFor(() =>
      expect(location()).toBe(
        '/qcChecking?campaignName=Spring+Survey&consumerNumber=01755502303&callDate=2026-11-20&file=20261120-090300_01755502303_AG-1001-all.wav&queue=1&queueCampaign=Spring+Survey',
      ),
    );
    expect(server.writes()).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/qcQueue/claim', body: { campaignName: 'Spring Survey' } }),
    ]);
  });

  it('says when no call is left, and does not take N typed into a field', async () => {
    const server = renderQueue('/qcQueue', {
      'POST /api/qcQueue/claim': { status: 404, body: { message: 'No call left to score', code: 'NO_CALL_LEFT' } },
    });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Call date' }), { key: 'n' });
    expect(server.writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /Score next/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No call left to score');
    // An answer, told by its code: blue, not a failure's red.
    expect(alert.getAttribute('style')).toContain('blue');
    expect(location()).toBe('/qcQueue');
  });

  it('shows a 404 without the NO_CALL_LEFT code as a failure, whatever its words', async () => {
    renderQueue('/qcQueue', {
      'POST /api/qcQueue/claim': { status: 404, body: { message: 'No call left to score' } },
    });
    fireEvent.click(screen.getByRole('button', { name: /Score next/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No call left to score');
    expect(alert.getAttribute('style')).toContain('red');
  });

  it('releases an own claim and asks for the list again', async () => {
    const expiresAt = new Date(Date.now() + 10 * 60_000).toISOString();
    const server = renderQueue('/qcQueue', {
      [LIST]: {
        body: paged([
          call(1, {
            claim: {
              id: 9,
              inspectorId: 4,
              inspectorName: 'Nadia Rahman',
              claimedAt: expiresAt,
              expiresAt,
              mine: true,
            },
          }),
        ]),
      },
      'DELETE /api/qcQueue/claim/9': { body: { message: 'Claim released' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Release the call of 01755502301' }));
    await screen.findByText('Claim released');
    await waitFor(() => expect(server.count('GET', '/api/qcQueue/pagination/0/15')).toBeGreaterThan(1));
  });

  it('gives admins the settings, refusing a target of 0 in the schema’s words and saving a good one', async () => {
    const server = renderQueue(
      '/qcQueue',
      {
        'GET /api/qcQueue/settings': {
          body: [
            { campaignId: 1, campaignName: 'Spring Survey', targetPerAgentDay: 5, minDurationSec: 30, isDefault: true },
          ],
        },
        'PUT /api/qcQueue/settings/Spring Survey': {
          body: {
            campaignId: 1,
            campaignName: 'Spring Survey',
            targetPerAgentDay: 4,
            minDurationSec: 20,
            isDefault: false,
          },
        },
        'GET /api/suspicious/settings': { body: [{ ...SPRING_FLAGS, flaggedFirst: true }] },
        'PUT /api/suspicious/settings/Spring Survey': { body: { ...SPRING_FLAGS, flaggedFirst: false } },
      },
      makeToken(),
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    const target = await screen.findByLabelText('Target per agent and day');
    fireEvent.change(target, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Target per agent and day must be at least 1')).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.change(target, { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Minimum duration (seconds)'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({ method: 'PUT', body: { targetPerAgentDay: 4, minDurationSec: 20 } }),
      ]),
    );
  });

  it('shows "Flagged calls first" on the Settings tab and saves it with the others, the suspicious thresholds as read', async () => {
    const server = renderQueue(
      '/qcQueue',
      {
        'GET /api/qcQueue/settings': {
          body: [
            { campaignId: 1, campaignName: 'Spring Survey', targetPerAgentDay: 5, minDurationSec: 30, isDefault: true },
          ],
        },
        'PUT /api/qcQueue/settings/Spring Survey': {
          body: {
            campaignId: 1,
            campaignName: 'Spring Survey',
            targetPerAgentDay: 5,
            minDurationSec: 30,
            isDefault: false,
          },
        },
        'GET /api/suspicious/settings': { body: [{ ...SPRING_FLAGS, flaggedFirst: true }] },
        'PUT /api/suspicious/settings/Spring Survey': { body: { ...SPRING_FLAGS, flaggedFirst: false } },
      },
      makeToken(),
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    const flagged = await screen.findByRole('checkbox', { name: /Flagged calls first/ });
    expect((flagged as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('table', { name: 'Settings of every campaign' }).textContent).toContain(
      'Flagged calls first',
    );
    fireEvent.click(flagged);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.writes()).toEqual([
        expect.objectContaining({ method: 'PUT', body: { targetPerAgentDay: 5, minDurationSec: 30 } }),
        expect.objectContaining({
          method: 'PUT',
          body: { minHandleSeconds: 90, hourlyLimit: 10, flaggedFirst: false },
        }),
      ]),
    );
  });

  it('asks for 15 calls a page, another size on choosing it (kept in the address, back to page one)', async () => {
    const server = renderQueue('/qcQueue?campaignName=Spring%20Survey&page=2', {
      'GET /api/qcQueue/pagination/1/15': { body: paged([call(1)]) },
      'GET /api/qcQueue/pagination/0/25': { body: paged([call(1)]) },
    });
    const sizes = await screen.findByRole('combobox', { name: 'Show entries' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['15', '25', '50', '100']);
    await waitFor(() => expect(server.count('GET', '/api/qcQueue/pagination/1/15')).toBe(1));
    fireEvent.change(sizes, { target: { value: '25' } });
    await waitFor(() => expect(server.count('GET', '/api/qcQueue/pagination/0/25')).toBe(1));
    expect(location()).toBe('/qcQueue?campaignName=Spring+Survey&size=25');
  });

  it('says beside the tabs how Score next picks, as the button’s description', async () => {
    renderQueue('/qcQueue', {});
    const button = await screen.findByRole('button', { name: /Score next/ });
    const hint = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'Score next takes the first free call: the oldest day, then the agent furthest below target, their oldest call',
    );
  });

  it('says what each progress table counts; the inspectors’ day is Today unless a date is chosen', async () => {
    const progress = {
      date: '2026-11-20',
      weekStart: '2026-11-16',
      agentDays: [
        {
          callDate: '2026-11-20',
          campaignName: 'Spring Survey',
          agentId: 'AG-1001',
          agentName: 'Karim Hossain',
          scored: 2,
          target: 3,
        },
      ],
      inspectors: [{ inspectorId: 4, inspectorName: 'Nadia Rahman', today: 5, week: 9 }],
    };
    renderQueue('/qcQueue?date=2026-11-20', { 'GET /api/qcQueue/progress': { body: progress } });
    fireEvent.click(await screen.findByRole('tab', { name: 'Progress' }));
    const agents = await screen.findByRole('region', { name: 'Progress per agent and day' });
    expect(agents.textContent).toContain('QC records of the agent’s calls of that day, against the campaign’s target.');
    expect(agents.textContent).toMatch(/Karim Hossain \(AG-1001\).*2 \/ 3/);
    const inspectors = screen.getByRole('region', { name: 'Progress per inspector' });
    expect(inspectors.textContent).toContain('QC records made that day and that week, whatever the calls’ dates.');
    expect(
      within(inspectors)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Inspector', '2026-11-20', 'Week']);
  });

  it('shows inspectors no settings tab', async () => {
    renderQueue('/qcQueue', {});
    await screen.findByRole('tab', { name: 'Progress' });
    expect(screen.queryByRole('tab', { name: 'Settings' })).toBeNull();
  });
});
