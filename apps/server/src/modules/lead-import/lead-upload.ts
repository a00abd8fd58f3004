// The HTTP side of the lead CSV upload: the one file part of a multipart request, as a stream, and the
// campaign it is for (?tableName=, or a tableName field sent before or after the file).
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { LEAD_MESSAGES } from '@crm/shared';
import { AppError, badRequest } from '../../http/errors.ts';
import { UploadInterruptedError } from './lead-import.ts';

export type TLeadFilePart = {
  campaignName: string;
  fileName: string;
  file: Readable;
  /** Lets the file go (read or not) and, for a file kept in DATA_DIR, deletes it before it resolves. */
  release: () => Promise<void>;
};

/** Bytes in a MB, as LEAD_UPLOAD_MAX_MB counts them. */
const MB = 1024 * 1024;

/** One byte over the limit reaches the file stream, so passLimited sees that the file is too large. */
export function leadMultipartLimits(maxMb: number) {
  return { fileSize: maxMb * MB + 1, files: 1, fields: 10, parts: 11 };
}

export const CONTROL_CHARACTER_NAME_MESSAGE =
  'The file name holds a control character: rename the file and upload it again.';

export function fileTooLargeMessage(maxMb: number): string {
  return `The file is larger than ${maxMb.toLocaleString('en-US')} MB; split it into smaller files.`;
}

/** Refuses a part that is not a .csv file with a printable name (the name is kept with the upload's progress). */
function checkFilePart(part: MultipartFile): void {
  if (part.fieldname !== 'file') throw badRequest(LEAD_MESSAGES.uploadMissing);
  if (!/\.csv$/i.test(part.filename)) throw badRequest('Only CSV files (.csv) can be uploaded.');
  // PostgreSQL text cannot hold NUL, and a line break would split the file name in a report.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(part.filename)) throw badRequest(CONTROL_CHARACTER_NAME_MESSAGE);
}

/**
 * The `file` part, as a stream: refuses a request without a file or a campaign, and a file not named .csv.
 * The campaign comes from ?tableName= or a tableName field. Sent before the file (the product's own client), the
 * file streams straight into the upload; sent after it (the older client appends the file first), the file is
 * kept in DATA_DIR until the field arrives, then read from there; release() deletes it, read or abandoned, before
 * the reply goes out.
 * Past maxMb the stream fails with 413 (nothing is stored: the upload's transaction rolls back).
 */
export async function readLeadFilePart(
  request: FastifyRequest,
  tableName: string | undefined,
  maxMb: number,
  spoolDir: string,
): Promise<TLeadFilePart> {
  if (!request.isMultipart())
    throw badRequest(`${LEAD_MESSAGES.uploadMissing}: send the CSV as multipart/form-data in the field "file".`);
  let campaignName = tableName;
  let spooled: { fileName: string; path: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'tableName' && campaignName === undefined && typeof part.value === 'string')
          campaignName = part.value.trim() || undefined;
        continue;
      }
      try {
        checkFilePart(part);
      } catch (e) {
        part.file.resume();
        throw e;
      }
      if (campaignName !== undefined) {
        const file = passLimited(part.file, maxMb);
        return { campaignName, fileName: part.filename, file, release: async () => void file.destroy() };
      }
      spooled = { fileName: part.filename, path: path.join(spoolDir, `.lead-upload-${randomUUID()}.csv`) };
      await fs.mkdir(spoolDir, { recursive: true });
      await pipeline(passLimited(part.file, maxMb), createWriteStream(spooled.path, { mode: 0o600 }));
    }
  } catch (e) {
    if (spooled) await fs.rm(spooled.path, { force: true });
    throw e;
  }
  if (!spooled) throw badRequest(LEAD_MESSAGES.uploadMissing);
  if (campaignName === undefined) {
    await fs.rm(spooled.path, { force: true });
    throw badRequest(LEAD_MESSAGES.uploadMissing);
  }
  const kept = spooled.path;
  const file = createReadStream(kept);
  // Deleted before the reply goes out, so a stored upload leaves no copy behind even for a moment.
  const release = async () => {
    file.destroy();
    await fs.rm(kept, { force: true }).catch(() => undefined);
  };
  return { campaignName, fileName: spooled.fileName, file, release };
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
