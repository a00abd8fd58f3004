// The Upload CSV modal against a real local server: inputs checked first, progress while it runs, the report of a refused file,
// the server's words for database trouble (also when the answer is lost), '!' on success.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { LEAD_MESSAGES, MESSAGES, type TCampaign, type TDataTable, type TImportProgress } from '@crm/shared';
import { NETWORK_ERROR_MESSAGE } from '../../app/api.ts';
import { createQueryClient } from '../../app/query-client.ts';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { ALL_CAMPAIGNS_KEY, ALL_DATA_TABLES_KEY } from '../../components/campaign-options.ts';
import { UploadLeadsModal } from './UploadLeadsModal.tsx';
import { LOST_ANSWER, withUploadServer } from '../../test/upload-server.ts';

const server = withUploadServer();
afterEach(() => {
  notifications.clean();
});

const campaign = (id: number, campaignName: string, status = true): TCampaign => ({
  id,
  campaignId: `C${id}`,
  campaignName,
  campaignType: 'Outbound',
  callTarget: 5,
  status,
  createAt: '2025-01-01T00:00:00.000Z',
});
const table = (id: number, campaignName: string): TDataTable => ({
  id,
  name: campaignName,
  campaignName,
  numberOfField: 1,
  columns: ['Outlet'],
  createAt: '2025-01-01T00:00:00.000Z',
});

const progress: TImportProgress = {
  importId: '00000000-0000-4000-8000-000000000000',
  campaignName: 'Spring Survey',
  fileName: 'leads.csv',
  status: 'running',
  phase: 'reading',
  rowsProcessed: 123456,
  leadsAdded: null,
  duplicatesSkipped: null,
  errorCount: null,
  message: null,
  startedAt: '2025-03-01T10:00:00.000Z',
  finishedAt: null,
};

function renderModal(record: TImportProgress = progress) {
  storeSession(makeToken());
  const queryClient = createQueryClient();
  queryClient.setQueryData(ALL_CAMPAIGNS_KEY, [
    campaign(1, 'Spring Survey'),
    campaign(2, 'Eid Offer'),
    campaign(3, 'Hotline', false),
    campaign(4, 'No Table Yet'),
  ]);
  queryClient.setQueryData(ALL_DATA_TABLES_KEY, [
    table(1, 'Spring Survey'),
    table(2, 'Eid Offer'),
    table(3, 'Hotline'),
  ]);
  // The pickers re-read on open and never answer here; the import progress answers with the figures above.
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
    String(input).startsWith('/api/file/uploadStatus/')
      ? Promise.resolve(
          new Response(JSON.stringify(record), { status: 200, headers: { 'content-type': 'application/json' } }),
        )
      : new Promise<Response>(() => undefined),
  );
  renderWithApp(<UploadLeadsModal opened onClose={() => undefined} />, { route: '/leads', queryClient });
}

const campaignSelect = () => screen.getByLabelText(/^Campaign/) as HTMLSelectElement;
const fileInput = () => screen.getByLabelText(/CSV file/) as HTMLInputElement;

function fill(campaignName: string | null, fileName: string | null) {
  if (campaignName !== null) fireEvent.change(campaignSelect(), { target: { value: campaignName } });
  if (fileName !== null) {
    const file = new File(['cell_number,data_date\n01711000001,2025-03-01\n'], fileName, { type: 'text/csv' });
    fireEvent.change(fileInput(), { target: { files: [file] } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('UploadLeadsModal', () => {
  it('offers only active campaigns that have a data table, and the template once one is chosen', () => {
    renderModal();
    expect(Array.from(campaignSelect().options).map((o) => o.value)).toEqual(['', 'Eid Offer', 'Spring Survey']);
    expect(screen.queryByRole('button', { name: 'Download template' })).toBeNull();
    fireEvent.change(campaignSelect(), { target: { value: 'Eid Offer' } });
    expect(screen.getByRole('button', { name: 'Download template' })).toBeTruthy();
  });

  it.each([
    ['no file', 'Spring Survey', null],
    ['no campaign', null, 'leads.csv'],
  ])(
    "says 'No file selected or campaign not selected' with %s, and sends nothing",
    async (_case, campaignName, fileName) => {
      renderModal();
      fill(campaignName, fileName);
      expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(
        LEAD_MESSAGES.uploadMissing,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.received).toEqual([]);
    },
  );

  it('refuses a file that is not .csv without sending it', async () => {
    renderModal();
    fill('Spring Survey', 'leads.xlsx');
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe(
      'Only CSV files (.csv) can be uploaded',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.received).toEqual([]);
  });

  it("shows the upload's progress and the rows processed while the server works", async () => {
    server.reply({
      status: 200,
      body: {
        message: 'File uploaded: 1 lead added, 0 duplicates skipped',
        rowsRead: 1,
        leadsAdded: 1,
        duplicatesSkipped: 0,
      },
      delayMs: 1500,
    });
    renderModal();
    fill('Spring Survey', 'leads.csv');
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    expect(
      await screen.findByText('Rows processed: 123,456 (reading and checking rows)', {}, { timeout: 1400 }),
    ).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Rows processed' }).getAttribute('aria-valuetext')).toBe(
      '123,456 rows, reading and checking rows',
    );
    // the overlay goes once the server answers
    expect(
      await within(screen.getByRole('dialog')).findByText(
        'File uploaded: 1 lead added, 0 duplicates skipped!',
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
  });

  it("lists a refused file's problems in the 'Upload problems' table and says how many there were", async () => {
    const errors = [
      { row: 3, column: 'cell_number', reason: 'cell_number "12" is not a phone number' },
      { row: 7, column: 'data_date', reason: 'data_date must be a date written yyyy-MM-dd' },
    ];
    const message = '2,400 problems in the file; nothing was stored. Fix the file and upload it again.';
    server.reply({ status: 400, body: { message, rowsRead: 5000, errorCount: 2400, errors } });
    renderModal();
    fill('Spring Survey', 'leads.csv');

    const table = await screen.findByRole('table', { name: 'Upload problems' });
    const alert = within(screen.getByRole('dialog')).getByRole('alert');
    expect(within(alert).getByText(LEAD_MESSAGES.uploadFailed)).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'RowColumnReason',
      '3cell_numbercell_number "12" is not a phone number',
      '7data_datedata_date must be a date written yyyy-MM-dd',
    ]);
    expect(within(alert).getByText('Showing the first 2 of 2,400 problems.')).toBeTruthy();
  });

  it("shows 'Error uploading file' with the server's reason for any other failure", async () => {
    server.reply({ status: 404, body: { message: 'Campaign "Spring Survey" has no data table' } });
    renderModal();
    fill('Spring Survey', 'leads.csv');
    const alert = await within(screen.getByRole('dialog')).findByRole('alert');
    expect(within(alert).getByText(LEAD_MESSAGES.uploadFailed)).toBeTruthy();
    expect(within(alert).getByText('Campaign "Spring Survey" has no data table')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Upload problems' })).toBeNull();
  });

  it.each([
    [503, MESSAGES.database.busy],
    [503, MESSAGES.database.unavailable],
    [507, MESSAGES.database.diskFull],
  ])(
    "shows the server's own words for database trouble (%i), not 'Cannot reach the server'",
    async (status, message) => {
      server.reply({ status, body: { message } });
      renderModal();
      fill('Spring Survey', 'leads.csv');
      const alert = await within(screen.getByRole('dialog')).findByRole('alert');
      expect(within(alert).getByText(LEAD_MESSAGES.uploadFailed)).toBeTruthy();
      expect(within(alert).getByText(message)).toBeTruthy();
      expect(alert.textContent).not.toContain(NETWORK_ERROR_MESSAGE);
    },
  );

  it("shows why the upload failed from the server's import record when its own answer was lost", async () => {
    const message = 'The database connection was lost during the upload; nothing was stored. Upload the file again.';
    server.reply(LOST_ANSWER);
    renderModal({ ...progress, status: 'failed', phase: 'finished', message, finishedAt: '2025-03-01T10:01:00.000Z' });
    fill('Spring Survey', 'leads.csv');
    const alert = await within(screen.getByRole('dialog')).findByRole('alert', {}, { timeout: 3000 });
    expect(within(alert).getByText(LEAD_MESSAGES.uploadFailed)).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(alert.textContent).not.toContain(NETWORK_ERROR_MESSAGE);
    expect(server.received).toHaveLength(1);
  });

  it("shows the server's message followed by '!' and empties the file input", async () => {
    server.reply({
      status: 200,
      body: {
        message: 'File uploaded: 998 leads added, 2 duplicates skipped',
        rowsRead: 1000,
        leadsAdded: 998,
        duplicatesSkipped: 2,
      },
    });
    renderModal();
    fill('Spring Survey', 'leads.csv');
    const status = await within(screen.getByRole('dialog')).findByText(
      'File uploaded: 998 leads added, 2 duplicates skipped!',
    );
    expect(status.closest('[role="status"]')).not.toBeNull();
    // the same words as a notification
    await waitFor(() =>
      expect(screen.getAllByText('File uploaded: 998 leads added, 2 duplicates skipped!')).toHaveLength(2),
    );
    expect(fileInput().files?.length ?? 0).toBe(0);
    expect(new URL(server.received[0]?.url ?? '', server.base).searchParams.get('tableName')).toBe('Spring Survey');
  });
});
