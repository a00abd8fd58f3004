// /generateLead (docs/product.md §4, §8): the campaign reveals the date, the date reveals the targets; no target is refused
// without a call; success says how many and stays with the date chosen, its send card counting the new leads; failure
// says so with the server's reason.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { LEAD_MESSAGES } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { composeGenerateLeadPage } from '../../app/pages.tsx';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';

afterEach(() => {
  vi.restoreAllMocks();
  // Mantine shows five notifications at once and queues the rest: each test starts with none.
  notifications.clean();
});

// The page as the app shows it: app/pages.tsx puts the dialer's send card on it.
const { default: GenerateLeadPage } = await composeGenerateLeadPage();

function renderPage(routes: Record<string, TFakeRoute> = {}) {
  const server = fakeServer(routes);
  renderWithApp(<GenerateLeadPage />, { route: '/generateLead' });
  return server;
}

const location = () => screen.getByTestId('location').textContent;

async function chooseCampaignAndDate() {
  await screen.findByRole('option', { name: 'Spring Survey' });
  fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'Spring Survey' } });
  await screen.findByRole('option', { name: '2025-03-02' });
  fireEvent.change(screen.getByLabelText('Data date'), { target: { value: '2025-03-02' } });
  await screen.findByLabelText('North');
}

describe('GenerateLeadPage', () => {
  it('shows the campaign first, then the data dates newest first, then one target per selector with its figures', async () => {
    renderPage();
    expect(screen.getByRole('button', { name: 'Upload CSV' })).toBeTruthy();
    await screen.findByRole('option', { name: 'Spring Survey' });
    const campaigns = Array.from((screen.getByLabelText('Campaign') as HTMLSelectElement).options).map(
      (o) => o.textContent,
    );
    expect(campaigns).toEqual(['Select campaign', 'Old Promo (inactive)', 'Spring Survey']);
    expect(screen.queryByLabelText('Data date')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'Spring Survey' } });
    await screen.findByRole('option', { name: '2025-03-02' });
    expect(Array.from((screen.getByLabelText('Data date') as HTMLSelectElement).options).map((o) => o.value)).toEqual([
      '',
      '2025-03-02',
      '2025-03-01',
    ]);
    expect(screen.queryByLabelText('North')).toBeNull();

    fireEvent.change(screen.getByLabelText('Data date'), { target: { value: '2025-03-02' } });
    const north = await screen.findByLabelText('North');
    expect(screen.getByLabelText('(no selector)')).toBeTruthy();
    expect(screen.getByText('150 leads: 120 fresh, 30 generated (10 not called yet), 20 called')).toBeTruthy();
    expect(screen.getByText('90 fresh of 120; the target applies to each of its 12 br_id groups')).toBeTruthy();
    fireEvent.change(north, { target: { value: '5' } });
    expect(
      screen.getByText('90 fresh of 120; the target applies to each of its 12 br_id groups → up to 60 leads'),
    ).toBeTruthy();
  });

  it("shows the chosen campaign's quotas as name = value with count/limit, a full one marked", async () => {
    renderPage({
      'GET /api/quotas': (request) => ({
        body:
          request.query.campaignName === 'Spring Survey'
            ? [
                {
                  id: 1,
                  campaignName: 'Spring Survey',
                  field: 'region',
                  questionNo: null,
                  value: 'Dhaka',
                  limit: 40,
                  count: 40,
                  full: true,
                },
                {
                  id: 2,
                  campaignName: 'Spring Survey',
                  field: null,
                  questionNo: 3,
                  value: 'Yes',
                  limit: 200,
                  count: 12,
                  full: false,
                },
              ]
            : [],
      }),
    });
    await chooseCampaignAndDate();
    const quotas = within(await screen.findByRole('region', { name: 'Quotas' }));
    const items = quotas.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['region = Dhaka40/40Full', 'Q3 = Yes12/200']);
  });

  it('shows Send to dialer for the chosen campaign and date, only once both are chosen', async () => {
    renderPage({
      'GET /api/dialer/settings': {
        body: { campaignName: 'Spring Survey', dialer: 'simulated', settings: null, updatedBy: null, updatedAt: null },
      },
      'GET /api/dialer/sends': (request) => ({
        body: { unsent: request.query.date === '2025-03-02' ? 30 : 0, sends: [] },
      }),
    });
    await screen.findByRole('option', { name: 'Spring Survey' });
    fireEvent.change(screen.getByLabelText('Campaign'), { target: { value: 'Spring Survey' } });
    await screen.findByRole('option', { name: '2025-03-02' });
    expect(screen.queryByRole('region', { name: 'Send to dialer' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Data date'), { target: { value: '2025-03-02' } });
    const card = within(await screen.findByRole('region', { name: 'Send to dialer' }));
    expect(await card.findByText('30 generated leads of 2025-03-02 not sent yet')).toBeTruthy();
  });

  it('says a target is needed, and sends nothing, when every target is blank', async () => {
    const server = renderPage();
    await chooseCampaignAndDate();
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(LEAD_MESSAGES.noTargets)).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it('refuses a target that is not a whole number, under its input', async () => {
    const server = renderPage();
    await chooseCampaignAndDate();
    fireEvent.change(screen.getByLabelText('North'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/Enter a whole number of leads/)).toBeTruthy();
    expect(server.writes()).toEqual([]);
  });

  it('sends the typed targets only, says how many were generated and stays, the send card counting them at once', async () => {
    let unsent = 0;
    const server = renderPage({
      'POST /dynamic/updateData': () => {
        unsent = 25;
        return { body: { rowsUpdated: 25, message: 'x' } };
      },
      'GET /api/dialer/settings': {
        body: { campaignName: 'Spring Survey', dialer: 'simulated', settings: null, updatedBy: null, updatedAt: null },
      },
      'GET /api/dialer/sends': () => ({ body: { unsent, sends: [] } }),
    });
    await chooseCampaignAndDate();
    const card = within(await screen.findByRole('region', { name: 'Send to dialer' }));
    await card.findByText('0 generated leads of 2025-03-02 not sent yet');
    fireEvent.change(screen.getByLabelText('North'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect((await screen.findAllByText(LEAD_MESSAGES.generated(25))).length).toBeGreaterThan(0);
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/dynamic/updateData',
        query: { tableName: 'Spring Survey', dataDate: '2025-03-02' },
        body: { North: 10 },
      },
    ]);
    // The page, campaign and date stay; the count stays on the card; the targets used are cleared.
    expect(location()).toBe('/generateLead');
    expect(
      within(screen.getByRole('region', { name: "Generate a day's call list" })).getByText(LEAD_MESSAGES.generated(25)),
    ).toBeTruthy();
    expect((screen.getByLabelText('Campaign') as HTMLSelectElement).value).toBe('Spring Survey');
    expect((screen.getByLabelText('Data date') as HTMLSelectElement).value).toBe('2025-03-02');
    expect((screen.getByLabelText('North') as HTMLInputElement).value).toBe('');
    expect(await card.findByText('25 generated leads of 2025-03-02 not sent yet')).toBeTruthy();
  });

  it('says how many leads were held back because their number is on a do-not-call list', async () => {
    renderPage({ 'POST /dynamic/updateData': { body: { rowsUpdated: 25, heldBack: 12, message: 'x' } } });
    await chooseCampaignAndDate();
    fireEvent.change(screen.getByLabelText('North'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    // In the notification and on the card.
    expect(
      await screen.findAllByText(`${LEAD_MESSAGES.generated(25)} (12 held back: do not call or quota full)`),
    ).toHaveLength(2);
  });

  it('says none were generated and how many were held back when every fresh lead left is listed', async () => {
    renderPage({ 'POST /dynamic/updateData': { body: { rowsUpdated: 0, heldBack: 3, message: 'x' } } });
    await chooseCampaignAndDate();
    fireEvent.change(screen.getByLabelText('North'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      (await screen.findAllByText(`${LEAD_MESSAGES.noneGenerated} (3 held back: do not call or quota full)`)).length,
    ).toBeGreaterThan(0);
    expect(location()).toBe('/generateLead');
  });

  it('says none were generated and stays when the server generated nothing', async () => {
    renderPage({ 'POST /dynamic/updateData': { body: { rowsUpdated: 0, message: 'x' } } });
    await chooseCampaignAndDate();
    fireEvent.change(screen.getByLabelText('(no selector)'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect((await screen.findAllByText(LEAD_MESSAGES.noneGenerated)).length).toBeGreaterThan(0);
    expect(location()).toBe('/generateLead');
  });

  it("shows the failure with the server's reason and stays", async () => {
    renderPage({ 'POST /dynamic/updateData': { status: 404, body: { message: 'No campaign named "Spring Survey"' } } });
    await chooseCampaignAndDate();
    fireEvent.change(screen.getByLabelText('North'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const alert = await screen.findByRole('alert', { name: LEAD_MESSAGES.generateFailed });
    expect(within(alert).getByText('No campaign named "Spring Survey"')).toBeTruthy();
    expect(location()).toBe('/generateLead');
  });

  it('asks before generating all fresh leads, naming how many, and sends all=true', async () => {
    const server = renderPage({ 'POST /dynamic/updateData': { body: { rowsUpdated: 120, message: 'x' } } });
    await chooseCampaignAndDate();
    fireEvent.click(screen.getByLabelText('Generate all fresh leads of this date'));
    expect((screen.getByLabelText('North') as HTMLInputElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText(
        'This generates all 120 fresh leads of 2025-03-02 in Spring Survey, whatever the targets say.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(/This generates all/)).toBeNull());
    expect(server.writes()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findAllByText(LEAD_MESSAGES.generated(120))).length).toBeGreaterThan(0);
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/dynamic/updateData',
        query: { tableName: 'Spring Survey', dataDate: '2025-03-02', all: 'true' },
        body: {},
      },
    ]);
  });
});
