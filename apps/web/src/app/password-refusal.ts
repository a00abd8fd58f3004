// The server's refusal of a password, told apart by its code (docs/trust.md, Passwords), for a form to show under the
// field it is about: a rule of a new password, one's current password, or the second factor's code.
import { OWN_PASSWORD_CODES, PASSWORD_RULE_CODES } from '@crm/shared';
import { ApiError } from './api.ts';

export type TPasswordField = 'password' | 'currentPassword' | 'mfaCode';

const FIELD_OF_CODE: Record<string, TPasswordField> = {
  ...Object.fromEntries(Object.values(PASSWORD_RULE_CODES).map((code) => [code, 'password' as const])),
  [OWN_PASSWORD_CODES.currentPasswordRequired]: 'currentPassword',
  [OWN_PASSWORD_CODES.currentPasswordWrong]: 'currentPassword',
  [OWN_PASSWORD_CODES.mfaCodeRequired]: 'mfaCode',
  [OWN_PASSWORD_CODES.mfaCodeWrong]: 'mfaCode',
};

/** The field a failed request's refusal belongs to and the server's words, or undefined when it is about no password. */
export function passwordRefusal(error: unknown): { field: TPasswordField; message: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const code = (error.body as { code?: unknown } | undefined)?.code;
  const field = typeof code === 'string' ? FIELD_OF_CODE[code] : undefined;
  return field === undefined ? undefined : { field, message: error.message };
}
