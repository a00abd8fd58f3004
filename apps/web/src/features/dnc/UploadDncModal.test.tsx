// The Upload CSV modal without a server: CSV only, the list it uploads to, and a refused file's per-row report.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render.tsx';
import { UploadDncModal } from './UploadDncModal.tsx';

afterEach(() => vi.restoreAllMocks());

function choose(name: string) {
  const file = new File(['number\n01712345678\n'], name, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText(/CSV file/), { target: { files: [file] } });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('UploadDncModal', () => {
  it('refuses a file that is not .csv without sending it', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json([]));
    renderWithApp(<UploadDncModal opened onClose={() => undefined} initialList="system" />);
    choose('numbers.xlsx');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Only CSV files (.csv) can be uploaded')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/dnc/upload'))).toBe(false);
  });

  it("uploads to the chosen campaign's list and shows a refused file's rows", async () => {
    const report = {
      message: '1 problem in the file; nothing was stored. Fix the file and upload it again.',
      rowsRead: 2,
      errorCount: 1,
      errors: [{ row: 3, column: 'number', reason: '"12345" is not a phone number' }],
    };
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) => (String(url).includes('/api/dnc/upload') ? json(report, 400) : json([])));
    renderWithApp(<UploadDncModal opened onClose={() => undefined} initialList="c:Spring Survey" />);
    choose('numbers.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(report.message)).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Upload errors' }))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['RowColumnReason', '3number"12345" is not a phone number']);
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/dnc/upload?campaignName=Spring+Survey'),
    );
  });
});
