// Schemas of a campaign's dispositions: how a call ended, and the VICIdial status that goes back to the dialer (docs/guide/call-loop.md).
import { z } from 'zod';
import { ZLeadTableQuery } from './leads.ts';
import { noControlChars } from './common.ts';

/**
 * completed: the survey was completed. callback: call the respondent again at a time they asked for. dnc: the number
 * goes on the campaign's do-not-call list. final: not called again. retry: the lead may be generated again.
 */
export const DISPOSITION_KINDS = ['completed', 'callback', 'dnc', 'final', 'retry'] as const;
export type TDispositionKind = (typeof DISPOSITION_KINDS)[number];

/** The most dispositions a campaign has: keys 1–9 choose the first nine on the agent's screen. */
export const MAX_DISPOSITIONS = 20;

export const ZDisposition = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,20}$/, 'A disposition code is 1 to 20 letters, digits, _ or -'),
  name: z
    .string()
    .refine(...noControlChars('A disposition name'))
    .trim()
    .min(1, 'A disposition needs a name')
    .max(60, 'A disposition name is at most 60 characters'),
  kind: z.enum(DISPOSITION_KINDS, { message: `kind must be one of ${DISPOSITION_KINDS.join(', ')}` }),
  /** The status VICIdial gets for a call of the dialer (external_status, update_lead status): its status codes are at most 6 characters. */
  vicidialStatus: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,6}$/, 'A VICIdial status is 1 to 6 letters, digits or _'),
});
export type TDisposition = z.infer<typeof ZDisposition>;

/** GET /api/dispositions?campaignName= */
export const ZDispositionsQuery = z.object({ campaignName: ZLeadTableQuery.shape.tableName });

export const ZDispositions = z.array(ZDisposition);
export type TDispositions = z.infer<typeof ZDispositions>;

/** Every problem of a campaign's set at once (the whole set is refused when there is one). */
export function dispositionSetProblems(dispositions: readonly TDisposition[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const d of dispositions) {
    const code = d.code.toUpperCase();
    if (seen.has(code)) problems.push(`The code ${d.code} is used twice`);
    seen.add(code);
  }
  if (!dispositions.some((d) => d.kind === 'completed')) problems.push('A campaign needs a completed disposition');
  if (!dispositions.some((d) => d.kind === 'callback'))
    problems.push('A campaign needs a callback disposition (Partial Call uses it)');
  return problems;
}

/** PUT /api/dispositions: the campaign's whole set, in the order the agent's screen shows it. */
export const ZDispositionsPut = z
  .object({
    campaignName: ZLeadTableQuery.shape.tableName,
    dispositions: z
      .array(ZDisposition)
      .min(2, 'A campaign needs at least a completed and a callback disposition')
      .max(MAX_DISPOSITIONS, `A campaign has at most ${MAX_DISPOSITIONS} dispositions`),
  })
  .superRefine((body, ctx) => {
    for (const message of dispositionSetProblems(body.dispositions))
      ctx.addIssue({ code: 'custom', path: ['dispositions'], message });
  });
export type TDispositionsPut = z.infer<typeof ZDispositionsPut>;

/** The set every campaign starts with until an admin changes it (VICIdial's own codes where it has one). */
export const DEFAULT_DISPOSITIONS: readonly TDisposition[] = [
  { code: 'COMPLETE', name: 'Completed', kind: 'completed', vicidialStatus: 'SALE' },
  { code: 'CALLBACK', name: 'Partial / call back', kind: 'callback', vicidialStatus: 'CALLBK' },
  { code: 'NI', name: 'Not interested', kind: 'final', vicidialStatus: 'NI' },
  { code: 'WRONG', name: 'Wrong number', kind: 'final', vicidialStatus: 'WN' },
  { code: 'LANG', name: 'Language barrier', kind: 'retry', vicidialStatus: 'LB' },
  { code: 'DNC', name: 'Do not call', kind: 'dnc', vicidialStatus: 'DNC' },
];

/**
 * The dispositions a call's end allows: a completed survey only completed ones; a Partial Call or a survey ended
 * as not completed every other kind. undefined: the save names no end (an answer corrected), any disposition.
 */
export function dispositionFitsEnd(kind: TDispositionKind, completed: boolean | undefined): boolean {
  if (completed === undefined) return true;
  return completed ? kind === 'completed' : kind !== 'completed';
}

/** The `code` of a save's refusal for its disposition: not one of the campaign's, or of a kind the call's end contradicts. */
export const DISPOSITION_REFUSALS = { unknown: 'DISPOSITION_UNKNOWN', contradicts: 'DISPOSITION_CONTRADICTS' } as const;

export const DISPOSITION_MESSAGES = {
  saved: 'Dispositions saved',
  notACode: 'disposition must be a disposition code (text)',
  unknown: (code: string, campaignName: string) => `${code} is not a disposition of ${campaignName}`,
  contradicts: (name: string, completed: boolean) =>
    completed
      ? `${name} is not a completed disposition, and the survey was completed`
      : `${name} is a completed disposition, and the survey was not completed`,
} as const;
