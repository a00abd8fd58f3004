// Create Table (docs/product.md §4, §5): Go locks the set-up and shows the column inputs, bad names never reach the server, Reset unlocks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { DATA_TABLE_MESSAGES, MESSAGES, type TCampaign, type TDataTable } from '@crm/shared';
import { createQueryClient } from '../../app/query-client.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ALL_CAMPAIGNS_KEY, ALL_DATA_TABLES_KEY } from '../../components/campaign-options.ts';
import { fieldError } from '../../test/field-error.ts';
import CreateTablePage from './CreateTablePage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const campaign = (id: number, campaignName: string): TCampaign => ({
  id,
  campaignId: `C${id}`,
  campaignName,
  campaignType: 'Outbound',
  callTarget: 5,
  status: true,
  createAt: '2025-01-01T00:00:00.000Z',
});
const table: TDataTable = {
  id: 1,
  name: 'Has Table',
  campaignName: 'Has Table',
  numberOfField: 1,
  columns: ['Outlet'],
  createAt: '2025-01-01T00:00:00.000Z',
};

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
    expect(fieldError(campaignSelect())).toBe('Campaign is required');
    expect(fieldError(fieldCount())).toBe('Number of fields is required');
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
    expect(fieldError(screen.getByLabelText(/Column name 2/))).toBe('Column name "brand" already exists!');
    expect(fieldError(screen.getByLabelText(/Column name 1/))).toBeNull();
    expect(fetch.mock.calls.filter(([, init]) => init?.method !== 'GET')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(campaignSelect().disabled).toBe(false);
    expect(campaignSelect().value).toBe('');
    expect(screen.queryByLabelText(/Column name 1/)).toBeNull();
  });

  it("shows the server's refusal of a column name under that column and as 'Table creation failed!'", async () => {
    const message = 'Column name "Brand New" already exists!';
    const fetch = renderPage();
    fetch.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? new Response(JSON.stringify({ message, code: 'INVALID_VALUE', field: 'columns.1' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          })
        : new Promise<Response>(() => undefined),
    );
    fireEvent.change(campaignSelect(), { target: { value: 'Spring Survey' } });
    fireEvent.change(fieldCount(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    fireEvent.change(screen.getByLabelText(/Column name 1/), { target: { value: 'Outlet' } });
    fireEvent.change(screen.getByLabelText(/Column name 2/), { target: { value: 'Brand New' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(DATA_TABLE_MESSAGES.createFailed)).length).toBeGreaterThan(0);
    await waitFor(() => expect(fieldError(screen.getByLabelText(/Column name 2/))).toBe(message));
    expect(fieldError(screen.getByLabelText(/Column name 1/))).toBeNull();
    const sent = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({
      campaignName: 'Spring Survey',
      numberOfField: 2,
      columns: ['Outlet', 'Brand New'],
    });
  });
});
