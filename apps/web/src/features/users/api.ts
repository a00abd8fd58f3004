// The /api/users calls of the Users screen (QC inspector and client accounts), and the react-query keys that reload them.
import {
  MAX_PAGE_SIZE,
  ZMfaResetResult,
  ZUser,
  zPaged,
  type TCreateUserRequest,
  type TMfaResetResult,
  type TPaged,
  type TUpdateUserRequest,
  type TUser,
} from '@crm/shared';
import { api } from '../../app/api.ts';

export const USERS_KEY = ['users'] as const;

const ZUserPage = zPaged(ZUser);

export function fetchUserPage(page: number, size: number): Promise<TPaged<TUser>> {
  return api.get(`/api/users/pagination/${page}/${size}`, { schema: ZUserPage });
}

/** Every account whose username or name contains the term (up to a page of the largest size). */
export function searchUsers(term: string): Promise<TPaged<TUser>> {
  return api.get('/api/users', { query: { page: 0, size: MAX_PAGE_SIZE, search: term }, schema: ZUserPage });
}

/** A QC inspector or a client account (body.role; QC when left out). */
export function createUser(body: TCreateUserRequest): Promise<TUser> {
  return api.post('/api/users', { ...body, role: body.role ?? 'QC' }, { schema: ZUser });
}

export function updateUser(id: number, body: TUpdateUserRequest): Promise<TUser> {
  return api.put(`/api/users/${id}`, body, { schema: ZUser });
}

/** Takes another account's second factor away (DELETE /api/users/{id}/mfa): it enrols again at its next sign-in. */
export function resetSecondFactor(id: number): Promise<TMfaResetResult> {
  // The dialog shows a refusal itself.
  return api.del(`/api/users/${id}/mfa`, { schema: ZMfaResetResult, notify: false });
}
