// Passwords of accounts (docs/trust.md, Passwords): the rules wherever a password is set (QC inspectors, agents, the
// admin's reset of another account), and one's own change, which needs the current password and the second factor.
import { describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import {
  OWN_PASSWORD_CODES,
  PASSWORD_MESSAGES,
  PASSWORD_RULE_CODES,
  SIGN_IN_LIMIT_CODES,
  type TUser,
} from '@crm/shared';
import { caller, createUser, sessionTokenFor, useTestApp, type TestUser } from '../../test/harness.ts';
import { agentBody, countRows, nextAgentId } from '../../test/agents-support.ts';
import { newTotpSecret } from '../mfa/totp.ts';

const t = useTestApp({ loginRateLimit: 3 });

const signIn = (username: string, password: string) =>
  t.anonymous.post('/api/auth/signInSuperAdmin', { username, password });

/** Every rule with a password that breaks it, for an account `qc.rina` named "Rina Das" (agent AG-RINA-7). */
const REFUSED: [password: string, code: string, message: string][] = [
  ['12345678', PASSWORD_RULE_CODES.tooCommon, PASSWORD_MESSAGES.tooCommon],
  ['password', PASSWORD_RULE_CODES.tooCommon, PASSWORD_MESSAGES.tooCommon],
  ['Password1', PASSWORD_RULE_CODES.tooCommon, PASSWORD_MESSAGES.tooCommon],
  ['aaaaaaaa', PASSWORD_RULE_CODES.repeated, PASSWORD_MESSAGES.repeated],
  ['rina-quiet-river', PASSWORD_RULE_CODES.containsName, PASSWORD_MESSAGES.containsName('Rina')],
];

describe('the password rules where an admin sets a password', () => {
  it('refuses each rule on Add QC inspector with 400 naming it and a code, and stores nothing', async () => {
    const api = await t.callerFor('admin');
    const cases: [string, string, string][] = [
      ...REFUSED,
      ['my-QC.Farida-pass', PASSWORD_RULE_CODES.containsName, PASSWORD_MESSAGES.containsUsername],
    ];
    for (const [password, code, message] of cases) {
      const r = await api.post('/api/users', { username: 'qc.farida', name: 'Rina Das', password, role: 'QC' });
      expect([r.status, r.body], password).toEqual([400, { message, code }]);
    }
    expect(await t.db.selectFrom('users').select('id').where('username', '=', 'qc.farida').execute()).toEqual([]);
    expect(
      (await api.post('/api/users', { username: 'qc.farida', name: 'Rina Das', password: 'quiet-river-7', role: 'QC' }))
        .status,
    ).toBe(200);
  });

  it("refuses each rule on a reset of another account's password, and keeps the old one", async () => {
    const api = await t.callerFor('admin');
    const qc = await createUser(t.db, { role: 'qc', username: 'qc.rina', name: 'Rina Das' });
    for (const [password, code, message] of [
      ...REFUSED,
      ['QC.RINA-2027', PASSWORD_RULE_CODES.containsName, PASSWORD_MESSAGES.containsUsername] as const,
    ]) {
      const r = await api.put(`/api/users/${qc.id}`, { password });
      expect([r.status, r.body], password).toEqual([400, { message, code }]);
    }
    // A new name is the name the password is checked against.
    const renamed = await api.put(`/api/users/${qc.id}`, { name: 'Shapla Khatun', password: 'shapla-in-bloom' });
    expect([renamed.status, renamed.json<{ code: string }>().code]).toEqual([400, PASSWORD_RULE_CODES.containsName]);
    expect((await signIn(qc.username, qc.password)).status).toBe(200);
    // Another account's password needs no current password.
    expect((await api.put(`/api/users/${qc.id}`, { password: 'quiet-river-7' })).status).toBe(200);
    expect((await signIn(qc.username, 'quiet-river-7')).status).toBe(200);
  });

  it('refuses each rule on Add Agent and Edit Agent, the agent ID included', async () => {
    const api = await t.callerFor('admin');
    const agentId = nextAgentId('PW');
    const before = await countRows(t.db);
    for (const [password, code, message] of [
      ...REFUSED,
      [`x-${agentId.toLowerCase()}-x`, PASSWORD_RULE_CODES.containsName, PASSWORD_MESSAGES.containsAgentId] as const,
    ]) {
      const r = await api.post('/api/ac/addAgent', agentBody({ agentId, name: 'Rina Das', password }));
      expect([r.status, r.body], password).toEqual([400, { message, code }]);
    }
    expect(await countRows(t.db)).toEqual(before);
    const added = await api.post(
      '/api/ac/addAgent',
      agentBody({ agentId, name: 'Rina Das', password: 'quiet-river-7' }),
    );
    expect(added.status, added.text).toBe(200);
    const { createAt: _createAt, ...agent } = added.json<{ createAt: string; id: number }>();
    const edit = await api.put('/api/ac/editAgent', { ...agent, password: '11111111' });
    expect([edit.status, edit.body]).toEqual([
      400,
      { message: PASSWORD_MESSAGES.repeated, code: PASSWORD_RULE_CODES.repeated },
    ]);
  });
});

describe("changing one's own password", () => {
  async function adminWith(password = 'my-current-secret'): Promise<{ me: TestUser; api: ReturnType<typeof caller> }> {
    const me = await createUser(t.db, { role: 'admin', password });
    return { me, api: caller(t.app, await sessionTokenFor(t.app, me)) };
  }

  it('needs the current password: 400 without it, 403 when wrong, and the password is unchanged', async () => {
    const { me, api } = await adminWith();
    const missing = await api.put(`/api/users/${me.id}`, { password: 'brand-new-secret' });
    expect([missing.status, missing.body]).toEqual([
      400,
      { message: PASSWORD_MESSAGES.currentPasswordRequired, code: OWN_PASSWORD_CODES.currentPasswordRequired },
    ]);
    const wrong = await api.put(`/api/users/${me.id}`, {
      password: 'brand-new-secret',
      currentPassword: 'not-my-secret',
    });
    expect([wrong.status, wrong.body]).toEqual([
      403,
      { message: PASSWORD_MESSAGES.currentPasswordWrong, code: OWN_PASSWORD_CODES.currentPasswordWrong },
    ]);
    expect((await signIn(me.username, me.password)).status).toBe(200);
    expect((await signIn(me.username, 'brand-new-secret')).status).toBe(401);
  });

  it('changes it with the current password, and the rules still apply', async () => {
    const { me, api } = await adminWith();
    const weak = await api.put(`/api/users/${me.id}`, { password: 'aaaaaaaaaa', currentPassword: me.password });
    expect([weak.status, weak.json<{ code: string }>().code]).toEqual([400, PASSWORD_RULE_CODES.repeated]);
    const r = await api.put(`/api/users/${me.id}`, { password: 'brand-new-secret', currentPassword: me.password });
    expect(r.status, r.text).toBe(200);
    expect(r.json<TUser>().id).toBe(me.id);
    expect((await signIn(me.username, 'brand-new-secret')).status).toBe(200);
  });

  it('counts a wrong current password against the sign-in limits of the username', async () => {
    const { me, api } = await adminWith();
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await api.put(`/api/users/${me.id}`, { password: 'brand-new-secret', currentPassword: `guess-${i}-guess` }))
          .status,
      );
    expect(statuses).toEqual([403, 403, 403, 429]);
    const held = await signIn(me.username, me.password);
    expect([held.status, held.json<{ code: string }>().code]).toEqual([429, SIGN_IN_LIMIT_CODES.minute]);
    // Renaming oneself checks no secret: not held.
    expect((await api.put(`/api/users/${me.id}`, { name: 'Still Me' })).status).toBe(200);
  });

  it('needs a code of the second factor when one is enrolled', async () => {
    const { me, api } = await adminWith();
    const secret = newTotpSecret();
    await t.db
      .updateTable('users')
      .set({ mfaSecret: secret, mfaEnrolledAt: new Date() })
      .where('id', '=', me.id)
      .execute();
    const change = { password: 'brand-new-secret', currentPassword: me.password };
    const missing = await api.put(`/api/users/${me.id}`, change);
    expect([missing.status, missing.body]).toEqual([
      400,
      { message: PASSWORD_MESSAGES.mfaCodeRequired, code: OWN_PASSWORD_CODES.mfaCodeRequired },
    ]);
    const wrong = await api.put(`/api/users/${me.id}`, {
      ...change,
      mfaCode: '000000' === (await generate({ secret })) ? '111111' : '000000',
    });
    expect([wrong.status, wrong.body]).toEqual([
      403,
      { message: PASSWORD_MESSAGES.mfaCodeWrong, code: OWN_PASSWORD_CODES.mfaCodeWrong },
    ]);
    const code = await generate({ secret });
    expect((await api.put(`/api/users/${me.id}`, { ...change, mfaCode: code })).status).toBe(200);
    expect((await signIn(me.username, 'brand-new-secret')).status).toBe(200);
  });
});
