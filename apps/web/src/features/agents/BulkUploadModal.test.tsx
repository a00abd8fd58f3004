// The Bulk Upload modal without a server: CSV only, and a refused file's per-row report.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { AGENT_MESSAGES } from '@crm/shared';
import { renderWithApp } from '../../test/render.tsx';
import { BulkUploadModal } from './BulkUploadModal.tsx';

afterEach(() => vi.restoreAllMocks());

function choose(name: string) {
  const file = new File(['type,name,agentId,password\n'], name, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText(/CSV file/), { target: { files: [file] } });
}

describe('BulkUploadModal', () => {
  it('refuses a file that is not .csv without sending it', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithApp(<BulkUploadModal opened onClose={() => undefined} />);
    choose('agents.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only CSV files (.csv) can be uploaded')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows 'Data upload failed!' and a Row, Column, Reason table for a refused file", async () => {
    const report = {
      message: 'The file has 2 errors; nothing was stored. Correct the rows below and upload it again.',
      errors: [
        { row: 3, column: 'name', reason: 'name is required' },
        { row: 5, column: 'type', reason: 'type must be Physical or Virtual' },
      ],
      errorCount: 2,
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify(report), { status: 400, headers: { 'content-type': 'application/json' } }),
    );
    renderWithApp(<BulkUploadModal opened onClose={() => undefined} />);
    choose('agents.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AGENT_MESSAGES.uploadFailed)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Upload errors' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['RowColumnReason', '3namename is required', '5typetype must be Physical or Virtual']);
  });
});
