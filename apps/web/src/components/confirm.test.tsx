// The shared confirmation dialog: its wording and what each button answers.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { deleteConfirmation } from '@crm/shared';
import { renderWithApp } from '../test/render.tsx';
import { confirmAction } from './confirm.tsx';

describe('confirmAction', () => {
  it('asks "Are you sure?" and resolves true on Confirm', async () => {
    renderWithApp(<div />);
    const answer = confirmAction({ body: deleteConfirmation('Rahim') });
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    expect(
      screen.getByText("Do you really want to delete Rahim's record? This process cannot be undone!"),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on Close', async () => {
    renderWithApp(<div />);
    const answer = confirmAction({ body: 'Delete it?' });
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await expect(answer).resolves.toBe(false);
  });

  it('resolves false when closed with the named close icon', async () => {
    renderWithApp(<div />);
    const answer = confirmAction({ body: 'Delete it?' });
    fireEvent.click(await screen.findByRole('button', { name: 'Close dialog' }));
    await expect(answer).resolves.toBe(false);
  });

  it('gives Confirm the focus when asked (a key press meant to act: Enter confirms)', async () => {
    renderWithApp(<div />);
    const answer = confirmAction({ body: 'Submit it?', danger: false, focusConfirm: true });
    const confirm = await screen.findByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    fireEvent.click(confirm);
    await expect(answer).resolves.toBe(true);
  });
});
