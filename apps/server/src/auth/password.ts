// Password hashing: argon2id at OWASP's parameters (off the main thread); older scrypt hashes still verify until rehashed.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { hash, parseOptions, verify, type Algorithm, type Version } from '@node-rs/argon2';

/**
 * Today's cost: OWASP Password Storage Cheat Sheet, argon2id with 19 MiB of memory, 2 passes, 1 lane. About 20-30 ms
 * per hash on libuv's thread pool (off the main thread), 19 MiB while it runs.
 */
export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
// @node-rs/argon2 declares these as const enums, which isolatedModules cannot read: their values, typed.
const ARGON2ID: Algorithm = 2;
const VERSION_0x13: Version = 1;

const ARGON2ID_PREFIX = '$argon2id$';

/**
 * Hashes run at most this many at once (one per core, leaving a thread of libuv's pool free); the others wait here
 * rather than in the pool's queue. That pool also runs WebCrypto, with which jose signs the token inside the agent's
 * sign-in transaction: behind 200 queued hashes that transaction held its database connection for seconds, and a
 * burst of sign-ins took every connection (503s, /healthz busy). Memory stays bounded too: 19 MiB per running hash.
 */
const THREAD_POOL = Number(process.env.UV_THREADPOOL_SIZE) || 4;
const MAX_HASHING = Math.max(1, Math.min(os.availableParallelism(), THREAD_POOL - 1));
let hashing = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < MAX_HASHING) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot goes straight to the next in line, if any.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

/** The hash as stored before argon2id: `scrypt$N$r$p$salt$hash`, base64url parts (N=2^14, r=8, p=1, 64 bytes). */
function deriveScrypt(
  password: string,
  salt: Buffer,
  opts: { N: number; r: number; p: number; keylen: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      opts.keylen,
      { N: opts.N, r: opts.r, p: opts.p, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hashed] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hashed) return false;
  const expected = Buffer.from(hashed, 'base64url');
  const key = await limited(() =>
    deriveScrypt(password, Buffer.from(salt, 'base64url'), {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      keylen: expected.length,
    }),
  );
  return timingSafeEqual(key, expected);
}

/** The parameters of a stored argon2id hash, or undefined when it is not one. */
function argon2idOptions(stored: string) {
  if (!stored.startsWith(ARGON2ID_PREFIX)) return undefined;
  try {
    return parseOptions(stored);
  } catch {
    return undefined;
  }
}

/** The standard PHC string `$argon2id$v=19$m=19456,t=2,p=1$salt$hash` (16-byte random salt, 32-byte hash). */
export async function hashPassword(password: string): Promise<string> {
  return limited(() =>
    hash(password.normalize('NFKC'), { algorithm: ARGON2ID, version: VERSION_0x13, ...ARGON2_PARAMS }),
  );
}

/** Checks a password against an argon2id or an older scrypt hash; anything else (or a damaged hash) is no match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith(ARGON2ID_PREFIX)) {
    if (argon2idOptions(stored) === undefined) return false;
    return limited(() => verify(stored, password.normalize('NFKC')));
  }
  return verifyScrypt(password, stored);
}

/** Whether a stored hash is below today's cost: any scrypt (or unknown) hash, an argon2id one of lower memory, passes or version. */
export function needsRehash(stored: string): boolean {
  const o = argon2idOptions(stored);
  if (o === undefined) return true;
  return o.memoryCost < ARGON2_PARAMS.memoryCost || o.timeCost < ARGON2_PARAMS.timeCost || o.version !== VERSION_0x13;
}

/**
 * A hash to compare against when the user does not exist, so that timing does not reveal usernames. Made by
 * hashPassword, so it has today's parameters and costs what a real (upgraded) hash costs to verify.
 */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString('hex'));
  return dummy;
}
