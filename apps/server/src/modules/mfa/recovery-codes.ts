// Recovery codes: ten at enrolment, shown once, stored as argon2id hashes, each good once.
import { randomInt } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../auth/password.ts';

export const RECOVERY_CODE_COUNT = 10;
/** No 0/O, 1/I/L: a code read off paper is typed right. 31 letters, 10 of them: about 50 bits each. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUP = 5;

/** A new code, `XXXXX-XXXXX`. */
function newRecoveryCode(): string {
  let text = '';
  for (let i = 0; i < GROUP * 2; i++) text += ALPHABET[randomInt(ALPHABET.length)];
  return `${text.slice(0, GROUP)}-${text.slice(GROUP)}`;
}

/** A code as typed, the way it is hashed: upper case, no dashes or spaces. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** Whether a typed code could be a recovery code at all (before any hash is compared). */
export function isRecoveryCodeShape(code: string): boolean {
  const plain = normaliseRecoveryCode(code);
  return plain.length === GROUP * 2 && [...plain].every((c) => ALPHABET.includes(c));
}

/** Ten new codes, and their hashes to store. */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(normaliseRecoveryCode(c))));
  return { codes, hashes };
}

/** The id of the stored code the typed one matches, or null. Each hash is compared (argon2id: about 25 ms each). */
export async function matchRecoveryCode(
  code: string,
  stored: { id: number; codeHash: string }[],
): Promise<number | null> {
  if (!isRecoveryCodeShape(code)) return null;
  const plain = normaliseRecoveryCode(code);
  for (const row of stored) if (await verifyPassword(plain, row.codeHash)) return row.id;
  return null;
}
