// The client's landing page: its name, a card per campaign with links to the campaign's results and client QC records,
// and the server's words with a retry when the account cannot be read.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TClientMe } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { fakeServer } from '../../test/lead-actions-test-fetch.ts';
import ClientHomePage from './ClientHomePage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const ME: TClientMe = {
  name: 'Radiant Foods',
  campaigns: [
    { campaignId: 4, campaignName: 'Spring Survey' },
    { campaignId: 9, campaignName: 'Winter & Co' },
  ],
  recordingsAllowed: false,
};

const clientToken = () => makeToken({ roles: [{ roleName: 'CLIENT', roleDescription: 'Client' }] });

describe('ClientHomePage', () => {
  it("shows the account's name and each campaign with its results and client QC records links", async () => {
    storeSession(clientToken());
    fakeServer({ 'GET /api/clients/me': { body: ME } });
    renderWithApp(<ClientHomePage />, { route: '/client' });
    expect(await screen.findByRole('heading', { name: 'Radiant Foods', level: 1 })).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Winter & Co' });
    expect(within(card).getByRole('link', { name: 'Survey results of Winter & Co' }).getAttribute('href')).toBe(
      '/results?campaignName=Winter+%26+Co',
    );
    expect(within(card).getByRole('link', { name: 'Client QC records of Winter & Co' }).getAttribute('href')).toBe(
      '/QcRecordsClient?search=Winter+%26+Co',
    );
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'))).toEqual([
      'Spring Survey',
      'Winter & Co',
    ]);
    expect(screen.getByText(/recordings are not shared with this account/)).toBeTruthy();
  });

  it("shows the server's words and reads again on Retry", async () => {
    storeSession(clientToken());
    let up = false;
    fakeServer({
      'GET /api/clients/me': () =>
        up ? { body: ME } : { status: 503, body: { message: 'The database is not answering' } },
    });
    renderWithApp(<ClientHomePage />, { route: '/client' });
    const alert = await screen.findByRole('alert', { name: /Your campaigns could not be loaded/ }, { timeout: 10_000 });
    expect(within(alert).getByText('The database is not answering')).toBeTruthy();
    up = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Radiant Foods', level: 1 })).toBeTruthy());
  });
});
