// Signed session tokens (JWT, HS256) carrying the spec's Session user payload.
import { SignJWT, jwtVerify, errors } from 'jose';
import { ZTokenPayload, type TTokenPayload } from '@crm/shared';

export const MEDIA_TOKEN_TTL_SECONDS = 300;

export type TokenService = {
  sign: (payload: Omit<TTokenPayload, 'exp' | 'iat'>, ttlSeconds?: number) => Promise<string>;
  verify: (token: string) => Promise<TTokenPayload | 'expired' | 'invalid'>;
};

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (payload, ttl = ttlSeconds) =>
      new SignJWT({ ...payload })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(payload.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const parsed = ZTokenPayload.safeParse(payload);
        return parsed.success ? parsed.data : 'invalid';
      } catch (e) {
        return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
      }
    },
  };
}
