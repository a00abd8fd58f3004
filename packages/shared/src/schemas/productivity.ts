// Schemas of agent productivity (issue 38, docs/guide/productivity.md): per agent, agent and day, shift, campaign or day
// over a range of local days, from the sign-in records, the call attempts and the in-house QC records.
import { z } from 'zod';
import { checkDayRange, zIsoDate } from './common.ts';

/** The longest range one request may cover: a year, leap day included. */
export const MAX_PRODUCTIVITY_DAYS = 366;

/** How the rows are cut; `day` (totals per day) is beside the four. */
export const PRODUCTIVITY_GROUPINGS = ['agent', 'agentDay', 'shift', 'campaign', 'day'] as const;
export type TProductivityGrouping = (typeof PRODUCTIVITY_GROUPINGS)[number];

/** The shift of a call made outside any sign-in record (an admin's own call): shown as "No shift". */
export const NO_SHIFT = '';

const rangeQuery = z.object({
  /** The first and last local day (TIME_ZONE), both included. */
  from: zIsoDate('from'),
  to: zIsoDate('to'),
  /** One campaign; missing or '' for every campaign. */
  campaignName: z
    .string()
    .trim()
    .max(200, 'campaignName can be at most 200 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
});

const checkRange = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  checkDayRange(schema, { from: 'from', to: 'to' }, MAX_PRODUCTIVITY_DAYS);

export const ZProductivityQuery = checkRange(
  rangeQuery.extend({
    groupBy: z
      .enum(PRODUCTIVITY_GROUPINGS, { message: `groupBy must be one of ${PRODUCTIVITY_GROUPINGS.join(', ')}` })
      .default('agent'),
  }),
);
export type TProductivityQuery = z.infer<typeof ZProductivityQuery>;

/** The export: every grouping, a sheet each. */
export const ZProductivityExportQuery = checkRange(rangeQuery);
export type TProductivityExportQuery = z.infer<typeof ZProductivityExportQuery>;

/** The figures of one row, or of the totals. Rates are percentages with two decimals; null where nothing divides. */
export const ZProductivityFigures = z.object({
  /** Signed in, clipped to the row's local days and the range (an open sign-in counts until now or its expiry). */
  signedInSeconds: z.number().int(),
  /** Call attempts ended in the row. */
  calls: z.number().int(),
  /** Of them, completed. */
  completed: z.number().int(),
  /** completed / calls × 100. */
  completionRate: z.number().nullable(),
  /** Attempts per disposition code. */
  dispositions: z.record(z.string(), z.number().int()),
  handleSeconds: z.number().int(),
  /** handleSeconds / calls, whole seconds. */
  averageHandleSeconds: z.number().int().nullable(),
  /** calls per signed-in hour, two decimals. */
  callsPerHour: z.number().nullable(),
  /** The campaigns' per-agent daily call target summed over the row's agent-days (docs/guide/productivity.md). */
  callTarget: z.number().int().nullable(),
  /** calls / callTarget × 100. */
  targetRate: z.number().nullable(),
  /** In-house QC records of the row's agents, campaigns and call dates. */
  qcRecords: z.number().int(),
  /** Their mean total, two decimals. */
  qcAverage: z.number().nullable(),
  /** Records that passed their scorecard version's pass mark without an auto-fail / qcRecords × 100. */
  qcPassRate: z.number().nullable(),
  qcPassed: z.number().int(),
  /** Completes flagged suspicious (docs/guide/suspicious.md). */
  suspicious: z.number().int(),
});
export type TProductivityFigures = z.infer<typeof ZProductivityFigures>;

export const ZProductivityRow = ZProductivityFigures.extend({
  /** The agent's username (agent ID) and name: agent and agentDay rows. */
  agentId: z.string().optional(),
  agentName: z.string().optional(),
  /** yyyy-MM-dd, local: agentDay and day rows. */
  day: z.string().optional(),
  /** 'Morning', 'Evening', or '' for calls outside a sign-in: shift rows. */
  shift: z.string().optional(),
  campaignName: z.string().optional(),
  /** Agents with a sign-in or a call in the row. */
  agents: z.number().int(),
});
export type TProductivityRow = z.infer<typeof ZProductivityRow>;

export const ZProductivity = z.object({
  from: z.string(),
  to: z.string(),
  campaignName: z.string().nullable(),
  groupBy: z.enum(PRODUCTIVITY_GROUPINGS),
  /** Every disposition code found, in the campaigns' order then by code: the table's columns. */
  dispositionCodes: z.array(z.string()),
  rows: z.array(ZProductivityRow),
  totals: ZProductivityRow,
});
export type TProductivity = z.infer<typeof ZProductivity>;

/** The groupings' names on the screen and as the export's sheets. */
export const PRODUCTIVITY_GROUPING_LABELS: Record<TProductivityGrouping, string> = {
  agent: 'Agent',
  agentDay: 'Agent × day',
  shift: 'Shift',
  campaign: 'Campaign',
  day: 'Day',
};

/** The shift as shown: "No shift" for calls outside a sign-in. */
export function shiftLabel(shift: string): string {
  return shift === NO_SHIFT ? 'No shift' : shift;
}

/** Seconds as h:mm:ss (hours unbounded: 100:00:00 for 100 hours). */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The export's file name: Productivity[_campaign]_from_to.xlsx. */
export function productivityFileName(q: { from: string; to: string; campaignName?: string | undefined }): string {
  const campaign = q.campaignName ? `_${q.campaignName.replace(/[^A-Za-z0-9_-]+/g, '_')}` : '';
  return `Productivity${campaign}_${q.from}_to_${q.to}.xlsx`;
}
