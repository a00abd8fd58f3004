// The first administrator (docs/trust.md, Passwords): CRM_ADMIN_PASSWORD meets the password rules or stops the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { findPasswordProblem } from '../../auth/password-rules.ts';
import { ensureAdmin } from './service.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => drop());

const admins = () => database.db.selectFrom('users').select('username').where('role', '=', 'admin').execute();

describe('ensureAdmin on the first start', () => {
  it('refuses a CRM_ADMIN_PASSWORD that breaks a password rule, in one line naming the rule, and makes no admin', async () => {
    expect(await admins()).toEqual([]);
    await expect(ensureAdmin(database.db, 'my-Admin-2027')).rejects.toThrow(
      /^CRM_ADMIN_PASSWORD is refused: password must not contain the username \(docs\/trust\.md, Passwords\)$/,
    );
    await expect(ensureAdmin(database.db, 'password1')).rejects.toThrow(
      /CRM_ADMIN_PASSWORD is refused: password is too common/,
    );
    await expect(ensureAdmin(database.db, 'zzzzzzzzzz')).rejects.toThrow(
      /CRM_ADMIN_PASSWORD is refused: password must not be one character repeated/,
    );
    expect(await admins()).toEqual([]);
  });

  it('makes the admin with a random password that meets the rules when none is given', async () => {
    const made = await ensureAdmin(database.db, undefined);
    expect(made).toMatchObject({ created: true, username: 'admin', generated: true });
    if (!made.created) throw new Error('no admin made');
    expect(await findPasswordProblem(made.password, { username: 'admin', name: 'Administrator' })).toBeUndefined();
    expect(await admins()).toEqual([{ username: 'admin' }]);
  });
});
