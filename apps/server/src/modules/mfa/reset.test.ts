// Resetting a second factor (issue 33 item 3): an administrator resets another account's, audited, ending its
// sessions; never one's own through the API; a password reset leaves the factor in place.
import { describe, expect, it } from 'vitest';
import { MFA_CODES, type TAuditEntry, type TEnrolRequired, type TMfaResult } from '@crm/shared';
import { caller, createUser, useTestApp } from '../../test/harness.ts';
import { codeAt, createEnrolledUser, mfaTokenOf, signInAccount } from '../../test/mfa-support.ts';
import { resetSecondFactorByUsername } from './reset.ts';

const t = useTestApp({ mfa: { requiredRoles: ['admin', 'qc'], graceSignIns: 3 } });

/** A real session of an enrolled account: password, then its code of now. */
async function sessionOf(user: { username: string; password: string; secret: string }): Promise<string> {
  const r = await t.anonymous.post('/api/auth/mfa', {
    mfaToken: mfaTokenOf(await signInAccount(t.anonymous, user)),
    code: await codeAt(user.secret),
  });
  if (r.status !== 200) throw new Error(`second step: ${r.status} ${r.text}`);
  return r.json<TMfaResult>().jwtToken;
}

describe('DELETE /api/users/{id}/mfa', () => {
  it('is refused to the signed-out, inspectors and agents', async () => {
    const qc = await createEnrolledUser(t.db, 'qc');
    expect((await t.anonymous.delete(`/api/users/${qc.id}/mfa`)).status).toBe(401);
    expect((await (await t.callerFor('qc')).delete(`/api/users/${qc.id}/mfa`)).status).toBe(403);
    expect((await (await t.callerFor('agent')).delete(`/api/users/${qc.id}/mfa`)).status).toBe(403);
    expect(
      await t.db.selectFrom('users').select('mfaSecret').where('id', '=', qc.id).executeTakeFirstOrThrow(),
    ).toEqual({ mfaSecret: qc.secret });
  });

  it("resets another account's factor: audited, its sessions ended, enrolment again at the next sign-in with its skips back", async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const qc = await createEnrolledUser(t.db, 'qc');
    await t.db.updateTable('users').set({ mfaSkips: 3, mfaLastStep: 1 }).where('id', '=', qc.id).execute();
    const qcSession = await sessionOf(qc);
    expect((await caller(t.app, qcSession).get('/api/auth/me')).status).toBe(200);
    // A second step the inspector opened before the reset ends with it.
    const pending = mfaTokenOf(await signInAccount(t.anonymous, qc));

    const r = await (await t.as(admin)).delete(`/api/users/${qc.id}/mfa`);
    expect(r.status, r.text).toBe(200);
    expect(r.body).toEqual({
      message: `The second factor of "${qc.username}" was reset; they set it up again at their next sign-in.`,
    });

    expect((await caller(t.app, qcSession).get('/api/auth/me')).status).toBe(401);
    const stale = await t.anonymous.post('/api/auth/mfa', {
      mfaToken: pending,
      code: await codeAt(qc.secret, Date.now() + 30_000),
    });
    expect(stale.json<{ code: string }>().code).toBe(MFA_CODES.tokenInvalid);
    const row = await t.db
      .selectFrom('users')
      .select(['mfaSecret', 'mfaEnrolledAt', 'mfaLastStep', 'mfaSkips'])
      .where('id', '=', qc.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mfaSecret: null, mfaEnrolledAt: null, mfaLastStep: null, mfaSkips: 0 });
    expect(await t.db.selectFrom('mfaRecoveryCodes').select('id').where('userId', '=', qc.id).execute()).toEqual([]);
    const next = await signInAccount(t.anonymous, qc);
    expect(next.body).toMatchObject({ enrolRequired: true, canSkip: true, skipsLeft: 3 });
    expect(next.body).not.toHaveProperty('jwtToken');

    const audit = await (await t.as(admin)).get(`/api/audit/pagination/0/10?objectType=user&objectId=${qc.id}`);
    const entries = audit.json<{ response: { content: TAuditEntry[] } }>().response.content;
    expect(entries.map((e) => [e.actorUsername, e.action, e.changes])).toContainEqual([
      admin.username,
      'update',
      {
        before: { mfaEnrolled: true, mfaSkips: 3 },
        after: { mfaEnrolled: false, mfaSkips: 0 },
        note: 'second factor reset',
      },
    ]);
  });

  it("refuses an administrator's own factor, and answers 404 for an agent or no one", async () => {
    const admin = await createEnrolledUser(t.db, 'admin');
    const own = await (await t.as(admin)).delete(`/api/users/${admin.id}/mfa`);
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: MFA_CODES.resetOwn, message: expect.stringContaining('npm run reset-mfa') });
    expect(
      await t.db.selectFrom('users').select('mfaSecret').where('id', '=', admin.id).executeTakeFirstOrThrow(),
    ).toEqual({ mfaSecret: admin.secret });
    const agent = await createUser(t.db, { role: 'agent' });
    expect((await (await t.as(admin)).delete(`/api/users/${agent.id}/mfa`)).status).toBe(404);
    expect((await (await t.as(admin)).delete('/api/users/987654/mfa')).status).toBe(404);
  });

  it("resets the `admin` user's factor from the server command, audited as the command", async () => {
    const admin = await createEnrolledUser(t.db, 'admin');
    expect(await resetSecondFactorByUsername(t.db, admin.username.toUpperCase())).toEqual({ username: admin.username });
    expect(
      await t.db.selectFrom('users').select('mfaSecret').where('id', '=', admin.id).executeTakeFirstOrThrow(),
    ).toEqual({ mfaSecret: null });
    const entry = await t.db
      .selectFrom('auditLog')
      .select(['actorUsername', 'actorId'])
      .where('objectType', '=', 'user')
      .where('objectId', '=', String(admin.id))
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ actorUsername: 'server command (reset-mfa)', actorId: null });
    expect(await resetSecondFactorByUsername(t.db, 'nobody-by-this-name')).toBeUndefined();
    const agent = await createUser(t.db, { role: 'agent' });
    expect(await resetSecondFactorByUsername(t.db, agent.username)).toBeUndefined();
  });
});

describe('a password reset and the second factor', () => {
  it('leaves the factor in place: the new password still needs the code', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const qc = await createEnrolledUser(t.db, 'qc');
    const password = 'Tangerine-Orbit-5521';
    const r = await (await t.as(admin)).put(`/api/users/${qc.id}`, { password });
    expect(r.status, r.text).toBe(200);
    const step = await signInAccount(t.anonymous, { username: qc.username, password });
    expect(step.body).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    expect(
      await t.db.selectFrom('users').select('mfaSecret').where('id', '=', qc.id).executeTakeFirstOrThrow(),
    ).toEqual({ mfaSecret: qc.secret });
    // And enrolment is never offered in its place.
    expect(step.body as Partial<TEnrolRequired>).not.toHaveProperty('secret');
  });
});
