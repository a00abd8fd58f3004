// What the coaching screens show of a session: its state's name and colour, the steps the signed-in user may take in
// that state, and the before/after figure in words and numbers.
import type { TCoachingResult, TCoachingSession, TCoachingState, TRole } from '@crm/shared';

export const STATE_LABELS: Record<TCoachingState, string> = {
  planned: 'Planned',
  held: 'Held',
  acknowledged: 'Acknowledged',
  closed: 'Closed',
};

export const STATE_COLORS: Record<TCoachingState, string> = {
  planned: 'blue',
  held: 'yellow',
  acknowledged: 'teal',
  closed: 'gray',
};

export const VERDICT_LABELS: Record<TCoachingResult['verdict'], string> = {
  improved: 'Improved',
  unchanged: 'Unchanged',
  worse: 'Worse',
  unknown: 'Not known yet',
};

export const VERDICT_COLORS: Record<TCoachingResult['verdict'], string> = {
  improved: 'green',
  unchanged: 'gray',
  worse: 'red',
  unknown: 'yellow',
};

export type TViewer = { role: TRole; userId: number };
export type TSessionSteps = { hold: boolean; close: boolean; acknowledge: boolean };

/**
 * The steps the viewer may take (the server's rules, docs/coaching.md States): hold and close for the session's
 * inspector or an admin (hold from planned, close from held or acknowledged), acknowledge for its agent once held.
 */
export function sessionSteps(session: TCoachingSession, viewer: TViewer): TSessionSteps {
  const coach = viewer.role === 'ADMIN' || (viewer.role === 'QC' && session.coachId === viewer.userId);
  return {
    hold: coach && session.state === 'planned',
    close: coach && (session.state === 'held' || session.state === 'acknowledged'),
    acknowledge: viewer.role === 'AGENT' && session.agentUserId === viewer.userId && session.state === 'held',
  };
}

/** "12.5", "-3", "—" for none: marks and shares as the figure shows them. */
export function formatFigure(value: number | null, unit = ''): string {
  if (value === null) return '—';
  const rounded = Math.round(value * 100) / 100;
  return `${rounded}${unit}`;
}

/** The change in points with its sign: "+54.17 points", "−3 points", "—". */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  const rounded = Math.round(change * 100) / 100;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '−' : '±';
  return `${sign}${Math.abs(rounded)} points`;
}

/** "3 records (fewer than 10)" or "10 records": how many records a side of the figure used. */
export function sideRecords(records: number, compareCount: number): string {
  const noun = `${records} record${records === 1 ? '' : 's'}`;
  return records < compareCount ? `${noun} (fewer than ${compareCount})` : noun;
}
