// Reset password: another account's needs the new password alone; one's own row asks for the current password (and the
// authenticator code when a second factor is set up), and the server's refusals show under the field they are about.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { OWN_PASSWORD_CODES, PASSWORD_MESSAGES, PASSWORD_RULE_CODES, type TUser } from '@crm/shared';
import { storeSession } from '../../app/session.ts';
import { fieldError } from '../../test/field-error.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';

const ME: TUser = {
  id: 1,
  username: 'admin',
  name: 'Ada Admin',
  role: 'ADMIN',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  mfaEnrolled: false,
};
const OTHER: TUser = { ...ME, id: 9, username: 'qc.rina', name: 'Rina Das', role: 'QC' };

beforeEach(() => storeSession(makeToken({ sub: '1' })));
afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sent = (fetch: { mock: { calls: unknown[][] } }) =>
  JSON.parse(String((fetch.mock.calls[0]?.[1] as RequestInit | undefined)?.body)) as unknown;

describe('ResetPasswordModal', () => {
  it("sends another account's new password alone, and shows a refused password under its field", async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        reply(400, { message: PASSWORD_MESSAGES.containsName('Rina'), code: PASSWORD_RULE_CODES.containsName }),
      );
    renderWithApp(<ResetPasswordModal user={OTHER} onClose={() => undefined} />);
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    fireEvent.change(input(/^New password/), { target: { value: 'rina-quiet-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fieldError(input(/^New password/))).toBe('password must not contain a part of the name ("Rina")'),
    );
    expect(sent(fetch)).toEqual({ password: 'rina-quiet-7' });
  });

  it("asks for the current password on one's own row, and shows a wrong one under it", async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        reply(403, { message: PASSWORD_MESSAGES.currentPasswordWrong, code: OWN_PASSWORD_CODES.currentPasswordWrong }),
      );
    renderWithApp(<ResetPasswordModal user={ME} onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Change your password' })).toBeTruthy();
    expect(screen.queryByLabelText(/^Authenticator code/)).toBeNull();
    fireEvent.change(input(/^New password/), { target: { value: 'brand-new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError(input(/^Current password/))).toBe('Current password is required'));
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.change(input(/^Current password/), { target: { value: 'not-my-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError(input(/^Current password/))).toBe(PASSWORD_MESSAGES.currentPasswordWrong));
    expect(sent(fetch)).toEqual({ password: 'brand-new-secret', currentPassword: 'not-my-secret' });
  });

  it("asks for the authenticator code too when one's second factor is set up", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(reply(200, { ...ME, mfaEnrolled: true }));
    const onClose = vi.fn();
    renderWithApp(<ResetPasswordModal user={{ ...ME, mfaEnrolled: true }} onClose={onClose} />);
    fireEvent.change(input(/^Current password/), { target: { value: 'my-current-secret' } });
    fireEvent.change(input(/^New password/), { target: { value: 'brand-new-secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError(input(/^Authenticator code/))).toBe('Authenticator code is required'));
    fireEvent.change(input(/^Authenticator code/), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(fetch)).toEqual({
      password: 'brand-new-secret',
      currentPassword: 'my-current-secret',
      mfaCode: '123456',
    });
  });
});
