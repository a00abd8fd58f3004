// Roles, their landing pages and the shifts an agent signs in with.
export const ROLES = ['ADMIN', 'QC', 'AGENT', 'CLIENT'] as const;
export type TRole = (typeof ROLES)[number];

/** The role names stored in the users table (lower case) mapped to the token's role names. */
export const DB_ROLES = { admin: 'ADMIN', qc: 'QC', agent: 'AGENT', client: 'CLIENT' } as const satisfies Record<
  string,
  TRole
>;
export type TDbRole = keyof typeof DB_ROLES;

export const ROLE_DESCRIPTIONS: Record<TRole, string> = {
  ADMIN: 'Administrator',
  QC: 'QC inspector',
  AGENT: 'Call-centre agent',
  CLIENT: "Client (read-only: its campaigns' results and client QC)",
};

export const LANDING_PAGES: Record<TRole, string> = {
  ADMIN: '/dashboard',
  QC: '/qcChecking',
  AGENT: '/CRM',
  CLIENT: '/client',
};

export const SHIFTS = ['Morning', 'Evening'] as const;
export type TShift = (typeof SHIFTS)[number];
