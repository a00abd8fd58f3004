// The client landing page's call: who the signed-in client account is and its campaigns (GET /api/clients/me).
import { ZClientMe, type TClientMe } from '@crm/shared';
import { api } from '../../app/api.ts';

export const CLIENT_ME_KEY = ['clients', 'me'] as const;

export function fetchClientMe(): Promise<TClientMe> {
  return api.get('/api/clients/me', { schema: ZClientMe });
}
