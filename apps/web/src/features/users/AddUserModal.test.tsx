// Add QC inspector: the shared schema's rules under their fields before sending, and a taken username (409) under
// the username as well as in the notification.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { fieldError } from '../../test/field-error.ts';
import { renderWithApp } from '../../test/render.tsx';
import { AddUserModal } from './AddUserModal.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

function fill(username: string, name: string, password: string) {
  fireEvent.change(input(/^Username/), { target: { value: username } });
  fireEvent.change(input(/^Name/), { target: { value: name } });
  fireEvent.change(input(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('AddUserModal', () => {
  it('refuses a username with a space and a short password under their fields, and sends nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithApp(<AddUserModal opened onClose={() => undefined} />);
    fill('qc nadia', 'Nadia', 'short');
    await waitFor(() => expect(fieldError(input(/^Username/))).toBe('Username must not contain spaces'));
    expect(fieldError(input(/^Password/))).toBe('Password must be at least 8 characters');
    expect(fieldError(input(/^Name/))).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a taken username under the username and in the notification, and keeps the modal open', async () => {
    const message = 'The username "qc.nadia" is already taken';
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message, code: 'DUPLICATE', field: 'username' }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const onClose = vi.fn();
    renderWithApp(<AddUserModal opened onClose={onClose} />);
    fill(' qc.nadia ', 'Nadia', 'long-enough');
    await waitFor(() => expect(fieldError(input(/^Username/))).toBe(message));
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      username: 'qc.nadia',
      name: 'Nadia',
      password: 'long-enough',
      role: 'QC',
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows a password the server refuses by a rule under the password, in the server's words", async () => {
    const message = 'password is too common: it is in the list of the 100,000 most used passwords';
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message, code: 'PASSWORD_TOO_COMMON' }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderWithApp(<AddUserModal opened onClose={() => undefined} />);
    fill('qc.nadia', 'Nadia', 'iloveyou1');
    await waitFor(() => expect(fieldError(input(/^Password/))).toBe(message));
    expect(fieldError(input(/^Username/))).toBeNull();
  });
});
