// The Users screen's second factor: the 2-step column, "Reset second factor" for another enrolled account only (never
// one's own row), the confirmation, the server's answer and the list reloaded; a refusal stays in the dialog.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { TPaged, TUser } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { fakeServer, type TFakeRoute } from '../../test/lead-actions-test-fetch.ts';
import UsersPage from './UsersPage.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const user = (id: number, username: string, role: TUser['role'], mfaEnrolled: boolean): TUser => ({
  id,
  username,
  name: `${username} name`,
  role,
  active: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  mfaEnrolled,
});
// Signed in as user 1 (makeToken's sub), the `admin` user.
const USERS = [
  user(1, 'admin', 'ADMIN', true),
  user(2, 'ops.admin', 'ADMIN', true),
  user(3, 'qc.nadia', 'QC', true),
  user(4, 'qc.karim', 'QC', false),
];
const PAGE: TPaged<TUser> = {
  recordCount: 4,
  response: { content: USERS, totalElements: 4, totalPages: 1, size: 10, number: 0 },
};
const LIST = 'GET /api/users/pagination/0/10';

async function open(routes: Record<string, TFakeRoute> = {}) {
  storeSession(makeToken());
  const server = fakeServer({ [LIST]: { body: PAGE }, ...routes });
  renderWithApp(<UsersPage />, { route: '/users' });
  await screen.findByText('qc.karim');
  return server;
}

const row = (username: string) => screen.getByText(username).closest('tr') as HTMLElement;

describe('UsersPage, second factor', () => {
  it('shows 2-step per account and offers the reset for other enrolled accounts, not for your own row', async () => {
    await open();
    expect(screen.getByRole('columnheader', { name: '2-step' })).toBeTruthy();
    expect(within(row('qc.nadia')).getByText('Set up')).toBeTruthy();
    expect(within(row('qc.karim')).getByText('Not set up')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset second factor of admin' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset second factor of ops.admin' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset second factor of qc.nadia' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset second factor of qc.karim' })).toBeNull();
  });

  it('resets after the confirmation, shows the answer and reloads the list', async () => {
    const message = 'The second factor of "qc.nadia" was reset; they set it up again at their next sign-in.';
    const server = await open({ 'DELETE /api/users/3/mfa': { body: { message } } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset second factor of qc.nadia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset second factor' });
    expect(server.count('DELETE', '/api/users/3/mfa')).toBe(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(server.count('DELETE', '/api/users/3/mfa')).toBe(1);
    await waitFor(() => expect(server.count('GET', '/api/users/pagination/0/10')).toBe(2));
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const refusal = 'You do not have permission to do this.';
    await open({ 'DELETE /api/users/2/mfa': { status: 403, body: { message: refusal } } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset second factor of ops.admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset second factor' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(within(dialog).getByText('The second factor was not reset')).toBeTruthy();
  });
});
