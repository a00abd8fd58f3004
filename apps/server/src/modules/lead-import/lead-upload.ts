// The HTTP side of the lead CSV upload: the one file part of a multipart request, as a stream, and the
// campaign it is for (?tableName= or a tableName field sent before the file).
import { Transform, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { LEAD_MESSAGES } from '@crm/shared';
import { AppError, badRequest } from '../../http/errors.ts';
import { UploadInterruptedError } from './lead-import.ts';

export type TLeadFilePart = { campaignName: string; fileName: string; file: Readable };

/** Bytes in a MB, as LEAD_UPLOAD_MAX_MB counts them. */
const MB = 1024 * 1024;

/** One byte over the limit reaches the file stream, so passLimited sees that the file is too large. */
export function leadMultipartLimits(maxMb: number) {
  return { fileSize: maxMb * MB + 1, files: 1, fields: 10, parts: 11 };
}

export const CONTROL_CHARACTER_NAME_MESSAGE = 'The file name holds a control character: rename the file and upload it again.';

export function fileTooLargeMessage(maxMb: number): string {
  return `The file is larger than ${maxMb.toLocaleString('en-US')} MB; split it into smaller files.`;
}

function fieldValue(part: Multipart | Multipart[] | undefined): string | undefined {
  const one = Array.isArray(part) ? part[0] : part;
  return one?.type === 'field' && typeof one.value === 'string' ? one.value.trim() : undefined;
}

/**
 * The `file` part, unread: refuses a request without a file or a campaign, and a file not named .csv.
 * Past maxMb the stream fails with 413 (nothing is stored: the upload's transaction rolls back).
 */
export async function readLeadFilePart(request: FastifyRequest, tableName: string | undefined, maxMb: number): Promise<TLeadFilePart> {
  if (!request.isMultipart()) throw badRequest(`${LEAD_MESSAGES.uploadMissing}: send the CSV as multipart/form-data in the field "file".`);
  const part = await request.file();
  if (!part || part.fieldname !== 'file') {
    part?.file.resume();
    throw badRequest(LEAD_MESSAGES.uploadMissing);
  }
  const campaignName = tableName ?? fieldValue(part.fields.tableName);
  if (!campaignName) {
    part.file.resume();
    throw badRequest(LEAD_MESSAGES.uploadMissing);
  }
  if (!/\.csv$/i.test(part.filename)) {
    part.file.resume();
    throw badRequest('Only CSV files (.csv) can be uploaded.');
  }
  // The name is kept with the upload's progress, and PostgreSQL text cannot hold NUL.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(part.filename)) {
    part.file.resume();
    throw badRequest(CONTROL_CHARACTER_NAME_MESSAGE);
  }
  return { campaignName, fileName: part.filename, file: passLimited(part.file, maxMb) };
}

/**
 * The file's bytes, failing with 413 once more than maxMb have come. The multipart parser only cuts a file
 * short quietly; an error here reaches the upload's pipeline, which then stores nothing.
 */
function passLimited(file: Readable, maxMb: number): Readable {
  let bytes = 0;
  let tooLarge = false;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (tooLarge) return done();
      bytes += chunk.length;
      if (bytes <= maxMb * MB) return done(null, chunk);
      tooLarge = true;
      done(new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(maxMb)));
    },
  });
  // The upload's pipeline reports errors; this keeps one raised before it is attached (the first chunk may
  // already be too large) from going unhandled.
  limited.on('error', () => undefined);
  // A client that hangs up mid-file ends the upload; an upload that ends early stops reading the file.
  file.once('error', (e) => limited.destroy(new UploadInterruptedError(e)));
  limited.once('close', () => {
    file.unpipe(limited);
    if (!file.readableEnded) file.destroy();
  });
  return file.pipe(limited);
}
