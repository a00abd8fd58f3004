// Login As Admin's second step against scripted server replies: the code, a recovery code, enrolment with its
// recovery codes shown once, skipping, a refused code and an expired mfaToken (docs/trust.md, Second factor).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { fieldError } from '../../test/field-error.ts';
import { renderWithApp } from '../../test/render.tsx';
import { makeToken } from '../../test/tokens.ts';
import { LoginPage } from './LoginPage.tsx';
import { MFA_TEXT } from './mfa.ts';

afterEach(() => {
  vi.restoreAllMocks();
  notifications.clean();
});

type TReply = { status: number; body: unknown } | 'offline';
const json = (status: number, body: unknown): TReply => ({ status, body });

/** Answers each sign-in path with its scripted replies in turn (the campaign list always), and records what was sent. */
function serve(script: Record<string, TReply[]>) {
  const sent: { path: string; body: unknown }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/cc/campaigns')
      return Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }));
    sent.push({ path, body: JSON.parse(String(init?.body ?? 'null')) });
    const reply = script[path]?.shift();
    if (reply === undefined) throw new Error(`no reply scripted for ${path}`);
    if (reply === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  return sent;
}

const location = () => screen.getByTestId('location').textContent;
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function signInWithPassword(username = 'admin') {
  renderWithApp(<LoginPage />, { route: '/login' });
  fireEvent.click(screen.getByLabelText('Login As Admin'));
  fireEvent.change(input('Admin ID'), { target: { value: username } });
  fireEvent.change(input('Password'), { target: { value: 'correct horse battery' } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

function sendCode(code: string, button = 'Verify and sign in') {
  fireEvent.change(screen.getByRole('textbox'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const ENROL = {
  enrolRequired: true,
  mfaToken: 'm-enrol',
  secret: SECRET,
  otpauthUrl: `otpauth://totp/CallDesk:admin?secret=${SECRET}&issuer=CallDesk`,
  canSkip: true,
  skipsLeft: 2,
};
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

describe('Login As Admin, second step', () => {
  it('asks for the code in a one-time-code field; a refused code stays, selected, under the server message', async () => {
    const sent = serve({
      '/api/auth/signInSuperAdmin': [json(200, { mfaRequired: true, mfaToken: 'm-1' })],
      '/api/auth/mfa': [
        json(401, { message: 'The code is wrong or was already used.' }),
        json(200, { jwtToken: makeToken() }),
      ],
    });
    signInWithPassword();
    const field = await screen.findByLabelText(MFA_TEXT.codeLabel);
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(field);
    expect(screen.queryByLabelText('Login mode')).toBeNull();

    sendCode('123 456');
    await waitFor(() => expect(fieldError(input(MFA_TEXT.codeLabel))).toBe('The code is wrong or was already used.'));
    expect(input(MFA_TEXT.codeLabel).value).toBe('123 456');
    expect(sent[1]).toEqual({ path: '/api/auth/mfa', body: { mfaToken: 'm-1', code: '123456' } });
    expect(location()).toBe('/login');

    sendCode('654321');
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('refuses a code that is not 6 digits on the screen, sending nothing', async () => {
    const sent = serve({ '/api/auth/signInSuperAdmin': [json(200, { mfaRequired: true, mfaToken: 'm-1' })] });
    signInWithPassword();
    await screen.findByLabelText(MFA_TEXT.codeLabel);
    sendCode('12345');
    expect(fieldError(input(MFA_TEXT.codeLabel))).toBe(MFA_TEXT.codeNeeded);
    expect(sent).toHaveLength(1);
  });

  it('signs in with a recovery code and says how many are left', async () => {
    const sent = serve({
      '/api/auth/signInSuperAdmin': [json(200, { mfaRequired: true, mfaToken: 'm-2' })],
      '/api/auth/mfa': [json(200, { jwtToken: makeToken(), recoveryCodesLeft: 2 })],
    });
    signInWithPassword();
    await screen.findByLabelText(MFA_TEXT.codeLabel);
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    sendCode(' abcde-12345 ');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(sent[1]?.body).toEqual({ mfaToken: 'm-2', code: 'abcde-12345' });
    expect(await screen.findByText(/2 recovery codes left/)).toBeTruthy();
  });

  it('enrols: QR code and grouped key, a confirming code, then the recovery codes once before the session starts', async () => {
    serve({
      '/api/auth/signInSuperAdmin': [json(200, ENROL)],
      '/api/auth/mfa': [json(200, { jwtToken: makeToken(), recoveryCodes: CODES })],
    });
    signInWithPassword();
    expect(await screen.findByRole('img', { name: 'QR code for the authenticator app' })).toBeTruthy();
    expect(screen.getByTestId('mfa-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('button', { name: 'Skip for now (2 left)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).toBeNull();

    sendCode('111222', 'Confirm and sign in');
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(Array.from(list.querySelectorAll('li')).map((li) => li.textContent)).toEqual(CODES);
    expect(location()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('skips enrolment while allowed', async () => {
    const sent = serve({
      '/api/auth/signInSuperAdmin': [json(200, ENROL)],
      '/api/auth/mfa/skip': [json(200, { jwtToken: makeToken() })],
    });
    signInWithPassword();
    fireEvent.click(await screen.findByRole('button', { name: 'Skip for now (2 left)' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(sent[1]).toEqual({ path: '/api/auth/mfa/skip', body: { mfaToken: 'm-enrol' } });
  });

  it('keeps the code when the server cannot be reached, and sends it again', async () => {
    serve({
      '/api/auth/signInSuperAdmin': [json(200, { mfaRequired: true, mfaToken: 'm-3' })],
      '/api/auth/mfa': ['offline', json(200, { jwtToken: makeToken() })],
    });
    signInWithPassword();
    await screen.findByLabelText(MFA_TEXT.codeLabel);
    sendCode('246810');
    expect((await screen.findByRole('alert')).textContent).toBe('Login Failed!');
    expect(input(MFA_TEXT.codeLabel).value).toBe('246810');
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it('goes back to the password step, admin ID kept, when the mfaToken has expired', async () => {
    serve({
      '/api/auth/signInSuperAdmin': [json(200, { mfaRequired: true, mfaToken: 'm-4' })],
      '/api/auth/mfa': [json(401, { message: 'This sign-in step has ended.', code: 'MFA_TOKEN_INVALID' })],
    });
    signInWithPassword('qc.nadia');
    await screen.findByLabelText(MFA_TEXT.codeLabel);
    sendCode('135790');
    expect((await screen.findByRole('alert')).textContent).toBe(MFA_TEXT.expired);
    expect(input('Admin ID').value).toBe('qc.nadia');
    expect(input('Password').value).toBe('');
  });
});
