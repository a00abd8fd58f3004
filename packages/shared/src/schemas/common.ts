// Shapes shared by every area: error replies, page parameters and the paged reply wrapper.
import { z } from 'zod';

export const ZErrorReply = z.object({ message: z.string() });
export type TErrorReply = z.infer<typeof ZErrorReply>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 500;

/** `/pagination/{page}/{size}`: page is a 0-based page index (spec §9), not a row offset. */
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
