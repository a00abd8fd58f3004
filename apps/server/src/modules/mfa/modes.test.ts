// MFA_REQUIRED's settings (issue 33 item 3): admins,qc asks every admin and inspector, the `admin` user included,
// for the code before any token; none turns the step off; and wrong codes count in the sign-in limits.
import { describe, expect, it } from 'vitest';
import { MFA_CODES, type TAdminSignInResponse } from '@crm/shared';
import { caller, createUser, useTestApp, type TestContext } from '../../test/harness.ts';
import {
  codeAt,
  createEnrolledUser,
  enrolFactor,
  mfaTokenOf,
  signInAccount,
  wrongCodeFor,
} from '../../test/mfa-support.ts';

const both = useTestApp({ mfa: { requiredRoles: ['admin', 'qc'], graceSignIns: 3 } });
const off = useTestApp({ mfa: { requiredRoles: [], graceSignIns: 3 } });
const limited = useTestApp({ mfa: { requiredRoles: ['admin'], graceSignIns: 3 }, loginRateLimit: 3 });

/** The password step gave no token, and its mfaToken opens nothing. */
async function expectNoTokenYet(t: TestContext, body: TAdminSignInResponse, who: string) {
  expect(body, who).not.toHaveProperty('jwtToken');
  const mfaToken = mfaTokenOf({ status: 200, body });
  for (const url of ['/api/auth/me', '/api/users', '/cc/pagination/0/10'])
    expect((await caller(t.app, mfaToken).get(url)).status, `${who} ${url}`).toBe(401);
}

describe('MFA_REQUIRED=admins,qc', () => {
  it('gives no token before the code to the `admin` user, another admin and inspectors, enrolled or not', async () => {
    const accounts = {
      'the admin user': await createUser(both.db, { role: 'admin', username: 'admin' }),
      'an admin who must enrol': await createUser(both.db, { role: 'admin' }),
      'an enrolled admin': await createEnrolledUser(both.db, 'admin'),
      'an inspector who must enrol': await createUser(both.db, { role: 'qc' }),
      'an enrolled inspector': await createEnrolledUser(both.db, 'qc'),
    };
    for (const [who, user] of Object.entries(accounts)) {
      const r = await signInAccount(both.anonymous, user);
      expect(r.status, who).toBe(200);
      await expectNoTokenYet(both, r.body, who);
      expect(r.body, who).toMatchObject(
        'secret' in user ? { mfaRequired: true } : { enrolRequired: true, canSkip: true, skipsLeft: 3 },
      );
    }
  });

  it('lets agents sign in with the password alone', async () => {
    const agent = await createUser(both.db, { role: 'agent' });
    const campaign = await both.db
      .insertInto('campaigns')
      .values({
        campaignId: 'MFA2',
        campaignName: 'MFA modes',
        campaignType: 'Inbound',
        callTarget: null,
        status: true,
      })
      .returning('campaignName')
      .executeTakeFirstOrThrow();
    const r = await both.anonymous.post('/api/auth/signInAgent', {
      username: agent.username,
      password: agent.password,
      shift: 'Evening',
      campaign: campaign.campaignName,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({ jwtToken: expect.any(String) });
  });
});

describe('MFA_REQUIRED=none', () => {
  it('signs in with the password alone, even an account that enrolled (the older client has no second step)', async () => {
    const admin = await createEnrolledUser(off.db, 'admin');
    const qc = await createUser(off.db, { role: 'qc' });
    for (const user of [admin, qc])
      expect((await signInAccount(off.anonymous, user)).body).toEqual({ jwtToken: expect.any(String) });
    const r = await off.anonymous.post('/api/auth/mfa', {
      mfaToken: 'none-was-given',
      code: await codeAt(admin.secret),
    });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: MFA_CODES.tokenInvalid });
  });
});

describe('wrong codes and the sign-in limits', () => {
  it("counts each wrong code as a failed sign-in of the challenge's user, in the password step's counts too", async () => {
    const admin = await enrolFactor(limited.db, await createUser(limited.db, { role: 'admin' }));
    const other = await createEnrolledUser(limited.db, 'admin');
    const mfaToken = mfaTokenOf(await signInAccount(limited.anonymous, admin));
    const wrong = await wrongCodeFor(admin.secret);
    for (let i = 0; i < 3; i++)
      expect((await limited.anonymous.post('/api/auth/mfa', { mfaToken, code: wrong })).status).toBe(401);
    const refused = await limited.anonymous.post('/api/auth/mfa', { mfaToken, code: await codeAt(admin.secret) });
    expect(refused.status).toBe(429);
    // One set of counts: the password step of the same account is held back as well, another account's is not.
    expect((await signInAccount(limited.anonymous, admin)).status).toBe(429);
    expect((await signInAccount(limited.anonymous, other)).status).toBe(200);
  });
});
