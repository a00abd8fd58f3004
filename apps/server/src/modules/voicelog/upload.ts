// Admins add recordings to a date folder: all files of one upload land together or none do, never replacing a file.
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import {
  recordingFileNameProblem,
  VOICE_LOG_MESSAGES,
  VOICE_LOG_UPLOAD_MAX_FILES,
  VOICE_LOG_UPLOAD_MAX_MB,
  type TVoiceLogUploadResult,
} from '@crm/shared';
import type { TConfig } from '../../config.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import { scanFolder, type TCatalog } from './catalog/scan.ts';
import { matchesExtension, probeAudio } from './durations.ts';
import { dateFolder } from './paths.ts';
import type { Db } from '../../db/schema.ts';
import { recordAudit, type TAuditActor } from '../audit/record.ts';

export const RECORDING_MULTIPART_LIMITS = {
  fileSize: VOICE_LOG_UPLOAD_MAX_MB * 1024 * 1024,
  files: VOICE_LOG_UPLOAD_MAX_FILES,
  fields: 10,
  parts: VOICE_LOG_UPLOAD_MAX_FILES + 10,
};

type Received = { fileName: string; tmp: string; size: number };

const codeOf = (e: unknown) =>
  typeof e === 'object' && e !== null && 'code' in e && typeof e.code === 'string' ? e.code : undefined;

function uploadLimitError(e: unknown): AppError | undefined {
  const code = codeOf(e);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', VOICE_LOG_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
    return new AppError('PAYLOAD_TOO_LARGE', VOICE_LOG_MESSAGES.tooMany);
  return undefined;
}

/** Every file part written to `tmpDir`; a bad name is noted and its bytes skipped, so all problems are told at once. */
async function receiveParts(
  request: FastifyRequest,
  tmpDir: string,
): Promise<{ received: Received[]; problems: string[] }> {
  const received: Received[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const fileName = part.filename;
      const problem =
        recordingFileNameProblem(fileName) ??
        (seen.has(fileName.toLowerCase()) ? VOICE_LOG_MESSAGES.duplicateInUpload(fileName) : null);
      seen.add(fileName.toLowerCase());
      if (problem !== null || problems.length > 0) {
        if (problem !== null) problems.push(problem);
        part.file.resume();
        continue;
      }
      // Named after the recording, so its extension tells the metadata reader what to expect.
      const tmp = path.join(tmpDir, `${received.length}-${fileName}`);
      await pipeline(part.file, createWriteStream(tmp, { flags: 'wx' }));
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', VOICE_LOG_MESSAGES.tooLarge);
      received.push({ fileName, tmp, size: (await fs.stat(tmp)).size });
    }
  } catch (e) {
    throw uploadLimitError(e) ?? e;
  }
  return { received, problems };
}

/** Puts the file in place unless one of that name is there already (a hard link never replaces). */
async function placeFile(tmp: string, dest: string): Promise<void> {
  try {
    await fs.link(tmp, dest);
  } catch (e) {
    const code = codeOf(e);
    if (code === 'EEXIST') throw conflict(VOICE_LOG_MESSAGES.exists([path.basename(dest)]));
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'EMLINK') throw e;
    // A filesystem without hard links: check, then rename (atomic, but it could replace a file that appeared since).
    if (
      await fs.stat(dest).then(
        () => true,
        () => false,
      )
    )
      throw conflict(VOICE_LOG_MESSAGES.exists([path.basename(dest)]));
    await fs.rename(tmp, dest);
  }
}

/**
 * Stores the uploaded .mp3/.wav files in RECORDINGS_DIR/{directory}/. Refused whole, nothing stored: a bad file
 * name or extension, a name sent twice, a file that is not readable audio of its extension (400); a file over
 * the size limit or too many files (413); a name already in the folder (409: a recording is never replaced, so
 * the file a QC record links to stays the one that was scored).
 */
export async function storeRecordings(
  request: FastifyRequest,
  config: TConfig,
  directory: string,
  audit: { db: Db; actor: TAuditActor },
  catalog: TCatalog,
): Promise<TVoiceLogUploadResult> {
  if (config.voiceLogUrl) throw badRequest(VOICE_LOG_MESSAGES.uploadToExternal);
  if (!request.isMultipart()) throw badRequest(VOICE_LOG_MESSAGES.notMultipart);
  const root = path.resolve(config.recordingsDir);
  await fs.mkdir(root, { recursive: true });
  // Inside RECORDINGS_DIR, so placing a file is a link on the same filesystem; a dot folder is never listed.
  const tmpDir = await fs.mkdtemp(path.join(root, '.upload-'));
  try {
    const { received, problems } = await receiveParts(request, tmpDir);
    if (problems.length > 0) throw badRequest(problems.join('; '));
    if (received.length === 0) throw badRequest(VOICE_LOG_MESSAGES.noFiles);
    const probes = await Promise.all(received.map((r) => probeAudio(r.tmp)));
    const unreadable = received
      .filter((r, i) => !matchesExtension(r.fileName, probes[i]!))
      .map((r) => VOICE_LOG_MESSAGES.unreadable(r.fileName));
    if (unreadable.length > 0) throw badRequest(unreadable.join('; '));

    const folder = dateFolder(root, directory);
    await fs.mkdir(folder, { recursive: true });
    const taken = [];
    for (const r of received)
      if (
        await fs.stat(path.join(folder, r.fileName)).then(
          () => true,
          () => false,
        )
      )
        taken.push(r.fileName);
    if (taken.length > 0) throw conflict(VOICE_LOG_MESSAGES.exists(taken));
    const placed: string[] = [];
    try {
      for (const r of received) {
        const dest = path.join(folder, r.fileName);
        await placeFile(r.tmp, dest);
        placed.push(dest);
      }
      // Written once the files are in place; if it cannot be written, the files go again (no unlogged upload).
      const files = received.map((r) => r.fileName);
      await recordAudit(audit.db, audit.actor, {
        action: 'upload',
        objectType: 'recording',
        objectId: directory,
        changes: { after: { files }, counts: { recordings: files.length } },
      });
    } catch (e) {
      await Promise.all(placed.map((p) => fs.rm(p, { force: true })));
      throw e;
    }
    // Indexed and queued for analysis at once, not at the next scan.
    await scanFolder(catalog, directory, 'quick');
    return {
      directory,
      files: received.map((r, i) => ({ fileName: r.fileName, size: r.size, duration: probes[i]!.duration })),
    };
  } finally {
    await fs.rm(tmpDir, { recursive: true, force: true });
  }
}
