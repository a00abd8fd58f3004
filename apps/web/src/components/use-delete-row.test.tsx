// The one delete-row flow: nothing without Confirm, a refusal keeps the row, a delete says so and reloads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { deleteConfirmation } from '@crm/shared';
import { api } from '../app/api.ts';
import { createQueryClient } from '../app/query-client.ts';
import { renderWithApp } from '../test/render.tsx';
import { useDeleteRow, type TDeleteRow } from './use-delete-row.ts';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

type TRow = { id: number; name: string };
const ROW: TRow = { id: 7, name: 'Rahim' };

function DeleteButton({ options, onDone }: { options: TDeleteRow<TRow, unknown>; onDone: (deleted: boolean) => void }) {
  const remove = useDeleteRow(options);
  return <Button onClick={() => void remove(ROW).then(onDone)}>Delete Rahim</Button>;
}

function answer(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function setUp(options: Partial<TDeleteRow<TRow, unknown>> = {}) {
  const queryClient = createQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const onDone = vi.fn();
  const full: TDeleteRow<TRow, unknown> = {
    confirmBody: (row) => deleteConfirmation(row.name),
    remove: (row) => api.del(`/things/${row.id}`),
    notice: (row) => `Thing "${row.name}" deleted.`,
    reload: [['things'], ['campaigns']],
    ...options,
  };
  renderWithApp(<DeleteButton options={full} onDone={onDone} />, { queryClient });
  fireEvent.click(screen.getByRole('button', { name: 'Delete Rahim' }));
  return { invalidate, onDone };
}

describe('useDeleteRow', () => {
  it('asks first, deletes on Confirm, says so and reloads every list named', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(204));
    const { invalidate, onDone } = setUp();
    expect(
      await screen.findByText("Do you really want to delete Rahim's record? This process cannot be undone!"),
    ).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Thing "Rahim" deleted.')).toBeTruthy();
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual(['DELETE /things/7']);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(true));
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['things'], ['campaigns']]);
  });

  it('does nothing on Close', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { invalidate, onDone } = setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(false));
    expect(fetch).not.toHaveBeenCalled();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("shows the server's refusal, and neither says deleted nor reloads", async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(409, { message: 'Rahim has 3 QC records; set him Inactive instead' }),
    );
    const { invalidate, onDone } = setUp();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Rahim has 3 QC records; set him Inactive instead')).toBeTruthy();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(false));
    expect(screen.queryByText('Thing "Rahim" deleted.')).toBeNull();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('reads what the question needs before asking, and stops when that read fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(404, { message: 'Question 7 does not exist' }));
    const { onDone } = setUp({
      confirmBody: async (row) => `${row.name} takes ${String(await api.get(`/impact/${row.id}`))} rules with it`,
    });
    expect(await screen.findByText('Question 7 does not exist')).toBeTruthy();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(false));
    expect(screen.queryByText('Are you sure?')).toBeNull();
  });

  it('shows a notice with a title when asked to', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer(200, { deletedRules: 2 }));
    setUp({ notice: () => ({ title: 'Question deleted', message: 'Q3 of Spring deleted, with 2 logic rules.' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Question deleted')).toBeTruthy();
    expect(screen.getByText('Q3 of Spring deleted, with 2 logic rules.')).toBeTruthy();
  });
});
