// Spec §9: how long the login form waits before it reports a failure.
export const LOGIN_TIMEOUT_MS = { agent: 10_000, admin: 7_000 } as const;

/** Spec §9: the top-bar clock refresh interval. */
export const CLOCK_REFRESH_MS = 1_000;
