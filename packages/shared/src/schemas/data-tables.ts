// Data table shapes (docs/product.md §3 Data table: one per campaign, with its own lead columns) and the /dt and /dynamic calls.
import { z } from 'zod';
import { MAX_DATA_TABLE_COLUMNS, MIN_DATA_TABLE_COLUMNS } from '../domain/lead-columns.ts';

export const ZDataTable = z.object({
  id: z.number().int(),
  /** The campaign's name (the spec's tableName). */
  name: z.string(),
  campaignName: z.string(),
  /** How many own columns it has: always columns.length. */
  numberOfField: z.number().int(),
  /** The campaign's own lead columns, in order, besides the 16 default ones. */
  columns: z.array(z.string()),
  createAt: z.string(),
});
export type TDataTable = z.infer<typeof ZDataTable>;

const ZNumberOfField = z
  .number({ message: 'numberOfField is required' })
  .int('numberOfField must be a whole number')
  .min(MIN_DATA_TABLE_COLUMNS, `numberOfField must be at least ${MIN_DATA_TABLE_COLUMNS}`)
  .max(MAX_DATA_TABLE_COLUMNS, `numberOfField must be at most ${MAX_DATA_TABLE_COLUMNS}`);

/** POST /dt/addDataTables: the campaign's data table, with its column names when given (exactly numberOfField of them). */
export const ZCreateDataTableRequest = z.object({
  campaignName: z.string({ message: 'campaignName is required' }).trim().min(1, 'campaignName is required'),
  numberOfField: ZNumberOfField,
  columns: z.array(z.string()).max(MAX_DATA_TABLE_COLUMNS).optional(),
});
export type TCreateDataTableRequest = z.infer<typeof ZCreateDataTableRequest>;

export const ZDataTableIdParams = z.object({
  id: z.coerce.number().int().positive('id must be a positive whole number'),
});

/** GET /dt/searchDataTables: a data table matches when ANY given criterion does (name or campaign contains, field count equals). */
export const ZDataTableSearchQuery = z.object({
  name: z.string().optional(),
  campaignName: z.string().optional(),
  numberOfField: z.string().optional(),
});
export type TDataTableSearchQuery = z.infer<typeof ZDataTableSearchQuery>;

/** The one search box of the data-table list sends its term as every criterion; the server ORs them. */
export function dataTableSearchQuery(term: string): TDataTableSearchQuery {
  const value = term.trim();
  return { name: value, campaignName: value, numberOfField: value };
}

/** Repeated `columns=a&columns=b`, or one comma-separated `columns=a,b`. */
const ZColumnList = z
  .union([z.string(), z.array(z.string())], { message: 'columns is required' })
  .transform((value) => (Array.isArray(value) ? value : value.split(',')))
  .pipe(
    z
      .array(z.string())
      .min(1, 'columns is required')
      .max(MAX_DATA_TABLE_COLUMNS, `at most ${MAX_DATA_TABLE_COLUMNS} columns`),
  );

/** POST /dynamic/create?tableName&columns: adds columns to the data table of the campaign named tableName. */
export const ZAddColumnsQuery = z.object({
  tableName: z.string({ message: 'tableName is required' }).trim().min(1, 'tableName is required'),
  columns: ZColumnList,
});
export type TAddColumnsQuery = z.infer<typeof ZAddColumnsQuery>;

/** DELETE /dynamic/deleteCampaignTable?campaignName */
export const ZDeleteCampaignTableQuery = z.object({
  campaignName: z.string({ message: 'campaignName is required' }).trim().min(1, 'campaignName is required'),
});

/** GET /dynamic/countNumberOfDataAvailable?campaignDataTable (= the campaign name) */
export const ZCountLeadsQuery = z.object({
  campaignDataTable: z
    .string({ message: 'campaignDataTable is required' })
    .trim()
    .min(1, 'campaignDataTable is required'),
});

/** Spec §8 table messages, word for word. */
export const DATA_TABLE_MESSAGES = {
  created: 'Table creation successful!',
  createFailed: 'Table creation failed!',
} as const;

/** The data-table delete confirmation (the older screen's wording, without its stray space before "?"). */
export function dataTableDeleteConfirmation(name: string): string {
  return `Do you really want to delete ${name} table? This process cannot be undone!`;
}
