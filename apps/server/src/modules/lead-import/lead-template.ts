// The lead upload template: one CSV header line of the columns a campaign's file may have.
import { LEAD_FILE_NAMES, UPLOAD_LEAD_COLUMNS } from '@crm/shared';
import type { Db } from '../../db/schema.ts';
import { findLeadLayout } from '../leads/layout.ts';

export type TLeadTemplate = { fileName: string; csv: string };

/** A header cell: quoted when it holds a quote, a comma, a line break or edge spaces (RFC 4180). */
function csvCell(name: string): string {
  return /[",\r\n]|^\s|\s$/.test(name) ? `"${name.replace(/"/g, '""')}"` : name;
}

/** GET /api/file/download/columns/csv: the default upload columns, then the data table's own (404 for an unknown campaign). */
export async function findLeadTemplate(db: Db, campaignName: string): Promise<TLeadTemplate> {
  const layout = await findLeadLayout(db, campaignName);
  const header = [...UPLOAD_LEAD_COLUMNS, ...layout.custom].map(csvCell).join(',');
  // The BOM makes spreadsheet programs read the file as UTF-8 (campaign columns may be in Bangla).
  return { fileName: LEAD_FILE_NAMES.template(layout.campaignName), csv: `\uFEFF${header}\r\n` };
}

/**
 * An attachment header any browser reads (RFC 6266): an ASCII fallback name, and the real name in
 * filename* when it has other characters.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === fileName) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
