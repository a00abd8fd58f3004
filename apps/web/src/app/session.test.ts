// The stored session: token decoding, what sign-in writes, expiry, and what logout removes.
import { describe, expect, it } from 'vitest';
import { agentToken, makeToken } from '../test/tokens.ts';
import { clearSession, decodeToken, landingPath, readSession, storeSession } from './session.ts';

describe('decodeToken', () => {
  it('reads the payload of a token', () => {
    const payload = decodeToken(makeToken({ name: 'Zoë Ünal' }));
    expect(payload?.userName).toBe('admin');
    expect(payload?.name).toBe('Zoë Ünal');
    expect(payload?.roles[0]?.roleName).toBe('ADMIN');
  });

  it('returns null for garbage and for a payload that breaks the contract', () => {
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(decodeToken(makeToken({ roles: [] }))).toBeNull();
  });
});

describe('storeSession / readSession', () => {
  it('stores {jwtToken} under auth-user and reads it back', () => {
    const token = makeToken();
    storeSession(token);
    expect(JSON.parse(sessionStorage.getItem('auth-user') ?? '{}')).toEqual({ jwtToken: token });
    const session = readSession();
    expect(session?.role).toBe('ADMIN');
    expect(session?.token).toBe(token);
    expect(localStorage.getItem('username')).toBeNull();
  });

  it('keeps an agent id and campaign in localStorage', () => {
    storeSession(agentToken());
    expect(localStorage.getItem('username')).toBe('A-100');
    expect(localStorage.getItem('agentId')).toBe('A-100');
    expect(localStorage.getItem('campaignName')).toBe('Mobile Survey');
    expect(readSession()?.role).toBe('AGENT');
  });

  it('an expired token is no session, and its leftovers are removed', () => {
    sessionStorage.setItem(
      'auth-user',
      JSON.stringify({ jwtToken: makeToken({ exp: Math.floor(Date.now() / 1000) - 5 }) }),
    );
    expect(readSession()).toBeNull();
    expect(sessionStorage.getItem('auth-user')).toBeNull();
  });

  it('refuses to store an unusable token', () => {
    expect(() => storeSession('nonsense')).toThrow();
    expect(sessionStorage.getItem('auth-user')).toBeNull();
  });

  it('an unreadable stored entry is no session', () => {
    sessionStorage.setItem('auth-user', '{oops');
    expect(readSession()).toBeNull();
  });

  it('logout clears auth-user, username, campaignName and agentId', () => {
    storeSession(agentToken());
    clearSession();
    for (const key of ['username', 'campaignName', 'agentId']) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('auth-user')).toBeNull();
    expect(readSession()).toBeNull();
  });
});

describe('landingPath', () => {
  it('sends each role to its landing page; an agent with their campaign', () => {
    expect(landingPath(storeSession(makeToken()))).toBe('/dashboard');
    expect(
      landingPath(storeSession(makeToken({ userName: 'qc1', roles: [{ roleName: 'QC', roleDescription: 'QC' }] }))),
    ).toBe('/qcChecking');
    expect(landingPath(storeSession(agentToken()))).toBe('/CRM?campaignName=Mobile%20Survey');
  });
});
