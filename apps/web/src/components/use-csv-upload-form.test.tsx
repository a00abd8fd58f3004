// The CSV upload form of the upload modals: nothing is sent without a .csv file, a stored file says so, reloads and
// closes, a refused file keeps its report, and any other failure shows in the same place.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { createQueryClient } from '../app/query-client.ts';
import { renderWithApp } from '../test/render.tsx';
import { useCsvUploadForm, type TCsvUploadForm } from './use-csv-upload-form.ts';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

/** Stands in for an area's upload error (AgentUploadError, DncUploadError): a message and the refused rows. */
class RowsError extends Error {
  readonly rows: string[];
  constructor(message: string, rows: string[] = []) {
    super(message);
    this.rows = rows;
  }
}

function UploadForm({ options }: { options: TCsvUploadForm<number, RowsError> }) {
  const { fileError, failure, uploading, choose, submit, close } = useCsvUploadForm(options);
  return (
    <form onSubmit={submit} noValidate aria-label="Upload">
      <label>
        CSV file
        <input
          type="file"
          aria-invalid={fileError !== undefined}
          onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
        />
      </label>
      {fileError !== undefined && (
        <p role="alert" aria-label="File error">
          {fileError}
        </p>
      )}
      {failure !== null && (
        <p
          role="status"
          aria-label="Failure"
        >{`${failure instanceof RowsError ? 'Report' : 'Other'}: ${failure.message} [${failure.rows.join('; ')}]`}</p>
      )}
      {uploading && <p>Uploading</p>}
      <button type="submit">Save</button>
      <button type="button" onClick={close}>
        Close
      </button>
    </form>
  );
}

function choose(name: string): File {
  const file = new File(['number\n01712345678\n'], name, { type: 'text/csv' });
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
  return file;
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

function setUp(upload: (file: File) => Promise<number>) {
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const onClose = vi.fn();
  const options: TCsvUploadForm<number, RowsError> = {
    upload,
    errorType: RowsError,
    notice: (count) => `${count} rows stored`,
    reload: [['things'], ['counts']],
    onClose,
  };
  renderWithApp(<UploadForm options={options} />, { queryClient });
  return { invalidate, onClose };
}

describe('useCsvUploadForm', () => {
  it('asks for a file on Save without one, and sends nothing', async () => {
    const upload = vi.fn(async () => 1);
    setUp(upload);
    save();
    expect((await screen.findByRole('alert', { name: 'File error' })).textContent).toBe('Choose a CSV file');
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file not named .csv as soon as it is chosen and on Save, and accepts .CSV', async () => {
    const upload = vi.fn(async () => 1);
    setUp(upload);
    choose('numbers.xlsx');
    expect((await screen.findByRole('alert', { name: 'File error' })).textContent).toBe(
      'Only CSV files (.csv) can be uploaded',
    );
    expect(screen.getByLabelText('CSV file').getAttribute('aria-invalid')).toBe('true');
    save();
    expect(screen.getByRole('alert', { name: 'File error' }).textContent).toBe('Only CSV files (.csv) can be uploaded');
    expect(upload).not.toHaveBeenCalled();
    choose('NUMBERS.CSV');
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'File error' })).toBeNull());
  });

  it('sends the chosen file, says so, reloads every key named and closes', async () => {
    let finish: (count: number) => void = () => undefined;
    const upload = vi.fn((_file: File) => new Promise<number>((resolve) => (finish = resolve)));
    const { invalidate, onClose } = setUp(upload);
    const file = choose('numbers.csv');
    save();
    expect(await screen.findByText('Uploading')).toBeTruthy();
    finish(12);
    expect(await screen.findByText('12 rows stored')).toBeTruthy();
    expect(screen.queryByText('Uploading')).toBeNull();
    expect(upload.mock.calls).toEqual([[file]]);
    await waitFor(() =>
      expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['things'], ['counts']]),
    );
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("keeps a refused file's report until another file is chosen, and shows any other failure the same way", async () => {
    const upload = vi.fn<(file: File) => Promise<number>>();
    upload.mockRejectedValueOnce(new RowsError('1 problem; nothing was stored', ['row 3: not a phone number']));
    upload.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { invalidate, onClose } = setUp(upload);
    choose('numbers.csv');
    save();
    expect((await screen.findByRole('status', { name: 'Failure' })).textContent).toBe(
      'Report: 1 problem; nothing was stored [row 3: not a phone number]',
    );
    choose('other.csv');
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Failure' })).toBeNull());
    save();
    expect((await screen.findByRole('status', { name: 'Failure' })).textContent).toBe('Report: Failed to fetch []');
    expect(invalidate).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('forgets the file error and the failure on Close', async () => {
    const { onClose } = setUp(async () => Promise.reject(new RowsError('The file is empty')));
    choose('numbers.csv');
    save();
    expect(await screen.findByRole('status', { name: 'Failure' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Failure' })).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
    choose('numbers.txt');
    expect(await screen.findByRole('alert', { name: 'File error' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'File error' })).toBeNull());
  });
});
