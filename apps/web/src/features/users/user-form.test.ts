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

describe('the Add QC inspector form', () => {
  it('requires a username without spaces, a name and a password of at least 8 characters (ZCreateUserRequest)', () => {
    expect(validateUserForm(EMPTY_USER_FORM)).toEqual({
      username: 'Username is required',
      name: 'Name is required',
      password: 'Password is required',
    });
    expect(validateUserForm({ username: 'qc nadia', name: 'Nadia', password: 'short' })).toEqual({
      username: 'Username must not contain spaces',
      password: 'Password must be at least 8 characters',
    });
    expect(validateUserForm({ username: 'qc.nadia', name: 'x'.repeat(101), password: 'long-enough' })).toEqual({
      name: 'Name must be at most 100 characters',
    });
    expect(validateUserForm({ username: 'qc.nadia', name: 'Nadia', password: 'long-enough' })).toEqual({});
  });

  it('sends trimmed text and the QC role', () => {
    expect(toCreateUserRequest({ username: ' qc.nadia ', name: ' Nadia ', password: ' long-enough ' })).toEqual({
      username: 'qc.nadia',
      name: 'Nadia',
      password: ' long-enough ',
      role: 'QC',
    });
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
  });
});
