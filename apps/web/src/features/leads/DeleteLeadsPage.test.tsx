// /deleteLeads (docs/product.md §4, §8): campaign, then date; the confirmation names how many leads go and how many have
// answers; Close sends nothing; success goes to /leads; failure says so with the server's reason.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LEAD_MESSAGES } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import DeleteLeadsPage from './DeleteLeadsPage.tsx';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';

afterEach(() => vi.restoreAllMocks());

function renderPage(routes: Record<string, TFakeRoute> = {}) {
  const server = fakeServer(routes);
  renderWithApp(<DeleteLeadsPage />, { route: '/deleteLeads' });
  return server;
}

const CONFIRM_TEXT =
  'This deletes all 150 leads of 2025-03-02 from Spring Survey; 18 of them have survey answers, which are lost too. This cannot be undone.';

async function chooseCampaignAndDate() {
  await screen.findByRole('option', { name: 'Spring Survey' });
  expect(screen.queryByLabelText('Data date')).toBeNull();
  fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'Spring Survey' } });
  await screen.findByRole('option', { name: '2025-03-02' });
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  fireEvent.change(screen.getByLabelText('Data date'), { target: { value: '2025-03-02' } });
  await screen.findByRole('button', { name: 'Delete' });
}

describe('DeleteLeadsPage', () => {
  it('says how many leads go and how many have answers; Close sends nothing', async () => {
    const server = renderPage();
    await chooseCampaignAndDate();
    expect(
      screen.getByText(
        '150 leads: 120 fresh, 30 generated (10 not called yet), 20 called; 18 leads have survey answers.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(CONFIRM_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(CONFIRM_TEXT)).toBeNull());
    expect(server.writes()).toEqual([]);
  });

  it('deletes the date on Confirm, says so and goes to /leads', async () => {
    const server = renderPage({
      'DELETE /dynamic/deleteLead': { body: { rowsDeleted: 150, message: LEAD_MESSAGES.deleted } },
    });
    await chooseCampaignAndDate();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(LEAD_MESSAGES.deleted)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/leads'));
    expect(server.writes()).toEqual([
      {
        method: 'DELETE',
        path: '/dynamic/deleteLead',
        query: { tableName: 'Spring Survey', dataDate: '2025-03-02' },
        body: undefined,
      },
    ]);
  });

  it("shows the failure with the server's reason and stays", async () => {
    renderPage({
      'DELETE /dynamic/deleteLead': { status: 400, body: { message: 'dataDate must be a date written yyyy-MM-dd' } },
    });
    await chooseCampaignAndDate();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert', { name: LEAD_MESSAGES.deleteFailed });
    expect(within(alert).getByText('dataDate must be a date written yyyy-MM-dd')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/deleteLeads');
  });

  it('says a campaign without leads has nothing to delete', async () => {
    renderPage();
    await screen.findByRole('option', { name: 'Old Promo (inactive)' });
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'Old Promo' } });
    expect(await screen.findByText('Old Promo has no leads yet. Upload a CSV file first.')).toBeTruthy();
  });
});
