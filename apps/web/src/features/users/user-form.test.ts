import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api.ts';
import { refusedField } from '../../app/form-schema.ts';
import {
  EMPTY_USER_FORM,
  toCreateUserRequest,
  USER_REFUSALS,
  validatePasswordReset,
  validateUserForm,
} from './user-form.ts';

describe('the Add QC inspector / client account form', () => {
  it('requires a username without spaces, a name and a password of at least 8 characters (ZCreateUserRequest)', () => {
    expect(validateUserForm(EMPTY_USER_FORM)).toEqual({
      username: 'Username is required',
      name: 'Name is required',
      password: 'Password is required',
    });
    expect(validateUserForm({ ...EMPTY_USER_FORM, username: 'qc nadia', name: 'Nadia', password: 'short' })).toEqual({
      username: 'Username must not contain spaces',
      password: 'Password must be at least 8 characters',
    });
    expect(
      validateUserForm({ ...EMPTY_USER_FORM, username: 'qc.nadia', name: 'x'.repeat(101), password: 'long-enough' }),
    ).toEqual({
      name: 'Name must be at most 100 characters',
    });
    expect(
      validateUserForm({ ...EMPTY_USER_FORM, username: 'qc.nadia', name: 'Nadia', password: 'long-enough' }),
    ).toEqual({});
  });

  it('sends trimmed text and the QC role', () => {
    expect(
      toCreateUserRequest({ ...EMPTY_USER_FORM, username: ' qc.nadia ', name: ' Nadia ', password: ' long-enough ' }),
    ).toEqual({
      username: 'qc.nadia',
      name: 'Nadia',
      password: ' long-enough ',
      role: 'QC',
    });
  });

  it('requires a campaign of a client account, and sends its campaigns and recordings flag', () => {
    const account = { username: 'client.radiant', name: 'Radiant', password: 'long-enough' };
    const client = { ...EMPTY_USER_FORM, ...account };
    expect(validateUserForm({ ...client, role: 'CLIENT' })).toEqual({
      campaigns: 'Campaigns must name at least one campaign',
    });
    expect(toCreateUserRequest({ ...client, role: 'CLIENT', campaigns: ['Spring Survey'], recordings: true })).toEqual({
      ...account,
      role: 'CLIENT',
      campaigns: ['Spring Survey'],
      recordings: true,
    });
    // A QC inspector's request has no client fields, whatever the hidden inputs hold.
    expect(toCreateUserRequest({ ...client, campaigns: ['Spring Survey'] })).toEqual({ ...account, role: 'QC' });
  });

  it('checks a reset password by the same rule', () => {
    expect(validatePasswordReset({ password: '' })).toEqual({ password: 'Password is required' });
    expect(validatePasswordReset({ password: 'short' })).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(validatePasswordReset({ password: 'long-enough' })).toEqual({});
  });

  it("puts the server's taken username under the username field", () => {
    const taken = 'The username "qc.nadia" is already taken';
    const body = { message: taken, code: 'DUPLICATE', field: 'username' };
    expect(refusedField(new ApiError(409, taken, 'http', body), USER_REFUSALS)).toBe('username');
    expect(refusedField(new ApiError(400, 'username must not contain spaces'), USER_REFUSALS)).toBeUndefined();
    const unknown = 'No campaign named "Nope": the account was not saved';
    const refused = { message: unknown, code: 'INVALID_VALUE', field: 'campaigns' };
    expect(refusedField(new ApiError(400, unknown, 'http', refused), USER_REFUSALS)).toBe('campaigns');
  });
});
