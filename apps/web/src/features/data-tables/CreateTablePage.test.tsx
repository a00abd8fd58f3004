// Create Table (spec §4, §5): Go locks the set-up and shows the column inputs, bad names never reach the server, Reset unlocks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES, type TCampaign, type TDataTable } from '@crm/shared';
import { createQueryClient } from '../../app/query-client.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ALL_CAMPAIGNS_KEY } from '../campaigns/api.ts';
import { ALL_DATA_TABLES_KEY } from './api.ts';
import CreateTablePage from './CreateTablePage.tsx';

afterEach(() => vi.restoreAllMocks());

const campaign = (id: number, campaignName: string): TCampaign => ({ id, campaignId: `C${id}`, campaignName, campaignType: 'Outbound', callTarget: 5, status: true, createAt: '2025-01-01T00:00:00.000Z' });
const table: TDataTable = { id: 1, name: 'Has Table', campaignName: 'Has Table', numberOfField: 1, columns: ['Outlet'], createAt: '2025-01-01T00:00:00.000Z' };

// Seeding the cache stands in for GET /cc/campaigns and /dt/viewAllDataTables.
function renderPage() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(ALL_CAMPAIGNS_KEY, [campaign(1, 'Has Table'), campaign(2, 'Spring Survey')]);
  queryClient.setQueryData(ALL_DATA_TABLES_KEY, [table]);
  // The page re-reads its pickers on open; those reads never answer here.
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>(() => undefined));
  renderWithApp(<CreateTablePage />, { route: '/createTable', queryClient });
  return fetch;
}

const campaignSelect = () => screen.getByLabelText(/^Campaign/) as HTMLSelectElement;
const fieldCount = () => screen.getByLabelText(/Number of fields/) as HTMLInputElement;

describe('CreateTablePage', () => {
  it('offers only campaigns without a data table', () => {
    renderPage();
    expect(Array.from(campaignSelect().options).map((o) => o.text)).toEqual(['Select campaign', 'Spring Survey']);
  });

  it("says 'Form is invalid' when Go is pressed without a campaign or field count", async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(await screen.findByText(MESSAGES.common.formInvalid)).toBeTruthy();
    expect(screen.getByText('Campaign is required')).toBeTruthy();
    expect(screen.queryByLabelText(/Column name 1/)).toBeNull();
  });

  it('locks the set-up on Go, refuses a reserved name under its field without calling the server, and Reset unlocks', async () => {
    const fetch = renderPage();
    fireEvent.change(campaignSelect(), { target: { value: 'Spring Survey' } });
    fireEvent.change(fieldCount(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(campaignSelect().disabled).toBe(true);
    expect(fieldCount().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Column name 1/), { target: { value: 'Outlet name' } });
    fireEvent.change(screen.getByLabelText(/Column name 2/), { target: { value: ' brand ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Column name "brand" already exists!')).length).toBe(2); // under the field and as a notification
    expect(fetch.mock.calls.filter(([, init]) => init?.method !== 'GET')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(campaignSelect().disabled).toBe(false);
    expect(campaignSelect().value).toBe('');
    expect(screen.queryByLabelText(/Column name 1/)).toBeNull();
  });
});
