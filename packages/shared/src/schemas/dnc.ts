// Schemas of the do-not-call lists (docs/guide/dnc.md).
import { z } from 'zod';
import { ZUploadRowError } from './leads.ts';
import { noControlChars } from './common.ts';

/** Which list an entry is on: the system-wide list, or a campaign's. */
export const DNC_LISTS = ['system', 'campaign'] as const;
export type TDncList = (typeof DNC_LISTS)[number];

/** One listed number, as the list screen shows it. */
export const ZDncEntry = z.object({
  id: z.number().int(),
  phoneNumber: z.string(),
  list: z.enum(DNC_LISTS),
  /** The campaign of a campaign list's entry; null on the system list. */
  campaignName: z.string().nullable(),
  reason: z.string(),
  addedBy: z.string(),
  createdAt: z.string(),
});
export type TDncEntry = z.infer<typeof ZDncEntry>;

/**
 * ?q= a whole number in any format, or some of its digits. ?campaignName=Name: that campaign's list;
 * ?campaignName= (empty): the system list; no campaignName: both lists.
 */
export const ZDncListQuery = z.object({
  q: z.string().trim().max(40).optional(),
  campaignName: z.string().trim().max(200).optional(),
});
export type TDncListQuery = z.infer<typeof ZDncListQuery>;

/** POST /api/dnc: no campaignName puts the number on the system list. */
export const ZDncAdd = z.object({
  number: z.string().trim().min(1, 'number is required').max(40),
  campaignName: z.string().trim().max(200).optional(),
  reason: z
    .string()
    .refine(...noControlChars('reason'))
    .trim()
    .max(500)
    .optional(),
});
export type TDncAdd = z.infer<typeof ZDncAdd>;

export const ZDncIdParams = z.object({ id: z.coerce.number().int().min(1) });

/** GET /api/dnc/counts: how many numbers each list holds (campaign lists with at least one). */
export const ZDncCounts = z.object({
  system: z.number().int(),
  campaigns: z.array(z.object({ campaignName: z.string(), count: z.number().int() })),
});
export type TDncCounts = z.infer<typeof ZDncCounts>;

export const ZDncUploadQuery = z.object({ campaignName: z.string().trim().max(200).optional() });

/** 200 of POST /api/dnc/upload. */
export const ZDncUploadResult = z.object({
  message: z.string(),
  rowsRead: z.number().int(),
  added: z.number().int(),
  alreadyListed: z.number().int(),
});
export type TDncUploadResult = z.infer<typeof ZDncUploadResult>;

/** 400 of POST /api/dnc/upload: the whole file refused, each bad row reported. */
export const ZDncUploadRejected = z.object({
  message: z.string(),
  rowsRead: z.number().int(),
  errorCount: z.number().int(),
  errors: z.array(ZUploadRowError),
});
export type TDncUploadRejected = z.infer<typeof ZDncUploadRejected>;

export const DNC_MESSAGES = {
  notANumber: (raw: string) => `"${raw}" is not a phone number.`,
  alreadyListed: 'The number is already on that list.',
  notFound: 'No such do-not-call entry.',
  noHeader: 'The file needs a header row with the column "number".',
  empty: 'The file has no numbers.',
  tooLarge: 'The file is larger than 20 MB; split it into smaller files.',
} as const;

export function dncUploadMessage(added: number, alreadyListed: number): string {
  return `${added.toLocaleString('en-US')} added, ${alreadyListed.toLocaleString('en-US')} already listed`;
}

export function dncUploadRejectedMessage(errorCount: number): string {
  return `${errorCount.toLocaleString('en-US')} ${errorCount === 1 ? 'problem' : 'problems'} in the file; nothing was stored. Fix the file and upload it again.`;
}
