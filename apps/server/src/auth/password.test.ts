// Password hashes: new ones are argon2id at OWASP's parameters, old scrypt ones still verify and are
// replaced at the next successful sign-in through either sign-in route; nothing else upgrades them, nothing shows them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { hash as argon2Hash } from '@node-rs/argon2';
import { ZSignInResponse } from '@crm/shared';
import { caller, createCampaign, createUser, useTestApp, type TestUser } from '../test/harness.ts';
import { addAgent } from '../test/agents-support.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password.ts';

const t = useTestApp();

const PASSWORD = 'correct horse battery';
/** Made by the scrypt code this replaces (N=2^14, r=8, p=1) for PASSWORD: what the users table holds today. */
const OLD_SCRYPT_HASH =
  'scrypt$16384$8$1$HvrISKB5fF3pFIpoayQ1Tw$RbRmw6X71pq9HeuvhOvVyEJ-IcjU9NjHMshODPU8xzup1jspbgB-VGmOaXOZRLbihpFD8DJhvZgjYQvyQ9AiDw';
const TODAY = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;
/** Anything that looks like a stored hash or names one. */
const SECRET = /\$argon2|scrypt\$|passwordHash|password_hash/;

/** A weaker argon2id hash of PASSWORD (the library's own call, as an older configuration would have stored it). */
const weakArgon2 = (memoryCost: number, timeCost: number) =>
  argon2Hash(PASSWORD, { memoryCost, timeCost, parallelism: 1 });

describe('hashPassword / verifyPassword / needsRehash', () => {
  it('writes argon2id with m=19456, t=2, p=1, a fresh salt each time, that verifies only its password', async () => {
    const [a, b] = await Promise.all([hashPassword(PASSWORD), hashPassword(PASSWORD)]);
    expect(a).toMatch(TODAY);
    expect(b).toMatch(TODAY);
    expect(a).not.toBe(b);
    expect(await verifyPassword(PASSWORD, a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('reads a password in its NFKC form, as the scrypt hashes did', async () => {
    const stored = await hashPassword('ﬁle-cabinet-9');
    expect(await verifyPassword('file-cabinet-9', stored)).toBe(true);
  });

  it('still verifies a scrypt hash made before, and says it needs rehashing', async () => {
    expect(await verifyPassword(PASSWORD, OLD_SCRYPT_HASH)).toBe(true);
    expect(await verifyPassword('wrong password', OLD_SCRYPT_HASH)).toBe(false);
    expect(needsRehash(OLD_SCRYPT_HASH)).toBe(true);
  });

  it('wants argon2id of lower memory or fewer passes rehashed, not one at or above today', async () => {
    expect(needsRehash(await weakArgon2(4096, 2))).toBe(true);
    expect(needsRehash(await weakArgon2(19456, 1))).toBe(true);
    expect(needsRehash(await weakArgon2(19456, 2))).toBe(false);
    expect(needsRehash(await weakArgon2(32768, 3))).toBe(false);
    expect(await verifyPassword(PASSWORD, await weakArgon2(4096, 2))).toBe(true);
  });

  it('treats a damaged or unknown hash as no match (and below today), without throwing', async () => {
    for (const stored of [
      '$argon2id$v=19$m=19456,t=2,p=1$broken',
      '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA',
      'bcrypt$2b$10$x',
      '',
    ]) {
      expect(await verifyPassword(PASSWORD, stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });

  it('compares unknown users against a hash of today’s parameters, so they cost what a real user costs', async () => {
    expect(await dummyHash()).toMatch(TODAY);
  });
});

describe('upgrade of old hashes at sign-in', () => {
  const readHash = async (userId: number) =>
    (await t.db.selectFrom('users').select('passwordHash').where('id', '=', userId).executeTakeFirstOrThrow())
      .passwordHash;
  const setHash = (userId: number, passwordHash: string) =>
    t.db.updateTable('users').set({ passwordHash }).where('id', '=', userId).execute();
  const signInSuperAdmin = (user: { username: string }, password = PASSWORD) =>
    t.anonymous.post('/api/auth/signInSuperAdmin', { username: user.username, password });
  const signInAgent = (username: string, campaign: string, password = PASSWORD) =>
    t.anonymous.post('/api/auth/signInAgent', { username, password, shift: 'Morning', campaign });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each(['admin', 'qc'] as const)(
    'replaces the %s’s scrypt hash by argon2id at the next POST /api/auth/signInSuperAdmin',
    async (role) => {
      const user = await createUser(t.db, { role, password: PASSWORD });
      await setHash(user.id, OLD_SCRYPT_HASH);
      const r = await signInSuperAdmin(user);
      expect(r.status, r.text).toBe(200);
      const after = await readHash(user.id);
      expect(after).toMatch(TODAY);
      expect(await verifyPassword(PASSWORD, after)).toBe(true);
      expect(r.text).not.toMatch(SECRET);
      // The token of that sign-in stays good (the password did not change), and the next sign-in leaves the new hash.
      expect((await caller(t.app, ZSignInResponse.parse(r.body).jwtToken).get('/api/auth/me')).status).toBe(200);
      expect((await signInSuperAdmin(user)).status).toBe(200);
      expect(await readHash(user.id)).toBe(after);
    },
  );

  it('replaces an agent’s scrypt hash by argon2id at the next POST /api/auth/signInAgent, and no reply shows either', async () => {
    const campaign = await createCampaign(t.db);
    const admin = await t.callerFor('admin');
    const agent = await addAgent(admin, { password: PASSWORD });
    const { id: userId } = await t.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', agent.agentId)
      .executeTakeFirstOrThrow();
    await setHash(userId, OLD_SCRYPT_HASH);
    const r = await signInAgent(agent.agentId, campaign.campaignName);
    expect(r.status, r.text).toBe(200);
    const after = await readHash(userId);
    expect(after).toMatch(TODAY);
    expect(await verifyPassword(PASSWORD, after)).toBe(true);
    const session = caller(t.app, ZSignInResponse.parse(r.body).jwtToken);
    for (const reply of [
      r,
      await session.get('/api/auth/me'),
      await admin.get(`/api/ac/getAgent/${agent.id}`),
      await admin.get('/api/ac/pagination/0/100'),
    ]) {
      expect(reply.status, reply.text).toBe(200);
      expect(reply.text).not.toMatch(SECRET);
      expect(reply.text).not.toContain(PASSWORD);
    }
  });

  it('upgrades nothing on a wrong password, an unknown user or a disabled account', async () => {
    const campaign = await createCampaign(t.db);
    const qc = await createUser(t.db, { role: 'qc', password: PASSWORD });
    const agent = await createUser(t.db, { role: 'agent', password: PASSWORD });
    const disabled = await createUser(t.db, { role: 'agent', password: PASSWORD, active: false });
    for (const u of [qc, agent, disabled]) await setHash(u.id, OLD_SCRYPT_HASH);
    expect((await signInSuperAdmin(qc, 'not the password')).status).toBe(401);
    expect((await signInAgent(agent.username, campaign.campaignName, 'not the password')).status).toBe(401);
    expect((await signInAgent(`${agent.username}-nobody`, campaign.campaignName)).status).toBe(401);
    expect((await signInAgent(disabled.username, campaign.campaignName)).status).toBe(401);
    for (const u of [qc, agent, disabled]) expect(await readHash(u.id)).toBe(OLD_SCRYPT_HASH);
  });

  it('signs in all the same when the new hash cannot be stored, and says so in a warning', async () => {
    const user: TestUser = await createUser(t.db, { role: 'qc', password: PASSWORD });
    await setHash(user.id, OLD_SCRYPT_HASH);
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    // This user's row refuses any new hash, as a failing database would (the owner's trigger: the app's role makes none).
    await sql`create function refuse_rehash() returns trigger language plpgsql as $$ begin raise exception 'rehash refused'; end $$`.execute(
      t.ownerDb,
    );
    await sql`create trigger refuse_rehash before update of password_hash on users for each row when (old.id = ${sql.lit(user.id)}) execute function refuse_rehash()`.execute(
      t.ownerDb,
    );
    try {
      const r = await signInSuperAdmin(user);
      expect(r.status, r.text).toBe(200);
      expect(await readHash(user.id)).toBe(OLD_SCRYPT_HASH);
      expect(warn).toHaveBeenCalledOnce();
      const [message] = warn.mock.calls[0] ?? [];
      expect(String(message)).toContain(`password hash of user ${user.id}`);
      expect(String(message)).toContain('rehash refused');
      expect(String(message)).not.toContain(PASSWORD);
    } finally {
      await sql`drop trigger refuse_rehash on users`.execute(t.ownerDb);
      await sql`drop function refuse_rehash()`.execute(t.ownerDb);
    }
  });
});
