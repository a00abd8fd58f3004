// The audit log (docs/guide/audit.md): who changed what, when and from where; read by admins on /audit.
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';

/** What an entry is about. */
export const AUDIT_OBJECT_TYPES = [
  'agent',
  'user',
  'campaign',
  'dataTable',
  'question',
  'logicRule',
  'leads',
  'qcRecord',
  'review',
  'recording',
  'calibrationSession',
  /** QC settings (dispute windows: objectId 'disputes'; a campaign's queue target: its campaign name). */
  'qcSettings',
  'dnc',
  /** A campaign's VICIdial settings (objectId: campaign name) and its sends (objectId: the send id). */
  'dialerSettings',
  'dialerSend',
  /** A campaign's quota on completed calls (docs/guide/quotas.md); objectId: the quota id. */
  'quota',
  /** A campaign's dispositions (docs/guide/call-loop.md); objectId: the campaign name. */
  'dispositions',
  /** A callback an agent set or removed (docs/guide/call-loop.md); objectId: the callback id. */
  'callback',
  /** A scorecard version created, changed, imported, published or retired (docs/scorecards.md); objectId: its id. */
  'scorecard',
  /** A campaign's scorecard versions for in-house and client QC (docs/scorecards.md); objectId: the campaign name. */
  'campaignScorecards',
  /** A coaching session planned, held, acknowledged, closed or given a QC record (docs/coaching.md); objectId: its id. */
  'coachingSession',
] as const;
export type TAuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** What was done. `upload`, `generate`, `regenerate` carry row counts; `resolve` is a review's flag resolved. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'upload',
  'generate',
  'regenerate',
  'resolve',
  'link',
] as const;
export type TAuditAction = (typeof AUDIT_ACTIONS)[number];

/** The changed fields: `before` and `after` hold only what differs (never a password or token); `counts` for bulk work. */
export const ZAuditChanges = z.object({
  before: z.record(z.string(), z.unknown()).optional(),
  after: z.record(z.string(), z.unknown()).optional(),
  counts: z.record(z.string(), z.number()).optional(),
  note: z.string().optional(),
});
export type TAuditChanges = z.infer<typeof ZAuditChanges>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorUsername: z.string(),
  actorRole: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  changes: ZAuditChanges,
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

const day = (name: string) =>
  z.string().trim().refine(isIsoDate, `${name} must be a date written yyyy-MM-dd`).optional();
const term = z.string().trim().max(200).optional();

/** GET /api/audit/pagination/{page}/{size} and /api/audit/export: every filter optional; dates are whole local days. */
export const ZAuditQuery = z
  .object({
    actor: term,
    objectType: z
      .enum(AUDIT_OBJECT_TYPES, { message: `objectType must be one of ${AUDIT_OBJECT_TYPES.join(', ')}` })
      .optional(),
    objectId: term,
    action: z.enum(AUDIT_ACTIONS, { message: `action must be one of ${AUDIT_ACTIONS.join(', ')}` }).optional(),
    from: day('from'),
    to: day('to'),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

/** GET /api/audit/qcRecord/{id}: that QC record's history (the record and its review), oldest first. */
export const ZAuditHistory = z.array(ZAuditEntry);
export type TAuditHistory = z.infer<typeof ZAuditHistory>;

/** The export's download name, by the day it was made (yyyy-MM-dd). */
export const auditExportFileName = (day: string) => `audit-log-${day}.csv`;

/** A logged value as text: — for none, "" for an empty text, other text as it is, anything else as JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}

/** One line of an entry's changes: a field with its "before → after" (or its one value), a count, or the note. */
export type TAuditChangeLine = { field: string; text: string };

/**
 * An entry's changes as lines a person reads, shared by the /audit screen, a QC record's history and the CSV export:
 * "status: true → false" for a field changed, "campaignName: Spring" for a field only created or deleted, then
 * the counts ("leads: 1,250") and the note (with no field).
 */
export function auditChangeLines(changes: TAuditChanges): TAuditChangeLine[] {
  const before = changes.before ?? {};
  const after = changes.after ?? {};
  const lines: TAuditChangeLine[] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const had = field in before;
    const has = field in after;
    const text =
      had && has
        ? `${auditValueText(before[field])} → ${auditValueText(after[field])}`
        : auditValueText(had ? before[field] : after[field]);
    lines.push({ field, text });
  }
  for (const [field, count] of Object.entries(changes.counts ?? {}))
    lines.push({ field, text: count.toLocaleString('en-US') });
  if (changes.note) lines.push({ field: '', text: changes.note });
  return lines;
}

/** The same lines as text, e.g. for a CSV cell. */
export function describeAuditChanges(changes: TAuditChanges): string[] {
  return auditChangeLines(changes).map((l) => (l.field === '' ? l.text : `${l.field}: ${l.text}`));
}
