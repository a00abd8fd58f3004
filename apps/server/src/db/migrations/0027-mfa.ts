// The second factor (issue 33; docs/trust.md, Second factor): TOTP secrets, recovery codes, the sign-in's second step.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // mfa_secret: the enrolled TOTP secret (base32), null while none is enrolled. mfa_last_step: the 30 s time step of
  // the last code accepted, so a code works once. mfa_skips: enrolments put off (MFA_GRACE_SIGNINS).
  await sql`alter table users
    add column mfa_secret text,
    add column mfa_enrolled_at timestamptz,
    add column mfa_last_step bigint,
    add column mfa_skips integer not null default 0 check (mfa_skips >= 0)`.execute(db);
  // Ten per enrolment, stored hashed (argon2id), each good once.
  await sql`create table mfa_recovery_codes (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    code_hash text not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index mfa_recovery_codes_user on mfa_recovery_codes (user_id) where used_at is null`.execute(db);
  // The sign-in's second step: the mfaToken (stored as its SHA-256) lives 5 minutes and works once. An enrolment's
  // secret waits here until its first code confirms it.
  await sql`create table mfa_challenges (
    token_hash text primary key,
    user_id integer not null references users(id) on delete cascade,
    kind text not null check (kind in ('verify', 'enrol')),
    pending_secret text,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index mfa_challenges_expires on mfa_challenges (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mfa_challenges`.execute(db);
  await sql`drop table mfa_recovery_codes`.execute(db);
  await sql`alter table users drop column mfa_secret, drop column mfa_enrolled_at, drop column mfa_last_step, drop column mfa_skips`.execute(
    db,
  );
}
