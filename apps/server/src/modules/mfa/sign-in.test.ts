// The sign-in's second step under MFA_REQUIRED=admins (issue 33 item 3): no token before the code, enrolment with
// its recovery codes, a code good once, recovery codes once each, the mfaToken's 5 minutes and single use, skips.
import { describe, expect, it } from 'vitest';
import { MFA_CODES, type TEnrolRequired, type TMfaResult } from '@crm/shared';
import { caller, createUser, useTestApp } from '../../test/harness.ts';
import { codeAt, createEnrolledUser, mfaTokenOf, signInAccount, wrongCodeFor } from '../../test/mfa-support.ts';

const t = useTestApp({ mfa: { requiredRoles: ['admin'], graceSignIns: 2 } });

const STEP_MS = 30_000;

async function sendCode(mfaToken: string, code: string) {
  const r = await t.anonymous.post('/api/auth/mfa', { mfaToken, code });
  return { status: r.status, body: r.json<TMfaResult & { message?: string; code?: string }>() };
}

describe('POST /api/auth/signInSuperAdmin with a second factor due', () => {
  it('gives an admin without a factor no token: the enrolment step, its secret and URL, and the skips left', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const r = await signInAccount(t.anonymous, admin);
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty('jwtToken');
    const step = r.body as TEnrolRequired;
    expect(step).toMatchObject({ enrolRequired: true, canSkip: true, skipsLeft: 2 });
    expect(step.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(step.otpauthUrl).toBe(
      `otpauth://totp/CallDesk%20CRM:${admin.username}?secret=${step.secret}&issuer=CallDesk%20CRM`,
    );
    // The secret is not the account's until a code confirms it.
    const row = await t.db
      .selectFrom('users')
      .select(['mfaSecret', 'mfaEnrolledAt'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mfaSecret: null, mfaEnrolledAt: null });
    // The mfaToken is no session token.
    expect((await caller(t.app, step.mfaToken).get('/api/auth/me')).status).toBe(401);
  });

  it('enrols with the first right code: a session, ten recovery codes once, the factor stored and audited', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const step = (await signInAccount(t.anonymous, admin)).body as TEnrolRequired;
    const wrong = await sendCode(step.mfaToken, await wrongCodeFor(step.secret));
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe(MFA_CODES.codeWrong);

    const done = await sendCode(step.mfaToken, await codeAt(step.secret));
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(new Set(done.body.recoveryCodes).size).toBe(10);
    for (const c of done.body.recoveryCodes ?? []) expect(c).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    const me = await caller(t.app, done.body.jwtToken).get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.json<{ userName: string }>().userName).toBe(admin.username);

    const row = await t.db
      .selectFrom('users')
      .select(['mfaSecret', 'mfaEnrolledAt'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.mfaSecret).toBe(step.secret);
    expect(row.mfaEnrolledAt).not.toBeNull();
    const stored = await t.db
      .selectFrom('mfaRecoveryCodes')
      .select('codeHash')
      .where('userId', '=', admin.id)
      .execute();
    expect(stored).toHaveLength(10);
    // Stored hashed, never as typed.
    expect(
      stored.every(
        (s) =>
          s.codeHash.startsWith('$argon2id$') && !(done.body.recoveryCodes ?? []).some((c) => s.codeHash.includes(c)),
      ),
    ).toBe(true);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['actorUsername', 'action', 'changes'])
      .where('objectType', '=', 'user')
      .where('objectId', '=', String(admin.id))
      .execute();
    expect(audit).toEqual([
      {
        actorUsername: admin.username,
        action: 'update',
        changes: { before: { mfaEnrolled: false }, after: { mfaEnrolled: true }, note: 'second factor enrolled' },
      },
    ]);

    // From now on the password step asks for the code, and no longer offers enrolment.
    const next = await signInAccount(t.anonymous, admin);
    expect(next.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    // The enrolment's own code was used: the next step's code signs in.
    const again = await sendCode(mfaTokenOf(next), await codeAt(step.secret, Date.now() + STEP_MS));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual({ jwtToken: expect.any(String) });
  });

  it('takes a code once: the same code again, on a new sign-in, is refused', async () => {
    const admin = await createEnrolledUser(t.db, 'admin');
    const code = await codeAt(admin.secret);
    expect((await sendCode(mfaTokenOf(await signInAccount(t.anonymous, admin)), code)).status).toBe(200);
    const replay = await sendCode(mfaTokenOf(await signInAccount(t.anonymous, admin)), code);
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: MFA_CODES.codeUsed, message: expect.stringMatching(/used already/) });
  });

  it('lets a wrong code be corrected with the same mfaToken, which then works no more', async () => {
    const admin = await createEnrolledUser(t.db, 'admin');
    const mfaToken = mfaTokenOf(await signInAccount(t.anonymous, admin));
    expect((await sendCode(mfaToken, await wrongCodeFor(admin.secret))).body.code).toBe(MFA_CODES.codeWrong);
    expect((await sendCode(mfaToken, 'not-a-code')).status).toBe(401);
    expect((await sendCode(mfaToken, await codeAt(admin.secret))).status).toBe(200);
    const used = await sendCode(mfaToken, await codeAt(admin.secret, Date.now() + STEP_MS));
    expect(used.status).toBe(401);
    expect(used.body).toMatchObject({ code: MFA_CODES.tokenInvalid, message: expect.stringMatching(/Sign in again/) });
  });

  it('refuses an mfaToken past its 5 minutes, and one never given', async () => {
    const admin = await createEnrolledUser(t.db, 'admin');
    const mfaToken = mfaTokenOf(await signInAccount(t.anonymous, admin));
    const challenge = await t.db
      .selectFrom('mfaChallenges')
      .select(['expiresAt', 'createdAt'])
      .where('userId', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(challenge.expiresAt.getTime() - challenge.createdAt.getTime()).toBeGreaterThan(4.9 * 60_000);
    expect(challenge.expiresAt.getTime() - challenge.createdAt.getTime()).toBeLessThan(5.1 * 60_000);
    await t.db
      .updateTable('mfaChallenges')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', admin.id)
      .execute();
    const late = await sendCode(mfaToken, await codeAt(admin.secret));
    expect(late.status).toBe(401);
    expect(late.body.code).toBe(MFA_CODES.tokenInvalid);
    expect((await sendCode('made-up-token', '123456')).body.code).toBe(MFA_CODES.tokenInvalid);
  });

  it('signs in with a recovery code once, and says how many are left', async () => {
    const admin = await createEnrolledUser(t.db, 'admin');
    const [first] = admin.recoveryCodes as [string];
    const used = await sendCode(mfaTokenOf(await signInAccount(t.anonymous, admin)), first.toLowerCase());
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    expect(used.body).toEqual({ jwtToken: expect.any(String), recoveryCodesLeft: 9 });
    expect((await caller(t.app, used.body.jwtToken).get('/api/auth/me')).status).toBe(200);
    const again = await sendCode(mfaTokenOf(await signInAccount(t.anonymous, admin)), first);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe(MFA_CODES.codeWrong);
    // Typed without the dash, another one still works.
    const second = await sendCode(
      mfaTokenOf(await signInAccount(t.anonymous, admin)),
      (admin.recoveryCodes[1] ?? '').replace('-', ''),
    );
    expect(second.body.recoveryCodesLeft).toBe(8);
  });

  it('lets an admin put enrolment off MFA_GRACE_SIGNINS times, then only enrolment signs in', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    for (const left of [2, 1]) {
      const step = (await signInAccount(t.anonymous, admin)).body as TEnrolRequired;
      expect(step).toMatchObject({ enrolRequired: true, canSkip: true, skipsLeft: left });
      const skipped = await t.anonymous.post('/api/auth/mfa/skip', { mfaToken: step.mfaToken });
      expect(skipped.status, skipped.text).toBe(200);
      expect((await caller(t.app, skipped.json<{ jwtToken: string }>().jwtToken).get('/api/auth/me')).status).toBe(200);
      // A skip's mfaToken is used up like any other.
      expect(
        (await t.anonymous.post('/api/auth/mfa/skip', { mfaToken: step.mfaToken })).json<{ code: string }>().code,
      ).toBe(MFA_CODES.tokenInvalid);
    }
    const last = (await signInAccount(t.anonymous, admin)).body as TEnrolRequired;
    expect(last.enrolRequired).toBe(true);
    expect(last).not.toHaveProperty('canSkip');
    expect(last).not.toHaveProperty('skipsLeft');
    const refused = await t.anonymous.post('/api/auth/mfa/skip', { mfaToken: last.mfaToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: MFA_CODES.skipRefused });
    expect(refused.body).not.toHaveProperty('jwtToken');
    // The refused skip leaves the step open: enrolment still goes through with the same mfaToken.
    expect((await sendCode(last.mfaToken, await codeAt(last.secret))).status).toBe(200);
  });

  it('refuses a skip to an account that has a factor', async () => {
    const admin = await createEnrolledUser(t.db, 'admin');
    const refused = await t.anonymous.post('/api/auth/mfa/skip', {
      mfaToken: mfaTokenOf(await signInAccount(t.anonymous, admin)),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: MFA_CODES.skipRefused });
  });

  it('asks a QC inspector who enrolled for the code, while one who did not signs in with the password (MFA_REQUIRED=admins)', async () => {
    const plain = await createUser(t.db, { role: 'qc' });
    expect((await signInAccount(t.anonymous, plain)).body).toEqual({ jwtToken: expect.any(String) });
    const enrolled = await createEnrolledUser(t.db, 'qc');
    const step = await signInAccount(t.anonymous, enrolled);
    expect(step.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    expect((await sendCode(mfaTokenOf(step), await codeAt(enrolled.secret))).status).toBe(200);
  });

  it('leaves agents out: their sign-in gives the token', async () => {
    const agent = await createUser(t.db, { role: 'agent' });
    const campaign = await t.db
      .insertInto('campaigns')
      .values({ campaignId: 'MFA1', campaignName: 'MFA agents', campaignType: 'Outbound', callTarget: 5, status: true })
      .returning('campaignName')
      .executeTakeFirstOrThrow();
    const r = await t.anonymous.post('/api/auth/signInAgent', {
      username: agent.username,
      password: agent.password,
      shift: 'Morning',
      campaign: campaign.campaignName,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ jwtToken: expect.any(String) });
  });

  it('still answers a wrong password with 401 and no second step', async () => {
    const admin = await createEnrolledUser(t.db, 'admin');
    const r = await signInAccount(t.anonymous, { username: admin.username, password: 'not the password' });
    expect(r.status).toBe(401);
    expect(r.body).not.toHaveProperty('mfaToken');
  });
});
