// The dispositions editor on /editCampaign/:id against a fake server: the set in the agent's order, moved, removed and
// added by keyboard-reachable buttons and saved whole; the schema's problems before any call; the server's refusal
// under the field it names and as a list; Reset to defaults and Discard; leaving with changes not saved asks first.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { notifications } from '@mantine/notifications';
import { DEFAULT_DISPOSITIONS, DISPOSITION_MESSAGES, type TCampaign, type TDisposition } from '@crm/shared';
import { LEAVE_UNSAVED_TITLE } from '../../app/use-unsaved-guard.ts';
import { fieldError } from '../../test/field-error.ts';
import { renderWithApp } from '../../test/render.tsx';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
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
};

const SET: TDisposition[] = [
  { code: 'COMPLETE', name: 'Completed', kind: 'completed', vicidialStatus: 'SALE' },
  { code: 'CALLBACK', name: 'Partial / call back', kind: 'callback', vicidialStatus: 'CALLBK' },
  { code: 'NI', name: 'Not interested', kind: 'final', vicidialStatus: 'NI' },
];

function renderPage(routes: Record<string, TFakeRoute> = {}) {
  const server = fakeServer({
    'GET /cc/campaign/7': { body: CAMPAIGN },
    'GET /api/dispositions': (request) => ({ body: request.query.campaignName === 'Spring Survey' ? SET : [] }),
    // The server replies the set as stored.
    'PUT /api/dispositions': (request) => ({ body: (request.body as { dispositions: TDisposition[] }).dispositions }),
    ...routes,
  });
  renderWithApp(
    <Routes>
      <Route path="/editCampaign/:id" element={<EditCampaignPage />} />
      <Route path="/campaign" element={<p>Campaign list</p>} />
    </Routes>,
    { route: '/editCampaign/7' },
  );
  return server;
}

async function editor() {
  const section = within(await screen.findByRole('region', { name: 'Dispositions' }));
  await section.findByLabelText('Code, row 1');
  return section;
}

const codes = (section: Awaited<ReturnType<typeof editor>>) =>
  section.getAllByLabelText(/^Code, row \d+$/).map((input) => (input as HTMLInputElement).value);

const puts = (server: ReturnType<typeof fakeServer>) => server.writes().filter((r) => r.path === '/api/dispositions');

describe('DispositionsEditor', () => {
  it('shows the set in order with the key that chooses each, and says what each kind does', async () => {
    renderPage();
    const section = await editor();
    expect(codes(section)).toEqual(['COMPLETE', 'CALLBACK', 'NI']);
    expect((section.getByLabelText('Kind, row 3') as HTMLSelectElement).value).toBe('final');
    expect((section.getByLabelText('VICIdial status, row 2') as HTMLInputElement).value).toBe('CALLBK');
    const help = within(section.getByRole('list', { name: 'What each kind does' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(help).toContain('Final: not called again.');
    expect(help).toContain('Retry: the lead may be generated again.');
    expect(section.queryByText('Not saved yet')).toBeNull();
  });

  it('moves a row with its arrows keeping the focus on it', async () => {
    renderPage();
    const section = await editor();
    fireEvent.click(section.getByRole('button', { name: 'Move Not interested up' }));
    expect(codes(section)).toEqual(['COMPLETE', 'NI', 'CALLBACK']);
    expect(document.activeElement).toBe(section.getByRole('button', { name: 'Move Not interested up' }));
    fireEvent.click(section.getByRole('button', { name: 'Move Not interested up' }));
    expect(codes(section)).toEqual(['NI', 'COMPLETE', 'CALLBACK']);
    // At the top it cannot go further up: its down arrow has the focus.
    expect(document.activeElement).toBe(section.getByRole('button', { name: 'Move Not interested down' }));
    expect(section.getByText('Not saved yet')).toBeTruthy();
  });

  it('removes one, adds one and saves the whole set in the order shown', { timeout: 15_000 }, async () => {
    const server = renderPage();
    const section = await editor();
    fireEvent.click(section.getByRole('button', { name: 'Move Not interested up' }));
    fireEvent.click(section.getByRole('button', { name: 'Remove Completed' }));
    expect(codes(section)).toEqual(['NI', 'CALLBACK']);
    // The row that takes its place has the focus, so Remove again removes the next one.
    expect(document.activeElement).toBe(section.getByRole('button', { name: 'Remove Not interested' }));

    fireEvent.click(section.getByRole('button', { name: 'Add disposition' }));
    const code = section.getByLabelText('Code, row 3');
    expect(document.activeElement).toBe(code);
    fireEvent.change(code, { target: { value: ' DONE ' } });
    fireEvent.change(section.getByLabelText('Name, row 3'), { target: { value: 'Done' } });
    fireEvent.change(section.getByLabelText('Kind, row 3'), { target: { value: 'completed' } });
    fireEvent.change(section.getByLabelText('VICIdial status, row 3'), { target: { value: 'SALE' } });
    fireEvent.click(section.getByRole('button', { name: 'Save dispositions' }));

    expect(await screen.findByText(DISPOSITION_MESSAGES.saved)).toBeTruthy();
    expect(puts(server).map((r) => r.body)).toEqual([
      {
        campaignName: 'Spring Survey',
        dispositions: [
          { code: 'NI', name: 'Not interested', kind: 'final', vicidialStatus: 'NI' },
          { code: 'CALLBACK', name: 'Partial / call back', kind: 'callback', vicidialStatus: 'CALLBK' },
          { code: 'DONE', name: 'Done', kind: 'completed', vicidialStatus: 'SALE' },
        ],
      },
    ]);
    await waitFor(() => expect(section.queryByText('Not saved yet')).toBeNull());
    expect(codes(section)).toEqual(['NI', 'CALLBACK', 'DONE']);
  });

  it('refuses a blank code, a long VICIdial status and a set without a callback disposition before any call', async () => {
    const server = renderPage();
    const section = await editor();
    const code = section.getByLabelText('Code, row 3');
    const status = section.getByLabelText('VICIdial status, row 3');
    fireEvent.change(code, { target: { value: '' } });
    // maxLength stops typing past six; a pasted or scripted value still meets the schema.
    fireEvent.change(status, { target: { value: 'TOOLONG' } });
    fireEvent.change(section.getByLabelText('Kind, row 2'), { target: { value: 'final' } });
    fireEvent.click(section.getByRole('button', { name: 'Save dispositions' }));

    await waitFor(() => expect(fieldError(code)).toBe('A disposition code is 1 to 20 letters, digits, _ or -'));
    expect(fieldError(status)).toBe('A VICIdial status is 1 to 6 letters, digits or _');
    const alert = within(section.getByRole('alert'));
    expect(alert.getByText('A campaign needs a callback disposition (Partial Call uses it)')).toBeTruthy();
    expect(puts(server)).toEqual([]);
  });

  it("puts the server's refusal under the field it names and lists the rest, keeping every row as typed", async () => {
    const server = renderPage({
      'PUT /api/dispositions': {
        status: 400,
        body: {
          message:
            'body.dispositions.2.vicidialStatus: NI is not a status of VICIdial campaign SPR; body.dispositions: The code NI is used by another campaign',
        },
      },
    });
    const section = await editor();
    fireEvent.change(section.getByLabelText('Name, row 3'), { target: { value: 'Not interested at all' } });
    fireEvent.click(section.getByRole('button', { name: 'Save dispositions' }));

    const alert = within(await section.findByRole('alert'));
    expect(alert.getByText('The dispositions were not saved')).toBeTruthy();
    expect(alert.getByText('The code NI is used by another campaign')).toBeTruthy();
    expect(fieldError(section.getByLabelText('VICIdial status, row 3'))).toBe(
      'NI is not a status of VICIdial campaign SPR',
    );
    expect((section.getByLabelText('Name, row 3') as HTMLInputElement).value).toBe('Not interested at all');
    expect(section.getByText('Not saved yet')).toBeTruthy();
    expect(puts(server)).toHaveLength(1);
  });

  it('Reset to defaults puts the default set in the form, not saved until Save; Discard changes comes back to the saved set', async () => {
    const server = renderPage();
    const section = await editor();
    fireEvent.click(section.getByRole('button', { name: 'Reset to defaults' }));
    expect(codes(section)).toEqual(DEFAULT_DISPOSITIONS.map((d) => d.code));
    expect(section.getByText('Not saved yet')).toBeTruthy();
    expect(puts(server)).toEqual([]);
    fireEvent.click(section.getByRole('button', { name: 'Discard changes' }));
    expect(codes(section)).toEqual(['COMPLETE', 'CALLBACK', 'NI']);
    expect(section.queryByRole('button', { name: 'Discard changes' })).toBeNull();
  });

  it('asks before leaving the page with changes not saved, and stays on Stay', { timeout: 15_000 }, async () => {
    renderPage({ 'PUT /cc/updateCampaign': { body: CAMPAIGN } });
    const section = await editor();
    fireEvent.change(section.getByLabelText('Name, row 3'), { target: { value: 'No thanks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = within(await screen.findByRole('dialog', { name: LEAVE_UNSAVED_TITLE }));
    fireEvent.click(dialog.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: LEAVE_UNSAVED_TITLE })).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/editCampaign/7');
    expect((section.getByLabelText('Name, row 3') as HTMLInputElement).value).toBe('No thanks');
  });

  it('shows why the set could not be loaded, with Retry', async () => {
    let reply = { status: 503, body: { message: 'The server is busy. Try again in a moment.' } as unknown };
    renderPage({ 'GET /api/dispositions': () => reply });
    const section = within(await screen.findByRole('region', { name: 'Dispositions' }));
    const alert = within(await section.findByRole('alert', {}, { timeout: 5000 }));
    expect(alert.getByText('The server is busy. Try again in a moment.')).toBeTruthy();
    reply = { status: 200, body: SET };
    fireEvent.click(alert.getByRole('button', { name: 'Retry' }));
    expect(await section.findByLabelText('Code, row 1')).toBeTruthy();
  });
});
