// The floor's ticking times: how long an agent has been in their state, as m:ss (h:mm:ss past an hour).

/** Seconds elapsed from `sinceIso` to `nowMs` as m:ss, or h:mm:ss from an hour; never negative. */
export function formatSince(sinceIso: string, nowMs: number): string {
  const total = Math.max(0, Math.floor((nowMs - Date.parse(sinceIso)) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
