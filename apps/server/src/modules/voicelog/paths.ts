// Where a recording lives on disk, from the {yyyy-MM-dd}/{fileName} a client names, refusing every way out of the folder.
import path from 'node:path';
import { isIsoDate, recordingFileNameProblem, VOICE_LOG_MESSAGES } from '@crm/shared';
import { badRequest } from '../../http/errors.ts';

/** A recording named by its call-date folder and file name, both checked. */
export type TRecordingRef = { date: string; name: string };

/**
 * Parses `fileName` as {yyyy-MM-dd}/{file name} (already URL-decoded once by the server). Each attempt to leave
 * the date folder is a 400 with its own message: an absolute path, "..", a backslash, a percent-encoded character
 * (a separator encoded twice), a control character (NUL included), a folder that is not a date, or more folders.
 */
export function parseRecordingRef(fileName: string): TRecordingRef {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(fileName)) throw badRequest(VOICE_LOG_MESSAGES.controlCharacter);
  if (fileName.includes('\\')) throw badRequest(VOICE_LOG_MESSAGES.backslash);
  if (fileName.includes('%')) throw badRequest(VOICE_LOG_MESSAGES.encoded);
  if (fileName.includes('..')) throw badRequest(VOICE_LOG_MESSAGES.parentFolder);
  if (fileName.startsWith('/') || /^[a-z]:/i.test(fileName)) throw badRequest(VOICE_LOG_MESSAGES.absolutePath);
  const parts = fileName.split('/');
  if (parts.length !== 2) throw badRequest(VOICE_LOG_MESSAGES.fileNameShape);
  const [date, name] = parts as [string, string];
  if (!isIsoDate(date)) throw badRequest(VOICE_LOG_MESSAGES.dateFolder);
  const problem = recordingFileNameProblem(name);
  if (problem !== null) throw badRequest(problem);
  return { date, name };
}

/** The date folder of a checked call date. */
export function dateFolder(recordingsDir: string, date: string): string {
  return path.join(path.resolve(recordingsDir), date);
}

/** The file of a checked reference; a last guard that it resolves inside the recordings folder. */
export function recordingPath(recordingsDir: string, ref: TRecordingRef): string {
  const root = path.resolve(recordingsDir);
  const full = path.resolve(root, ref.date, ref.name);
  if (!full.startsWith(root + path.sep)) throw badRequest(VOICE_LOG_MESSAGES.outsideRecordings);
  return full;
}
