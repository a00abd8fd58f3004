// How the second step reads codes, the key and its refusals, and the QR code's drawing.
import { describe, expect, it } from 'vitest';
import { MFA_CODES } from '@crm/shared';
import { ApiError } from '../../app/api.ts';
import {
  groupSecret,
  isMfaTokenGone,
  isTotpShaped,
  MFA_TOKEN_LIFETIME_MS,
  mfaErrorMessage,
  normalizeTotp,
  recoveryCodesFileName,
  recoveryCodesLeftMessage,
  recoveryCodesText,
} from './mfa.ts';
import { qrPath } from './QrCode.tsx';

describe('second-step helpers', () => {
  it('takes a code typed with a space or dash as apps show it', () => {
    expect(normalizeTotp(' 123 456 ')).toBe('123456');
    expect(isTotpShaped('123-456')).toBe(true);
    expect(isTotpShaped('12345')).toBe(false);
    expect(isTotpShaped('12345a')).toBe(false);
  });

  it('groups the key by four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });

  it('tells an ended mfaToken by its code, or by a 401 after five minutes', () => {
    const ended = new ApiError(401, 'ended', 'http', { message: 'ended', code: MFA_CODES.tokenInvalid });
    const wrong = new ApiError(401, 'wrong', 'http', { message: 'wrong', code: MFA_CODES.codeWrong });
    expect(isMfaTokenGone(ended, 1000)).toBe(true);
    expect(isMfaTokenGone(wrong, 1000)).toBe(false);
    expect(isMfaTokenGone(wrong, MFA_TOKEN_LIFETIME_MS)).toBe(true);
    expect(isMfaTokenGone(new ApiError(0, 'offline', 'network'), MFA_TOKEN_LIFETIME_MS)).toBe(false);
  });

  it("shows a refused code in the server's words, no answer as 'Login Failed!'", () => {
    expect(
      mfaErrorMessage(new ApiError(401, 'The code is not right.', 'http', { message: 'The code is not right.' })),
    ).toBe('The code is not right.');
    expect(mfaErrorMessage(new ApiError(0, 'offline', 'network'))).toBe('Login Failed!');
  });

  it('writes the recovery codes one a line, and says how many are left', () => {
    const text = recoveryCodesText(
      ['AAAAA-11111', 'BBBBB-22222'],
      'qc.nadia',
      'CallDesk CRM',
      new Date('2026-12-06T08:00:00Z'),
    );
    expect(text.split('\n')).toEqual([
      'CallDesk CRM: recovery codes of qc.nadia',
      expect.stringContaining('2026-12-06'),
      '',
      'AAAAA-11111',
      'BBBBB-22222',
      '',
    ]);
    expect(recoveryCodesFileName('qc nadia/1')).toBe('recovery-codes-qc_nadia_1.txt');
    expect(recoveryCodesLeftMessage(9)).toBe('Signed in with a recovery code: 9 recovery codes left.');
    expect(recoveryCodesLeftMessage(1)).toContain('1 recovery code left');
    expect(recoveryCodesLeftMessage(0)).toContain('last recovery code');
  });

  it('draws the QR code with its quiet zone and the three finder squares', () => {
    const { path, size } = qrPath(
      'otpauth://totp/CallDesk%20CRM:admin?secret=JBSWY3DPEHPK3PXP&issuer=CallDesk%20CRM&period=30',
    );
    expect(size).toBeGreaterThanOrEqual(21 + 8);
    // The top-left finder's corner module sits just inside the quiet zone.
    expect(path.startsWith('M4 4h1v1h-1z')).toBe(true);
    expect(path).toContain(`M${size - 5} 4h1v1h-1z`);
    expect(path).toContain(`M4 ${size - 5}h1v1h-1z`);
  });
});
