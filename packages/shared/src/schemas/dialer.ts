// Live dialer statistics (docs/product.md §3 Live stats) and the state the server publishes to dashboards.
import { z } from 'zod';

/** The eight figures of VICIdial's user_group_status, in the dialer's own names and order. */
export const DIALER_STAT_KEYS = [
  'calls_waiting',
  'agents_logged_in',
  'agents_in_calls',
  'agents_waiting',
  'agents_paused',
  'agents_in_dead_calls',
  'agents_in_dispo',
  'agents_in_dial',
] as const;
export type TDialerStatKey = (typeof DIALER_STAT_KEYS)[number];

const figure = z.number().int().min(0);

export const ZDialerStats = z.object({
  calls_waiting: figure,
  agents_logged_in: figure,
  agents_in_calls: figure,
  agents_waiting: figure,
  agents_paused: figure,
  agents_in_dead_calls: figure,
  agents_in_dispo: figure,
  agents_in_dial: figure,
});
export type TDialerStats = z.infer<typeof ZDialerStats>;

export const DIALER_MODES = ['vicidial', 'simulated', 'unconfigured'] as const;
export type TDialerMode = (typeof DIALER_MODES)[number];

/**
 * What GET /api/dialer/status answers and GET /api/dialer/stream pushes. After a failed read, stats and
 * updatedAt still hold the last good figures, so the dashboard can say how old they are.
 */
export const ZDialerState = z.object({
  mode: z.enum(DIALER_MODES),
  stats: ZDialerStats.nullable(),
  /** ISO time of the last good read. */
  updatedAt: z.string().nullable(),
  /** Why the last read failed; null once a read succeeds. */
  error: z.string().nullable(),
  errorAt: z.string().nullable(),
});
export type TDialerState = z.infer<typeof ZDialerState>;

/** The server-sent event name on GET /api/dialer/stream; its data is a TDialerState as JSON. */
export const DIALER_EVENT = 'dialer';
