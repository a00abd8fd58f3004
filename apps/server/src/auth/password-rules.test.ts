// The password rules on their own: each rule, its code and words, and the common-password list read once.
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, PASSWORD_RULE_CODES } from '@crm/shared';
import { commonPasswords, commonPasswordsOf, findPasswordProblem } from './password-rules.ts';

describe('findPasswordProblem', () => {
  it('refuses passwords of the list of the 100,000 most used, whatever their case', async () => {
    for (const password of ['12345678', 'password', 'password1', 'Password1', 'qwertyuiop', 'iloveyou']) {
      expect(await findPasswordProblem(password, {})).toEqual({
        code: PASSWORD_RULE_CODES.tooCommon,
        message: PASSWORD_MESSAGES.tooCommon,
      });
    }
    expect(PASSWORD_MESSAGES.tooCommon).toBe(
      'password is too common: it is in the list of the 100,000 most used passwords',
    );
  });

  it('refuses one character repeated', async () => {
    for (const password of ['aaaaaaaa', '11111111111', 'ZZZZZZZZZZZZZZZZZZZZ', '😀😀😀😀😀😀😀😀']) {
      expect((await findPasswordProblem(password, {}))?.code).toBe(PASSWORD_RULE_CODES.repeated);
    }
  });

  it('refuses the username, the agent ID or a word of the name inside, whatever the case', async () => {
    expect(await findPasswordProblem('my-Inspector7-pass', { username: 'inspector7' })).toEqual({
      code: 'PASSWORD_CONTAINS_NAME',
      message: 'password must not contain the username',
    });
    expect(await findPasswordProblem('zz-ag-1001-zz', { agentId: 'AG-1001' })).toEqual({
      code: 'PASSWORD_CONTAINS_NAME',
      message: 'password must not contain the agent ID',
    });
    // The ID without its punctuation too.
    expect((await findPasswordProblem('secretAG1001!', { agentId: 'AG-1001' }))?.message).toBe(
      'password must not contain the agent ID',
    );
    expect(await findPasswordProblem('pashaRocks2024', { name: 'Kamal Pasha' })).toEqual({
      code: 'PASSWORD_CONTAINS_NAME',
      message: 'password must not contain a part of the name ("Pasha")',
    });
  });

  it('accepts a password with none of these, and short words of a name', async () => {
    expect(await findPasswordProblem('correct horse battery', { username: 'qc7', name: 'Md Al Amin' })).toBeUndefined();
    // "Md" and "Al" are under three characters; "Amin" is not in the password.
    expect(await findPasswordProblem('mdal-quiet-river', { name: 'Md Al Amin' })).toBeUndefined();
  });
});

describe('the common-password list', () => {
  it('takes the first lines only, lower-cased, without those shorter than 8 characters', () => {
    expect([...commonPasswordsOf('123456\nPassword1\r\nsunshine\nbeyond-the-count\n', 3)]).toEqual([
      'password1',
      'sunshine',
    ]);
  });

  it('is read once, holds the 8+ character passwords of the 100,000 most used, and costs a few MB', async () => {
    const before = process.memoryUsage().heapUsed;
    const first = await commonPasswords();
    const second = await commonPasswords();
    expect(second).toBe(first);
    expect(first.size).toBeGreaterThan(35_000);
    expect(first.size).toBeLessThan(100_000);
    // Measured when the list is read in this test: heap growth stays well under 8 MB (docs/trust.md gives the figure).
    const grown = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    expect(grown).toBeLessThan(8);
  });
});
