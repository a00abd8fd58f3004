// The rules every new password meets beyond its length (ASVS V6.2; docs/trust.md, Passwords), and the codes and words of
// their refusals, so the web shows the server's message under the password field and tells the refusals apart by code.

/** How many of the most used passwords (most used first) a new password is checked against. */
export const COMMON_PASSWORDS_CHECKED = 100_000;

/** Words of a name (or parts of an ID) shorter than this are not looked for in a password: too many passwords hold them. */
export const MIN_NAME_PART_LENGTH = 3;

export const PASSWORD_RULE_CODES = {
  tooCommon: 'PASSWORD_TOO_COMMON',
  containsName: 'PASSWORD_CONTAINS_NAME',
  repeated: 'PASSWORD_REPEATED',
} as const;
export type TPasswordRuleCode = (typeof PASSWORD_RULE_CODES)[keyof typeof PASSWORD_RULE_CODES];

/** Changing one's own password (PUT /api/users/{id} of the caller): what the current password and the code must be. */
export const OWN_PASSWORD_CODES = {
  currentPasswordRequired: 'CURRENT_PASSWORD_REQUIRED',
  currentPasswordWrong: 'CURRENT_PASSWORD_WRONG',
  mfaCodeRequired: 'MFA_CODE_REQUIRED',
  mfaCodeWrong: 'MFA_CODE_WRONG',
} as const;

/** Which of an account's identifiers a password may not hold. */
export type TPasswordOwner = { username?: string; agentId?: string; name?: string };

export const PASSWORD_MESSAGES = {
  tooCommon: `password is too common: it is in the list of the ${COMMON_PASSWORDS_CHECKED.toLocaleString('en-US')} most used passwords`,
  repeated: 'password must not be one character repeated',
  containsUsername: 'password must not contain the username',
  containsAgentId: 'password must not contain the agent ID',
  containsName: (part: string) => `password must not contain a part of the name ("${part}")`,
  currentPasswordRequired: 'currentPassword is required to change your own password',
  currentPasswordWrong: 'The current password is wrong.',
  mfaCodeRequired:
    'mfaCode is required to change your own password: a code of your authenticator app or a recovery code',
  mfaCodeWrong: 'The authentication code is wrong.',
} as const;

/** Every refusal code of a new password, for a form to put the server's message under its password field. */
export const PASSWORD_FIELD_CODES: readonly string[] = [
  ...Object.values(PASSWORD_RULE_CODES),
  OWN_PASSWORD_CODES.currentPasswordRequired,
];

export type TPasswordProblem = { code: TPasswordRuleCode; message: string };

const lower = (s: string) => s.normalize('NFKC').toLowerCase();
/** Letters and digits only: "AG-1001" is found as "ag1001" too. */
const alphanumeric = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '');

/** One character repeated (`aaaaaaaa`, `11111111`), counted by code point. */
export function isOneRepeatedCharacter(password: string): boolean {
  const chars = Array.from(password);
  return chars.length > 0 && chars.every((c) => c === chars[0]);
}

/** The identifier found inside the password (case-insensitive), if any. */
function containsIdentifier(password: string, identifier: string | undefined): boolean {
  if (identifier === undefined) return false;
  const p = lower(password);
  const id = lower(identifier.trim());
  if (id.length >= MIN_NAME_PART_LENGTH && p.includes(id)) return true;
  const compact = alphanumeric(id);
  return compact.length >= MIN_NAME_PART_LENGTH && alphanumeric(p).includes(compact);
}

/** The first word of the name (of MIN_NAME_PART_LENGTH characters or more) found inside the password, if any. */
function namePartIn(password: string, name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const p = lower(password);
  return name
    .split(/[^\p{L}\p{N}]+/u)
    .filter((part) => part.length >= MIN_NAME_PART_LENGTH)
    .find((part) => p.includes(lower(part)));
}

/**
 * What is wrong with a password by the rules that need no list: one repeated character; the username, the agent ID or
 * a word of the name inside it. The common-password list is the server's (apps/server/src/auth/password-rules.ts).
 */
export function passwordProblem(password: string, owner: TPasswordOwner): TPasswordProblem | undefined {
  if (isOneRepeatedCharacter(password))
    return { code: PASSWORD_RULE_CODES.repeated, message: PASSWORD_MESSAGES.repeated };
  if (containsIdentifier(password, owner.agentId))
    return { code: PASSWORD_RULE_CODES.containsName, message: PASSWORD_MESSAGES.containsAgentId };
  if (containsIdentifier(password, owner.username))
    return { code: PASSWORD_RULE_CODES.containsName, message: PASSWORD_MESSAGES.containsUsername };
  const part = namePartIn(password, owner.name);
  if (part !== undefined)
    return { code: PASSWORD_RULE_CODES.containsName, message: PASSWORD_MESSAGES.containsName(part) };
  return undefined;
}
