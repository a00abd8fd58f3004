// PostgreSQL refusing a value the request carried — a NUL character in text, a whole number beyond an integer
// column — is the client's mistake, not the server's: a 400 naming the field instead of a 500. Schemas check
// shape and length; these two limits belong to the database and apply to every route, so they are caught once here.
import type { FastifyRequest } from 'fastify';

/** The largest value of a PostgreSQL integer (int4) column: ids, call targets, counts. */
export const MAX_DB_INTEGER = 2_147_483_647;

/** invalid byte sequence (a NUL in text) and unsupported Unicode escape (\u0000 in jsonb). */
const NUL_REFUSED = new Set(['22021', '22P05']);
const OUT_OF_RANGE = '22003';

function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

/** The path (`body.campaignName`, `params.id`, `body.0.title`) of the first value for which `test` holds. */
function findValue(value: unknown, path: string, test: (v: unknown) => boolean, depth = 0): string | undefined {
  if (test(value)) return path;
  if (depth > 32 || value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (test(key)) return `${path} (a key)`;
    const found = findValue(child, `${path}.${key}`, test, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function findInRequest(request: FastifyRequest, test: (v: unknown) => boolean): string | undefined {
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  for (const [where, value] of parts) {
    const found = findValue(value, where, test);
    if (found !== undefined) return found;
  }
  return undefined;
}

const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\0');
const tooLargeNumber = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) > MAX_DB_INTEGER;
const tooLargeDigits = (v: unknown) =>
  typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) && Math.abs(Number(v)) > MAX_DB_INTEGER;

/**
 * The 400 message for a database error caused by a value of the request, or undefined when the error is
 * anything else (or no value of the request explains it: then it stays a server error).
 */
export function describeRefusedValue(error: unknown, request: FastifyRequest): string | undefined {
  const state = sqlState(error);
  if (state !== undefined && NUL_REFUSED.has(state)) {
    const field = findInRequest(request, hasNul);
    return field === undefined ? undefined : `${field}: text may not contain a NUL character (\\u0000)`;
  }
  if (state === OUT_OF_RANGE) {
    const field = findInRequest(request, tooLargeNumber) ?? findInRequest(request, tooLargeDigits);
    return field === undefined
      ? undefined
      : `${field}: the number is too large (at most ${MAX_DB_INTEGER.toLocaleString('en-US')})`;
  }
  return undefined;
}
