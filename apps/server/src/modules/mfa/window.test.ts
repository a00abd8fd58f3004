// The code's time window (RFC 6238: 30 s steps, ±1 step) and checkSecondFactor, at chosen moments: no waiting.
import { describe, expect, it } from 'vitest';
import { MFA_CODES } from '@crm/shared';
import { createUser, useTestApp } from '../../test/harness.ts';
import { codeAt, createEnrolledUser } from '../../test/mfa-support.ts';
import { startSecondFactor, completeSecondFactor } from './service.ts';
import { checkSecondFactor } from './verify.ts';
import { matchTotpStep } from './totp.ts';

const t = useTestApp();
const MFA_ON = { requiredRoles: ['admin' as const], graceSignIns: 3 };
const STEP = 30_000;
/** The middle of a 30 s step, so ±1 and ±2 steps are whole steps away. */
const NOW = Math.floor(Date.now() / STEP) * STEP + STEP / 2;
const context = { timeZone: 'UTC', ip: null };

/** A second step of the user opened at NOW, and its code sent at NOW. */
async function answer(user: { id: number; username: string }, code: string) {
  const step = await startSecondFactor(t.db, { id: user.id, username: user.username, role: 'admin' }, MFA_ON, NOW);
  if (!step) throw new Error('no second step');
  return completeSecondFactor(t.db, t.app.tokens, { mfaToken: step.mfaToken, code }, context, NOW).then(
    (r) => ({ ok: true as const, result: r }),
    (e: { replyCode?: string }) => ({ ok: false as const, code: e.replyCode }),
  );
}

describe('the code of an authenticator app', () => {
  it('is taken from the step before and after the current one, not from two steps away', async () => {
    const secret = (await createEnrolledUser(t.db, 'admin')).secret;
    for (const [offset, taken] of [
      [-2, false],
      [-1, true],
      [0, true],
      [1, true],
      [2, false],
    ] as const) {
      const step = await matchTotpStep(secret, await codeAt(secret, NOW + offset * STEP), NOW);
      expect(step, `code of step ${offset}`).toBe(taken ? Math.floor(NOW / STEP) + offset : null);
    }
  });

  it('signs in from one step late or early, and is refused two steps away', async () => {
    for (const [offset, taken] of [
      [-2, false],
      [-1, true],
      [1, true],
      [2, false],
    ] as const) {
      const admin = await createEnrolledUser(t.db, 'admin');
      const r = await answer(admin, await codeAt(admin.secret, NOW + offset * STEP));
      expect(r.ok, `code of step ${offset}`).toBe(taken);
      if (!r.ok) expect(r.code).toBe(MFA_CODES.codeWrong);
    }
  });

  it('never takes a step at or before the last one accepted', async () => {
    const admin = await createEnrolledUser(t.db, 'admin');
    expect((await answer(admin, await codeAt(admin.secret, NOW + STEP))).ok).toBe(true);
    // The current step's code is now older than the one used: refused as used, as is the same code again.
    expect(await answer(admin, await codeAt(admin.secret, NOW))).toEqual({ ok: false, code: MFA_CODES.codeUsed });
    expect(await answer(admin, await codeAt(admin.secret, NOW + STEP))).toEqual({
      ok: false,
      code: MFA_CODES.codeUsed,
    });
    const row = await t.db
      .selectFrom('users')
      .select('mfaLastStep')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.mfaLastStep).toBe(Math.floor(NOW / STEP) + 1);
  });

  it('confirms an enrolment only with the pending secret, and a recovery code cannot enrol', async () => {
    const admin = await createUser(t.db, { role: 'admin' });
    const step = await startSecondFactor(t.db, { id: admin.id, username: admin.username, role: 'admin' }, MFA_ON, NOW);
    if (!step || !('secret' in step)) throw new Error('expected enrolment');
    await expect(
      completeSecondFactor(t.db, t.app.tokens, { mfaToken: step.mfaToken, code: 'ABCDE-FGHJK' }, context, NOW),
    ).rejects.toMatchObject({ replyCode: MFA_CODES.codeWrong });
    const done = await completeSecondFactor(
      t.db,
      t.app.tokens,
      { mfaToken: step.mfaToken, code: await codeAt(step.secret, NOW - STEP) },
      context,
      NOW,
    );
    expect(done.recoveryCodes).toHaveLength(10);
  });
});

describe("checkSecondFactor (changing one's own password)", () => {
  it('says not-enrolled for an account without a factor, whatever the code', async () => {
    const qc = await createUser(t.db, { role: 'qc' });
    expect(await checkSecondFactor(t.db, qc.id, undefined)).toBe('not-enrolled');
    expect(await checkSecondFactor(t.db, qc.id, '123456')).toBe('not-enrolled');
  });

  it('accepts a right code once, a recovery code once, and refuses a missing or wrong one', async () => {
    const admin = await createEnrolledUser(t.db, 'admin');
    expect(await checkSecondFactor(t.db, admin.id, undefined, NOW)).toBe('refused');
    expect(await checkSecondFactor(t.db, admin.id, '  ', NOW)).toBe('refused');
    const code = await codeAt(admin.secret, NOW);
    // Typed as the app shows it, with a space in the middle.
    expect(await checkSecondFactor(t.db, admin.id, `${code.slice(0, 3)} ${code.slice(3)}`, NOW)).toBe('accepted');
    expect(await checkSecondFactor(t.db, admin.id, code, NOW)).toBe('refused');
    const recovery = admin.recoveryCodes[0] ?? '';
    expect(await checkSecondFactor(t.db, admin.id, recovery, NOW)).toBe('accepted');
    expect(await checkSecondFactor(t.db, admin.id, recovery, NOW)).toBe('refused');
  });

  it('leaves the code unused when the change it guards rolls back', async () => {
    const admin = await createEnrolledUser(t.db, 'admin');
    const code = await codeAt(admin.secret, NOW);
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect(await checkSecondFactor(trx, admin.id, code, NOW)).toBe('accepted');
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await checkSecondFactor(t.db, admin.id, code, NOW)).toBe('accepted');
  });
});
