// Unsigned JWTs for tests: the browser never verifies signatures, it only reads the payload.
import type { TTokenPayload } from '@crm/shared';

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const HOUR_S = 3600;

export function makeToken(payload: Partial<TTokenPayload> = {}): string {
  const body: TTokenPayload = {
    sub: '1',
    userName: 'admin',
    name: 'Ada Admin',
    roles: [{ roleName: 'ADMIN', roleDescription: 'Administrator' }],
    exp: Math.floor(Date.now() / 1000) + HOUR_S,
    ...payload,
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(body))}.signature`;
}

export function agentToken(payload: Partial<TTokenPayload> = {}): string {
  return makeToken({
    sub: '7',
    userName: 'A-100',
    name: 'Rahim Uddin',
    roles: [{ roleName: 'AGENT', roleDescription: 'Call-centre agent' }],
    agentId: 'A-100',
    shift: 'Morning',
    campaign: 'Mobile Survey',
    ...payload,
  });
}
