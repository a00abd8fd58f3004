// /editCampaign/:id: the heading names the campaign, and a taken name (409) shows under the name field.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { notifications } from '@mantine/notifications';
import { CAMPAIGN_MESSAGES, type TCampaign } from '@crm/shared';
import { fieldError } from '../../test/field-error.ts';
import { renderWithApp } from '../../test/render.tsx';
import EditCampaignPage from './EditCampaignPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const CAMPAIGN: TCampaign = {
  id: 7,
  campaignId: 'SPR',
  campaignName: 'Spring Survey',
  campaignType: 'Outbound',
  callTarget: 30,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
  callbackGraceMinutes: 90,
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderPage(update: () => Response) {
  const fetch = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (url, init) => (init?.method === 'PUT' ? update() : json(200, CAMPAIGN)));
  renderWithApp(
    <Routes>
      <Route path="/editCampaign/:id" element={<EditCampaignPage />} />
    </Routes>,
    { route: '/editCampaign/7' },
  );
  return fetch;
}

describe('EditCampaignPage', () => {
  it('names the campaign in its heading', async () => {
    renderPage(() => json(200, CAMPAIGN));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Campaign: Spring Survey' })).toBeTruthy();
  });

  it("shows a taken name under the name field and in 'Update failed!', and stays", async () => {
    const message = 'A campaign named "Eid Offer" already exists';
    const fetch = renderPage(() => json(409, { message, code: 'DUPLICATE', field: 'campaignName' }));
    const name = (await screen.findByLabelText(/Campaign name/)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Eid Offer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CAMPAIGN_MESSAGES.updateFailed)).toBeTruthy();
    await waitFor(() => expect(fieldError(name)).toBe(message));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      id: 7,
      campaignType: 'Outbound',
      campaignName: 'Eid Offer',
      campaignId: 'SPR',
      callTarget: 30,
      status: true,
      callbackGraceMinutes: 90,
    });
    expect(screen.getByTestId('location').textContent).toBe('/editCampaign/7');
  });

  it("edits the campaign's callback grace: its own shown, the new one saved, back to the list", async () => {
    const fetch = renderPage(() => json(200, { ...CAMPAIGN, callbackGraceMinutes: 45 }));
    const grace = (await screen.findByLabelText(/Callback grace/)) as HTMLInputElement;
    expect(grace.value).toBe('90');
    fireEvent.change(grace, { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/campaign'));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({ id: 7, callbackGraceMinutes: 45 });
  });

  it('refuses a callback grace past 7 days under its field, and sends nothing', async () => {
    const fetch = renderPage(() => json(200, CAMPAIGN));
    const grace = (await screen.findByLabelText(/Callback grace/)) as HTMLInputElement;
    fireEvent.change(grace, { target: { value: '10081' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError(grace)).toBe('Callback grace must be at most 10080 (7 days)'));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("says 'Request failed! Please fill up all the necessary fields' for a blank name, and sends nothing", async () => {
    const fetch = renderPage(() => json(200, CAMPAIGN));
    const name = (await screen.findByLabelText(/Campaign name/)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CAMPAIGN_MESSAGES.requiredFields)).toBeTruthy();
    expect(fieldError(name)).toBe('Campaign name is required');
    expect(screen.queryByText(CAMPAIGN_MESSAGES.updateFailed)).toBeNull();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
