// The second factor for client accounts (docs/trust.md, Second factor): asked when MFA_REQUIRED names client, else not.
import { describe, expect, it } from 'vitest';
import { parseMfaRequired } from '../../config.ts';
import { mfaRequiredText } from '../mfa/notice.ts';
import { createUser, useTestApp } from '../../test/harness.ts';
import { signInAccount } from '../../test/mfa-support.ts';

const t = useTestApp({ mfa: { requiredRoles: ['admin', 'client'], graceSignIns: 0 } });

describe('MFA_REQUIRED naming client', () => {
  it('reads client (or clients) beside admins and qc, and writes it back in order', () => {
    expect(parseMfaRequired('client,admins')).toEqual(['client', 'admin']);
    expect(parseMfaRequired('admins,qc,clients')).toEqual(['admin', 'qc', 'client']);
    expect(parseMfaRequired('agents')).toBe(
      'MFA_REQUIRED must be none, or admins, qc and client joined by commas; not "agents"',
    );
    expect(mfaRequiredText({ requiredRoles: ['client', 'admin'], graceSignIns: 0 })).toBe('admins,client');
  });

  it("gives a client account no token before its second factor; a QC inspector's sign-in is not asked", async () => {
    const client = await createUser(t.db, { role: 'client' });
    const r = await signInAccount(t.anonymous, client);
    expect(r.status).toBe(200);
    expect(r.body).not.toHaveProperty('jwtToken');
    expect(r.body).toMatchObject({ enrolRequired: true });
    expect(r.body).toHaveProperty('mfaToken');

    const qc = await createUser(t.db, { role: 'qc' });
    const q = await signInAccount(t.anonymous, qc);
    expect(q.status).toBe(200);
    expect(q.body).toHaveProperty('jwtToken');
  });
});
