// Signed session tokens (JWT, HS256) carrying the spec's Session user payload.
import { SignJWT, jwtVerify, errors } from 'jose';
import { ZTokenPayload, type TTokenPayload } from '@crm/shared';

export const MEDIA_TOKEN_TTL_SECONDS = 300;
/** Tokens verified lately, kept so a busy agent's lookups skip the HMAC and payload checks; cleared when full. */
const VERIFIED_CACHE_SIZE = 10_000;

export type TokenService = {
  /** The lifetime of a session token, in seconds. */
  ttlSeconds: number;
  sign: (payload: Omit<TTokenPayload, 'exp' | 'iat'>, ttlSeconds?: number) => Promise<string>;
  verify: (token: string) => Promise<TTokenPayload | 'expired' | 'invalid'>;
};

/**
 * The claims a token of ours always has: an expiry, and for an agent the sign-in record it stands for (`sid`), so
 * signing out, a campaign's rename or delete, and the campaign the agent may work on all follow that record.
 */
function hasRequiredClaims(payload: TTokenPayload): boolean {
  if (payload.exp === undefined) return false;
  return payload.sid !== undefined || !payload.roles.some((r) => r.roleName === 'AGENT');
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  // Only tokens that verified go in, keyed by the whole signed string, so a hit is exactly as good as a verify;
  // the expiry is still checked on every use.
  const verified = new Map<string, TTokenPayload>();
  const slowVerify = async (token: string): Promise<TTokenPayload | 'expired' | 'invalid'> => {
    try {
      // Every token this server makes runs out (`exp`); one without is not of ours, whatever key signed it.
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
      const parsed = ZTokenPayload.safeParse(payload);
      return parsed.success && hasRequiredClaims(parsed.data) ? parsed.data : 'invalid';
    } catch (e) {
      return e instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  };
  return {
    ttlSeconds,
    sign: (payload, ttl = ttlSeconds) =>
      new SignJWT({ ...payload })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(payload.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
        .sign(key),
    verify: async (token) => {
      const known = verified.get(token);
      if (known !== undefined) {
        if (known.exp === undefined || known.exp * 1000 <= Date.now()) {
          verified.delete(token);
          return 'expired';
        }
        return known;
      }
      const result = await slowVerify(token);
      if (typeof result === 'object') {
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
        verified.set(token, result);
      }
      return result;
    },
  };
}
