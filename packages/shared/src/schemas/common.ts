// Shapes shared by every area: error replies, page parameters and the paged reply wrapper.
import { z } from 'zod';

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

export const ZErrorReply = z.object({ message: z.string() });
export type TErrorReply = z.infer<typeof ZErrorReply>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

/** `/pagination/{page}/{size}`: page is a 0-based page index (docs/product.md §9), not a row offset. */
export const ZPageParams = z.object({
  page: z.coerce.number().int().min(0, 'page must be 0 or more'),
  size: z.coerce.number().int().min(1, 'size must be at least 1').max(MAX_PAGE_SIZE, `size must be at most ${MAX_PAGE_SIZE}`),
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

export const ZHealth = z.object({ status: z.literal('ok'), db: z.enum(['embedded', 'postgres']) });
export type THealth = z.infer<typeof ZHealth>;
