// Kysely table types of the second factor (migration 0027); spread into DB by db/schema.ts.
import type { ColumnType, Generated } from 'kysely';

export type MfaRecoveryCodesTable = {
  id: Generated<number>;
  userId: number;
  /** argon2id of the code. */
  codeHash: string;
  usedAt: Date | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
};

export type MfaChallengesTable = {
  /** SHA-256 (hex) of the mfaToken given to the client. */
  tokenHash: string;
  userId: number;
  kind: 'verify' | 'enrol';
  /** An enrolment's secret until its first code confirms it. */
  pendingSecret: string | null;
  expiresAt: Date;
  usedAt: Date | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
};

export type MfaTables = {
  mfaRecoveryCodes: MfaRecoveryCodesTable;
  mfaChallenges: MfaChallengesTable;
};
