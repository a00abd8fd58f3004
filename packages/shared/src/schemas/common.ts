// Shapes shared by every area: error replies, page parameters and the paged reply wrapper.
import { z } from 'zod';
import { calendarDaysBetween, isIsoDate } from '../domain/dates.ts';

// ---- numbers and yes/no written as text
// The older client's forms send what their inputs hold: a select's '4' or '', a text input's '12', a
// select's 'true'. Request fields it fills that way take both forms through these two helpers (see
// docs/older-client.md); the parsed value is always the number or boolean.

/** A decimal written as text, e.g. '4', '-5', '2.5' (surrounding spaces are trimmed first). */
const NUMBER_TEXT = /^[-+]?\d+(\.\d+)?$/;

/**
 * A number field that also takes the number written as text ('4', ' 4 '). Blank text and null mean "none"
 * (null); other text, and anything that is neither number nor text, fails with `message`. The number (or null)
 * then goes through `target`, so its own checks and messages apply: pass a nullable target where "none" is allowed.
 */
export function zNumberText<T extends z.ZodType<unknown, number | null>>(target: T, message: string) {
  return z
    .union([z.number(), z.string(), z.null()], { message })
    .transform((value, ctx) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      if (text === '') return null;
      if (NUMBER_TEXT.test(text)) return Number(text);
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    })
    .pipe(target);
}

/** A yes/no field that also takes 'true' and 'false' (a select's values); anything else fails with `message`. */
export function zBooleanText(message: string) {
  return z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { message });
}

// ---- names people read
// A name shown in screens, files and headers (a campaign's, an agent's, a user's, a disposition's…) is one line of
// plain text, as data-table column names are (domain/lead-columns.ts): a line break in it would start a new header
// line or a new CSV row, and a text-direction mark would show it reversed. Checked before any trimming, so a line
// break at either end is as refused as one inside.

/** Control characters (Unicode Cc: C0, DEL, C1) and the bidirectional marks, embeddings, overrides and isolates. */
const UNSAFE_NAME_CHARACTER = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** Whether the text holds a character no name may hold (noControlChars). */
export function hasControlChars(text: string): boolean {
  return UNSAFE_NAME_CHARACTER.test(text);
}

/** The words of the refusal of a name with such a character, naming the field. */
export function controlCharsMessage(field: string): string {
  return `${field} must not contain line breaks, tabs, other control characters or text-direction marks`;
}

/**
 * The refinement of a name field: `z.string().refine(...noControlChars('campaignName')).trim()…`. Put it before
 * `.trim()` so the untrimmed text is checked.
 */
export function noControlChars(field: string) {
  return [(text: string) => !hasControlChars(text), { message: controlCharsMessage(field) }] as const;
}

/**
 * A refusal: its words, and for the refusals a screen tells apart, a machine-readable `code` (schemas/refusals.ts) and
 * the request's `field` it belongs under.
 */
export const ZErrorReply = z.object({ message: z.string(), code: z.string().optional(), field: z.string().optional() });
export type TErrorReply = z.infer<typeof ZErrorReply>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

/** `/pagination/{page}/{size}`: page is a 0-based page index (docs/product.md §9), not a row offset. */
export const ZPageParams = z.object({
  page: z.coerce.number().int().min(0, 'page must be 0 or more'),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size must be at least 1')
    .max(MAX_PAGE_SIZE, `size must be at most ${MAX_PAGE_SIZE}`),
});
export type TPageParams = z.infer<typeof ZPageParams>;

/** The spec's paged reply ("wrapper"); recordCount is the total number of records. */
export function zPaged<T extends z.ZodType>(item: T) {
  return z.object({
    recordCount: z.number().int(),
    response: z.object({
      content: z.array(item),
      totalElements: z.number().int(),
      totalPages: z.number().int(),
      size: z.number().int(),
      number: z.number().int(),
    }),
  });
}
export type TPaged<T> = {
  recordCount: number;
  response: { content: T[]; totalElements: number; totalPages: number; size: number; number: number };
};

// ---- keyset pages ("after this date and id"; docs/api.md "Pages")
// The scale-heavy lists (the lead browser, the QC record lists) page by key: a page is asked for as the rows after
// (or before) a row's cursor, so no page reads the rows before it. A cursor is the row's date and id, `yyyy-MM-dd,id`.

export type TPageCursor = { date: string; id: number };

const CURSOR = /^(\d{4}-\d{2}-\d{2}),(\d{1,18})$/;

/** A row's cursor as it travels: `2024-05-01,1234`. */
export function cursorText(date: string, id: number | string): string {
  return `${date},${String(id)}`;
}

/** `yyyy-MM-dd,id` → its parts; null when it is not a cursor. */
export function parseCursor(text: string): TPageCursor | null {
  const m = CURSOR.exec(text.trim());
  if (m === null || !isIsoDate(m[1]!)) return null;
  const id = Number(m[2]);
  return Number.isSafeInteger(id) ? { date: m[1]!, id } : null;
}

/** A cursor query field (`after`, `before`), parsed to its parts. */
export function zCursor(field: string) {
  return z.string().transform((text, ctx) => {
    const cursor = parseCursor(text);
    if (cursor === null) {
      ctx.addIssue({ code: 'custom', message: `${field} must be a row's date and id, written yyyy-MM-dd,id` });
      return z.NEVER;
    }
    return cursor;
  });
}

/** `last=true` (or 1): the list's last page, read by the reversed order. */
export const zLastFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { message: 'last must be true or false' })
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * Where a keyset page sits: `next` is the cursor to send as `after` for the next page (null on the last page),
 * `previous` the one to send as `before` for the page before (null on the first page).
 */
export const ZPageCursors = z.object({ next: z.string().nullable(), previous: z.string().nullable() });
export type TPageCursors = z.infer<typeof ZPageCursors>;

/**
 * The paged reply with its cursors. `number` is the page's 0-based index when it is known (0 on the first page,
 * totalPages − 1 on the last, the asked page on a numbered call) and −1 on a page reached by a cursor or a date.
 */
export function zKeysetPaged<T extends z.ZodType>(item: T) {
  return zPaged(item).extend({ cursors: ZPageCursors });
}
export type TKeysetPaged<T> = TPaged<T> & { cursors: TPageCursors };

/** Where heavy reads go when a read replica is configured (READ_DATABASE_URL); see docs/operations.md, Read replica. */
export const ZReadReplicaHealth = z.object({
  inUse: z.boolean(),
  /** At most how far behind the primary the replica is, in ms; null when it could not be measured. */
  lagMs: z.number().int().nullable(),
  /** Why reads go to the primary instead, when not in use. */
  reason: z.string().nullable(),
});
export const ZHealth = z.object({
  status: z.literal('ok'),
  db: z.enum(['embedded', 'postgres']),
  readReplica: ZReadReplicaHealth.optional(),
});
export type THealth = z.infer<typeof ZHealth>;

/** A required local day, written yyyy-MM-dd. */
export const zIsoDate = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .refine(isIsoDate, `${field} must be a date written yyyy-MM-dd`);

export const DAY_RANGE_MESSAGES = {
  reversed: 'The end date must be on or after the start date',
  tooLong: (maxDays: number) => `The range can be at most ${maxDays} days`,
};

/**
 * What is wrong with a range of local days (both ends included) once both are well written: reversed, or longer than
 * `maxDays`; undefined when it is fine or when a day is missing or ill written (that one's own check says so).
 */
export function dayRangeProblem(from: unknown, to: unknown, maxDays: number): string | undefined {
  if (typeof from !== 'string' || typeof to !== 'string' || !isIsoDate(from) || !isIsoDate(to)) return undefined;
  if (from > to) return DAY_RANGE_MESSAGES.reversed;
  if (calendarDaysBetween(from, to) > maxDays) return DAY_RANGE_MESSAGES.tooLong(maxDays);
  return undefined;
}

/** A schema's range of days checked (dayRangeProblem), the problem said under the end's key. */
export function checkDayRange<T extends Record<string, unknown>>(
  schema: z.ZodType<T>,
  keys: { from: keyof T & string; to: keyof T & string },
  maxDays: number,
) {
  return schema.superRefine((q, ctx) => {
    const problem = dayRangeProblem(q[keys.from], q[keys.to], maxDays);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', path: [keys.to], message: problem });
  });
}
