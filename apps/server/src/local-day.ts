// Days as the call centre counts them: in the server's time zone (the sign-in records, /audit's dates, the agent's
// calls of today all use these).

/** The first moment of a day: a yyyy-MM-dd day, or the day a moment falls in. */
export function startOfLocalDay(day: string | Date): Date {
  if (typeof day === 'string') return new Date(`${day}T00:00:00`);
  const start = new Date(day);
  start.setHours(0, 0, 0, 0);
  return start;
}

/** The first moment of the day after. */
export function startOfNextLocalDay(day: string | Date): Date {
  const next = startOfLocalDay(day);
  next.setDate(next.getDate() + 1);
  return next;
}
