// The Add QC inspector and Reset password forms' rules: the same as the server's, said in the form's words.
import { MIN_PASSWORD_LENGTH } from '@crm/shared';

export type TUserFormValues = { username: string; name: string; password: string };
export type TUserFormErrors = Partial<Record<keyof TUserFormValues, string>>;

export const EMPTY_USER_FORM: TUserFormValues = { username: '', name: '', password: '' };

export function passwordError(password: string): string | undefined {
  if (password === '') return 'Password is required';
  if (password.length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  return undefined;
}

export function validateUserForm(values: TUserFormValues): TUserFormErrors {
  const errors: TUserFormErrors = {};
  const username = values.username.trim();
  if (username === '') errors.username = 'Username is required';
  else if (/\s/.test(username)) errors.username = 'Username must not contain spaces';
  if (values.name.trim() === '') errors.name = 'Name is required';
  const password = passwordError(values.password);
  if (password !== undefined) errors.password = password;
  return errors;
}
