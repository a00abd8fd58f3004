// The Add account (QC inspector or client) and Reset password forms: the shared schemas' rules in the form's words, and the server's
// refusal that belongs to the username.
import { z } from 'zod';
import { ZCreateUserRequest, ZNewPassword, type TCreateUserRequest, type TUpdateUserRequest } from '@crm/shared';
import { schemaValidate, type TRefusalFields } from '../../app/form-schema.ts';

/** role QC or CLIENT; campaigns and recordings are a client account's only (docs/guide/clients.md). */
export type TUserFormValues = {
  username: string;
  name: string;
  password: string;
  role: 'QC' | 'CLIENT';
  campaigns: string[];
  recordings: boolean;
};

export const EMPTY_USER_FORM: TUserFormValues = {
  username: '',
  name: '',
  password: '',
  role: 'QC',
  campaigns: [],
  recordings: false,
};

const USER_LABELS = { username: 'Username', name: 'Name', password: 'Password', campaigns: 'Campaigns' };

/** A blank password is left out, so the schema says it is required rather than too short. */
function userInput<V extends { password: string }>(values: V): Omit<V, 'password'> & { password?: string } {
  return { ...values, password: values.password === '' ? undefined : values.password };
}

/** The request of the form's values: a QC inspector's without the client fields. */
function createInput(values: TUserFormValues) {
  const { campaigns, recordings, ...account } = userInput(values);
  return values.role === 'CLIENT' ? { ...account, campaigns, recordings } : account;
}

/**
 * ZCreateUserRequest: a username without spaces, a name, a password of at least MIN_PASSWORD_LENGTH characters, and
 * for a client account at least one campaign.
 */
export const validateUserForm = schemaValidate(ZCreateUserRequest, {
  labels: USER_LABELS,
  toInput: (values: TUserFormValues) => createInput(values),
});

/** The body the server gets: the schema's own output (trimmed, role QC). Only for values that passed validation. */
export function toCreateUserRequest(values: TUserFormValues): TCreateUserRequest {
  return ZCreateUserRequest.parse(createInput(values));
}

/** A reset is the password rule of every new password (ZNewPassword). */
export const validatePasswordReset = schemaValidate(z.object({ password: ZNewPassword }), {
  labels: USER_LABELS,
  toInput: (values: { password: string }) => userInput(values),
});

export type TPasswordChangeValues = { password: string; currentPassword: string; mfaCode: string };

const CHANGE_LABELS = {
  ...USER_LABELS,
  password: 'New password',
  currentPassword: 'Current password',
  mfaCode: 'Authenticator code',
};
const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value);

/**
 * One's own password (docs/trust.md, Passwords): the new one by ZNewPassword, the current one, and a code of one's
 * second factor when one is set up; a blank field is said to be required.
 */
export function validateOwnPasswordChange(withCode: boolean) {
  const required = (key: string) => z.string({ message: `${key} is required` });
  const schema = z.object({
    password: ZNewPassword,
    currentPassword: required('currentPassword'),
    ...(withCode ? { mfaCode: required('mfaCode') } : {}),
  });
  return schemaValidate(schema, {
    labels: CHANGE_LABELS,
    toInput: (values: TPasswordChangeValues) => ({
      password: blankToUndefined(values.password),
      currentPassword: blankToUndefined(values.currentPassword),
      mfaCode: blankToUndefined(values.mfaCode),
    }),
  });
}

/** The request of a reset: another's new password alone; one's own with the current password (and the code). */
export function toPasswordChange(values: TPasswordChangeValues, own: boolean): TUpdateUserRequest {
  if (!own) return { password: values.password };
  const code = values.mfaCode.replace(/\s+/g, '');
  return {
    password: values.password,
    currentPassword: values.currentPassword,
    ...(code === '' ? {} : { mfaCode: code }),
  };
}

/**
 * apps/server/src/modules/users/accounts.ts: usernameTaken (409 DUPLICATE under `username`), an unknown campaign
 * (400 INVALID_VALUE under `campaigns`).
 */
export const USER_REFUSALS: TRefusalFields<'username' | 'campaigns'> = ['username', 'campaigns'];
