// The voice log (docs/product.md §3 Voice file, §7 Voice log; docs/architecture.md §5): recordings kept under RECORDINGS_DIR as
// {yyyy-MM-dd}/{fileName}, searched by call date and number and streamed with Range support.
import { z } from 'zod';
import { isIsoDate } from '../domain/dates.ts';
import { VOICE_LOG_SORTS, ZRecordingChecks } from './recording-analysis.ts';

/** Spec §9: the QC panel asks for page 0, size 10. */
export const VOICE_LOG_PAGE_SIZE = 10;
export const RECORDING_EXTENSIONS = ['.mp3', '.wav'] as const;

export const VOICE_LOG_PATHS = {
  search: '/api/voicelog/search',
  download: '/api/voicelog/download-mp3',
  upload: '/api/voicelog/upload',
  analysis: '/api/voicelog/analysis',
} as const;

/** The largest recording an admin may upload, per file, and how many files one upload may carry. */
export const VOICE_LOG_UPLOAD_MAX_MB = 100;
export const VOICE_LOG_UPLOAD_MAX_FILES = 50;

/** What the voice-log calls answer when they refuse or fail (shown to the user as they are). */
export const VOICE_LOG_MESSAGES = {
  fileNameShape:
    'fileName must be {yyyy-MM-dd}/{file name}, e.g. 2026-11-17/20261117-101500_01712345678_AG-1001-all.mp3',
  absolutePath: 'fileName must be {yyyy-MM-dd}/{file name}, not an absolute path',
  parentFolder: 'fileName must not contain ".."',
  backslash: 'fileName must not contain a backslash',
  encoded: 'fileName must not contain percent-encoded characters (send it URL-encoded once)',
  controlCharacter: 'fileName must not contain control characters',
  dateFolder: 'The folder of fileName must be a call date written yyyy-MM-dd',
  outsideRecordings: 'fileName points outside the recordings folder',
  notFound: 'Recording not found',
  notYours: 'You may only play recordings of your own QC records',
  unsatisfiableRange: 'The requested byte range is outside the recording',
  extension: (name: string) => `"${name}" is not a recording: only .mp3 and .wav files are accepted`,
  badName: (name: string) =>
    `"${name}" is not a usable file name (no folders, "..", "%", control characters or a leading dot)`,
  unreadable: (name: string) =>
    `"${name}" is not a readable ${name.toLowerCase().endsWith('.wav') ? 'WAV' : 'MP3'} recording`,
  duplicateInUpload: (name: string) => `"${name}" was sent twice in one upload`,
  exists: (names: string[]) =>
    `Already in this date folder, not replaced: ${names.join(', ')}. Delete or rename the existing file first.`,
  tooLarge: `A recording may be at most ${VOICE_LOG_UPLOAD_MAX_MB} MB`,
  tooMany: `At most ${VOICE_LOG_UPLOAD_MAX_FILES} recordings per upload`,
  noFiles: 'No recording was sent: choose one or more .mp3 or .wav files',
  notMultipart: 'Send the recordings as multipart/form-data',
  uploadToExternal: 'Recordings come from the external voice-log server (VOICE_LOG_URL): add them there',
  upstreamFailed: (detail: string) => `The voice-log server could not be reached or failed: ${detail}`,
} as const;

/**
 * What is wrong with a recording's file name (the name alone, no folder), or null when it is fine. Shared so the
 * upload screen can say so before sending.
 */
export function recordingFileNameProblem(name: string): string | null {
  // '%': the download refuses a name holding one (a separator encoded twice), so such a file could never be played.
  if (
    name.length === 0 ||
    name.length > 255 ||
    name.startsWith('.') ||
    // eslint-disable-next-line no-control-regex
    /[/\\%\u0000-\u001f\u007f]/.test(name) ||
    name.includes('..')
  ) {
    return VOICE_LOG_MESSAGES.badName(name);
  }
  const lower = name.toLowerCase();
  if (!RECORDING_EXTENSIONS.some((ext) => lower.endsWith(ext))) return VOICE_LOG_MESSAGES.extension(name);
  return null;
}

const zDirectory = z
  .string({ message: 'directory (the call date) is required' })
  .trim()
  .refine(isIsoDate, 'directory must be a date written yyyy-MM-dd');

/** GET /api/voicelog/search?directory={yyyy-MM-dd}&msisdn=&page=&size= (any way of writing the number). */
export const ZVoiceLogSearchQuery = z.object({
  directory: zDirectory,
  msisdn: z
    .string({ message: 'msisdn (the number) is required' })
    .trim()
    .min(1, 'msisdn (the number) is required')
    .max(40),
  page: z.coerce.number().int().min(0, 'page must be 0 or more').default(0),
  size: z.coerce
    .number()
    .int()
    .min(1, 'size must be at least 1')
    .max(100, 'size must be at most 100')
    .default(VOICE_LOG_PAGE_SIZE),
  /** Only recordings whose longest dead air is longer than this many seconds. */
  longestSilenceOver: z.coerce.number().min(0, 'longestSilenceOver must be 0 or more').optional(),
  /** Only stereo recordings whose agent talk ratio is below this percentage. */
  talkRatioUnder: z.coerce
    .number()
    .min(0, 'talkRatioUnder must be 0 to 100')
    .max(100, 'talkRatioUnder must be 0 to 100')
    .optional(),
  sort: z.enum(VOICE_LOG_SORTS, { message: `sort must be one of ${VOICE_LOG_SORTS.join(', ')}` }).default('time'),
});
export type TVoiceLogSearchQuery = z.output<typeof ZVoiceLogSearchQuery>;

/** One recording (docs/product.md §3 Voice file): duration in whole seconds read from the file (null when unreadable). */
export const ZVoiceFile = z.object({
  dateTime: z.string().nullable(),
  phoneNumber: z.string(),
  campaignName: z.string(),
  agentId: z.string(),
  fileName: z.string(),
  duration: z.number().int().nullable(),
  /** The automatic checks (null when the recording is not indexed, e.g. a search of the external voice log that failed to index). */
  checks: ZRecordingChecks.nullable(),
});
export type TVoiceFile = z.infer<typeof ZVoiceFile>;

export const ZVoiceLogPage = z.object({
  content: z.array(ZVoiceFile),
  totalElements: z.number().int(),
  totalPages: z.number().int(),
  size: z.number().int(),
  number: z.number().int(),
  first: z.boolean(),
  last: z.boolean(),
});
export type TVoiceLogPage = z.infer<typeof ZVoiceLogPage>;

/** GET /api/voicelog/download-mp3?fileName={yyyy-MM-dd}/{fileName}[&token=] (Range supported). */
export const ZVoiceDownloadQuery = z.object({
  fileName: z.string({ message: 'fileName is required' }).min(1, 'fileName is required').max(300),
  token: z.string().optional(),
});

/** The URL an <audio> element plays: the recording of a date folder, with a media token (it cannot send headers). */
export function recordingUrl(date: string, fileName: string, token: string): string {
  const params = new URLSearchParams({ fileName: `${date}/${fileName}`, token });
  return `${VOICE_LOG_PATHS.download}?${params.toString()}`;
}

/** POST /api/voicelog/upload?directory={yyyy-MM-dd} (multipart, one or more .mp3/.wav files). */
export const ZVoiceLogUploadQuery = z.object({ directory: zDirectory });
export type TVoiceLogUploadQuery = z.output<typeof ZVoiceLogUploadQuery>;

export const ZVoiceLogUploadResult = z.object({
  directory: z.string(),
  files: z.array(z.object({ fileName: z.string(), size: z.number().int(), duration: z.number().int().nullable() })),
});
export type TVoiceLogUploadResult = z.infer<typeof ZVoiceLogUploadResult>;
