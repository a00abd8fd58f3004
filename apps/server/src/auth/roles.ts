// Who may call a route: the presets every route's `config` names (the guard in auth/guard.ts denies anything else).
// docs/product.md §6 gives the roles and what each may do.

/** Administrators only. */
export const ADMINS = { roles: ['ADMIN'] } as const;
/** Administrators and QC inspectors: scoring, recordings, QC reports. */
export const SCORERS = { roles: ['ADMIN', 'QC'] } as const;
/** Administrators and agents: the agent's survey calls. */
export const CALLERS = { roles: ['ADMIN', 'AGENT'] } as const;
/** Agents only: an agent's own QC reviews. */
export const AGENTS = { roles: ['AGENT'] } as const;
/** Every signed-in role: reads the survey screens of all three need. */
export const EVERY_ROLE = { roles: ['ADMIN', 'QC', 'AGENT'] } as const;
/** No sign-in needed. */
export const PUBLIC = { public: true } as const;

/** A download the browser opens as a link: its token may come in the query string instead of a header. */
export function asDownload<T extends { roles: readonly string[] }>(preset: T): T & { queryToken: true } {
  return { ...preset, queryToken: true };
}
