import { describe, expect, it } from 'vitest';
import { EMPTY_USER_FORM, validateUserForm } from './user-form.ts';

describe('the Add QC inspector form', () => {
  it('requires a username without spaces, a name and a password of at least 8 characters', () => {
    expect(validateUserForm(EMPTY_USER_FORM)).toEqual({ username: 'Username is required', name: 'Name is required', password: 'Password is required' });
    expect(validateUserForm({ username: 'qc nadia', name: 'Nadia', password: 'short' })).toEqual({
      username: 'Username must not contain spaces',
      password: 'Password must be at least 8 characters',
    });
    expect(validateUserForm({ username: 'qc.nadia', name: 'Nadia', password: 'long-enough' })).toEqual({});
  });
});
