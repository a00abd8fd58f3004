// The HTTP side of the agent bulk upload: read the one CSV part of a multipart request, and the template to fill in.
import type { FastifyRequest } from 'fastify';
import { AGENT_CSV_COLUMNS, MAX_AGENT_CSV_BYTES } from '@crm/shared';
import { AppError, badRequest } from '../../http/errors.ts';

export const MULTIPART_LIMITS = { fileSize: MAX_AGENT_CSV_BYTES, files: 1, fields: 10, parts: 11 };

/** The template's two example rows show both types and both accepted date forms. */
export const AGENT_TEMPLATE_CSV =
  [
    AGENT_CSV_COLUMNS.join(','),
    'Physical,Rahim Uddin,AG-2001,2024-01-15,01711000001,1234567890123,01711000001,01711000001,change-me-2001',
    'Virtual,Fatema Begum,AG-2002,1/2/2024,01811000002,,01811000002,01811000002,change-me-2002',
  ].join('\r\n') + '\r\n';

function isTooLarge(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'code' in e && e.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** The bytes of the `file` part; refuses anything that is not a .csv file within the size limit. */
export async function readCsvUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badRequest('Send the CSV file as multipart/form-data in the field "file".');
  const part = await request.file();
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw badRequest('No file was sent: choose a CSV file (field "file").');
  }
  if (!/\.csv$/i.test(part.filename)) {
    part.file.resume();
    throw badRequest('Only CSV files (.csv) can be uploaded.');
  }
  try {
    return await part.toBuffer();
  } catch (e) {
    if (isTooLarge(e))
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${MAX_AGENT_CSV_BYTES / 1024 / 1024} MB.`);
    throw e;
  }
}
