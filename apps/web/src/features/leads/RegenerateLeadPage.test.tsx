// /reGenerateLead (docs/product.md §4, §8): campaign first, then date and targets with each selector's uncalled leads;
// success says how many were added and shows the new figures; failure says so with the server's reason.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { LEAD_MESSAGES } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer, SUMMARY, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import RegenerateLeadPage from './RegenerateLeadPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  // Mantine shows five notifications at once and queues the rest: each test starts with none.
  notifications.clean();
});

function renderPage(routes: Record<string, TFakeRoute> = {}) {
  const server = fakeServer(routes);
  renderWithApp(<RegenerateLeadPage />, { route: '/reGenerateLead' });
  return server;
}

async function chooseCampaignAndDate() {
  await screen.findByRole('option', { name: 'Spring Survey' });
  expect(screen.queryByLabelText('Data date')).toBeNull();
  fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'Spring Survey' } });
  await screen.findByRole('option', { name: '2025-03-02' });
  expect(screen.queryByLabelText('North')).toBeNull();
  fireEvent.change(screen.getByLabelText('Data date'), { target: { value: '2025-03-02' } });
  await screen.findByLabelText('North');
}

describe('RegenerateLeadPage', () => {
  it("shows each selector's generated leads not called yet, and refuses blank targets without a call", async () => {
    const server = renderPage();
    await chooseCampaignAndDate();
    expect(screen.getByText('10 generated not called yet; 90 fresh of 120; 12 br_id groups')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('North'), { target: { value: '3' } });
    // 3 in each of 12 groups is 36, but only 10 are uncalled.
    expect(
      screen.getByText('10 generated not called yet; 90 fresh of 120; 12 br_id groups → up to 10 leads'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('North'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText(LEAD_MESSAGES.noTargets)).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it('says how many leads were added, stays, empties the targets and shows the new figures', async () => {
    let summaries = 0;
    const server = renderPage({
      'GET /dynamic/leadSummary/Spring Survey': () => {
        summaries += 1;
        return { body: summaries === 1 ? SUMMARY : { ...SUMMARY, fresh: 112, generated: 38 } };
      },
      'POST /dynamic/reGenerateData': { body: { rowsRegenerated: 8, batch: 2, message: 'x' } },
    });
    await chooseCampaignAndDate();
    fireEvent.change(screen.getByLabelText('North'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect((await screen.findAllByText(LEAD_MESSAGES.regenerated(8))).length).toBeGreaterThan(0);
    expect(await screen.findByText('150 leads: 112 fresh, 38 generated (10 not called yet), 20 called')).toBeTruthy();
    expect((screen.getByLabelText('North') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('location').textContent).toBe('/reGenerateLead');
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/dynamic/reGenerateData',
        query: { tableName: 'Spring Survey', dataDate: '2025-03-02' },
        body: { North: 4 },
      },
    ]);
  });

  it('says when no generated lead of the date waits to be called', async () => {
    renderPage({
      'GET /dynamic/leadSummary/Spring Survey': {
        body: { ...SUMMARY, uncalled: 0, selectors: SUMMARY.selectors.map((s) => ({ ...s, uncalled: 0 })) },
      },
    });
    await chooseCampaignAndDate();
    expect(
      screen.getByText('No generated lead of this date is waiting to be called: regenerate has nothing to top up.'),
    ).toBeTruthy();
  });

  it('says the count is unavailable when the reply has none', async () => {
    renderPage({ 'POST /dynamic/reGenerateData': { body: { message: 'done' } } });
    await chooseCampaignAndDate();
    fireEvent.change(screen.getByLabelText('North'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect((await screen.findAllByText(LEAD_MESSAGES.regeneratedNoCount)).length).toBeGreaterThan(0);
  });

  it("shows the failure with the server's reason", async () => {
    renderPage({
      'POST /dynamic/reGenerateData': {
        status: 500,
        body: { message: 'Something went wrong on the server. Please try again.' },
      },
    });
    await chooseCampaignAndDate();
    fireEvent.change(screen.getByLabelText('North'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    const alert = await screen.findByRole('alert', { name: LEAD_MESSAGES.regenerateFailed });
    expect(within(alert).getByText('Something went wrong on the server. Please try again.')).toBeTruthy();
  });

  it('asks before topping up every group, naming at most how many, and sends all=true', async () => {
    const server = renderPage({
      'POST /dynamic/reGenerateData': { body: { rowsRegenerated: 10, batch: 2, message: 'x' } },
    });
    await chooseCampaignAndDate();
    fireEvent.click(screen.getByLabelText('Top up every br_id group by its leads not called yet'));
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(
      await screen.findByText(
        'This generates up to 10 more fresh leads of 2025-03-02 in Spring Survey: each br_id group gets as many as it has generated leads not called yet.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.query).toEqual({ tableName: 'Spring Survey', dataDate: '2025-03-02', all: 'true' });
  });

  it('says how many leads were held back because their number is on a do-not-call list', async () => {
    renderPage({
      'POST /dynamic/reGenerateData': { body: { rowsRegenerated: 8, batch: 2, heldBack: 12, message: 'x' } },
    });
    await chooseCampaignAndDate();
    fireEvent.change(screen.getByLabelText('North'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(
      (await screen.findAllByText(`${LEAD_MESSAGES.regenerated(8)} (12 held back: do not call or quota full)`)).length,
    ).toBeGreaterThan(0);
  });
});
