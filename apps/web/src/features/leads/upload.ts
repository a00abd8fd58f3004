// The lead CSV upload: one sendForm (app/send-form.ts) with the session's token, the server's import progress
// polled while it runs, and the answer read against the contract (or, when the answer is lost, the import's record).
import {
  MESSAGES,
  ZLeadUploadRejected,
  ZLeadUploadResult,
  type TImportProgress,
  type TLeadUploadResult,
  type TUploadRowError,
} from '@crm/shared';
import {
  ApiError,
  GATEWAY_STATUSES,
  INVALID_REPLY_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  endExpiredSession,
  messageOf,
  serverMessage,
} from '../../app/api.ts';
import { sendForm, UPLOAD_CANCELLED_MESSAGE, type TFormReply, type TUploadBytes } from '../../app/send-form.ts';
import { fetchImportProgress } from './api.ts';

export const UPLOAD_PATH = '/api/file/uploadCsv';
export const IMPORT_POLL_MS = 700;

/**
 * Why an upload did not store leads. rejected: the file has bad rows (errors lists them, nothing was stored);
 * failed: any other refusal or failure; cancelled: the user stopped it; expired: the session ended (already handled).
 */
export type TLeadUploadFailure = 'rejected' | 'failed' | 'cancelled' | 'expired';

export class LeadUploadError extends Error {
  readonly kind: TLeadUploadFailure;
  readonly errors: TUploadRowError[];
  readonly errorCount: number;
  constructor(kind: TLeadUploadFailure, message: string, errors: TUploadRowError[] = [], errorCount = errors.length) {
    super(message);
    this.name = 'LeadUploadError';
    this.kind = kind;
    this.errors = errors;
    this.errorCount = errorCount;
  }
}

/** A random v4 UUID; crypto.randomUUID exists only in secure contexts, and the app may be opened as http://10.0.0.5:3000. */
export function newImportId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Calls onProgress with the import's progress every intervalMs until the returned stop() is called.
 * A poll that fails (the server has not seen the import yet, a missed beat) is skipped: the upload's own answer decides.
 */
export function pollImportProgress(
  importId: string,
  onProgress: (progress: TImportProgress) => void,
  intervalMs = IMPORT_POLL_MS,
): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      const progress = await fetchImportProgress(importId, controller.signal);
      if (!controller.signal.aborted) onProgress(progress);
    } catch {
      // shown nowhere on purpose: the progress line simply keeps its last figures
    }
    if (!controller.signal.aborted) timer = setTimeout(() => void tick(), intervalMs);
  };
  timer = setTimeout(() => void tick(), intervalMs);
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}

/** Turns the server's answer into the result, or the LeadUploadError the screen shows. */
export function readUploadReply({ status, body }: TFormReply): TLeadUploadResult {
  if (status >= 200 && status < 300) {
    const result = ZLeadUploadResult.safeParse(body);
    if (result.success) return result.data;
    throw new LeadUploadError('failed', INVALID_REPLY_MESSAGE);
  }
  if (status === 401) {
    endExpiredSession();
    throw new LeadUploadError('expired', MESSAGES.auth.sessionExpired);
  }
  const rejected = status === 400 ? ZLeadUploadRejected.safeParse(body) : undefined;
  if (rejected?.success)
    throw new LeadUploadError('rejected', rejected.data.message, rejected.data.errors, rejected.data.errorCount);
  throw new LeadUploadError('failed', messageOf(body, status));
}

/** Said when the user stops waiting for the end of an upload whose answer was lost: the server may still store it. */
export const STOPPED_WAITING_MESSAGE =
  'Stopped waiting for this upload; the server may still store it. Check the leads before uploading the file again.';
/** Said when an upload whose answer was lost still runs long after the server's own limit for it. */
export const STILL_RUNNING_MESSAGE =
  'The answer to this upload was lost and the server still reports it running. Check the leads before uploading the file again.';

/**
 * How long an upload whose answer was lost is followed through its import record: a living upload ends within the
 * server's 30-minute limit of its storing statement, or is marked failed.
 */
export const IMPORT_FOLLOW_MAX_MS = 35 * 60_000;
/** Reads of the import record that may fail in a row (the network is still coming back) before giving up on it. */
const IMPORT_READ_ATTEMPTS = 3;

/** A reply that is not the server's own answer: a proxy's 502-504 with no message of ours. */
function isGatewayReply({ status, body }: TFormReply): boolean {
  return GATEWAY_STATUSES.includes(status) && serverMessage(body) === undefined;
}

/** The import's end as the upload's answer would have said it. */
function resultOfImport(end: TImportProgress): TLeadUploadResult {
  if (end.status === 'done' && end.message !== null && end.leadsAdded !== null && end.duplicatesSkipped !== null) {
    return {
      message: end.message,
      rowsRead: end.rowsProcessed,
      leadsAdded: end.leadsAdded,
      duplicatesSkipped: end.duplicatesSkipped,
    };
  }
  // The per-row report of a rejected file travels only in the upload's answer; its message says how many there were.
  throw new LeadUploadError('failed', end.message ?? MESSAGES.common.serverError);
}

type TFollow = {
  importId: string;
  signal?: AbortSignal;
  pollMs: number;
  maxMs: number;
  onImportProgress?: (progress: TImportProgress) => void;
};

/**
 * The upload's own answer was lost (the connection dropped, or a proxy answered for a server it could not reach),
 * but the server keeps the import's record: read it, and follow it while it says 'running'. Resolves to the
 * import's end, or null when the record cannot be read (no such import: the file never reached the server).
 */
async function followLostImport({
  importId,
  signal,
  pollMs,
  maxMs,
  onImportProgress,
}: TFollow): Promise<TImportProgress | null> {
  const giveUpAt = Date.now() + maxMs;
  let failures = 0;
  for (;;) {
    if (signal?.aborted) throw new LeadUploadError('cancelled', STOPPED_WAITING_MESSAGE);
    try {
      const progress = await fetchImportProgress(importId, signal);
      failures = 0;
      if (progress.status !== 'running') return progress;
      onImportProgress?.(progress);
      if (Date.now() >= giveUpAt) throw new LeadUploadError('failed', STILL_RUNNING_MESSAGE);
    } catch (error) {
      if (error instanceof LeadUploadError) throw error;
      if (signal?.aborted) throw new LeadUploadError('cancelled', STOPPED_WAITING_MESSAGE);
      // The API client has already ended the session and said so.
      if (error instanceof ApiError && error.status === 401)
        throw new LeadUploadError('expired', MESSAGES.auth.sessionExpired);
      failures += 1;
      if ((error instanceof ApiError && error.status === 404) || failures >= IMPORT_READ_ATTEMPTS) return null;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export type TUploadLeads = {
  campaignName: string;
  file: File;
  importId?: string;
  onUploadProgress?: (bytes: TUploadBytes) => void;
  onImportProgress?: (progress: TImportProgress) => void;
  signal?: AbortSignal;
  pollMs?: number;
  /** How long an upload whose answer was lost is followed (IMPORT_FOLLOW_MAX_MS). */
  followMaxMs?: number;
};

/**
 * POST /api/file/uploadCsv?tableName&importId with the file; resolves to the server's figures or throws LeadUploadError.
 * When the answer is lost (network, a proxy's 502-504), the import's record on the server tells how the upload ended.
 */
export async function uploadLeadCsv(input: TUploadLeads): Promise<TLeadUploadResult> {
  const importId = input.importId ?? newImportId();
  const pollMs = input.pollMs ?? IMPORT_POLL_MS;
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  const url = `${UPLOAD_PATH}?${new URLSearchParams({ tableName: input.campaignName, importId }).toString()}`;
  const stop =
    input.onImportProgress === undefined
      ? () => undefined
      : pollImportProgress(importId, input.onImportProgress, pollMs);
  let reply: TFormReply | undefined;
  let lost = NETWORK_ERROR_MESSAGE;
  try {
    reply = await sendForm(url, form, {
      onUploadProgress: input.onUploadProgress,
      signal: input.signal,
      totalHint: input.file.size,
    });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'aborted')
      throw new LeadUploadError('cancelled', UPLOAD_CANCELLED_MESSAGE);
    if (error instanceof Error) lost = error.message;
  } finally {
    stop();
  }
  if (reply !== undefined && !isGatewayReply(reply)) return readUploadReply(reply);
  const end = await followLostImport({
    importId,
    signal: input.signal,
    pollMs,
    maxMs: input.followMaxMs ?? IMPORT_FOLLOW_MAX_MS,
    onImportProgress: input.onImportProgress,
  });
  if (end !== null) return resultOfImport(end);
  if (reply !== undefined) return readUploadReply(reply);
  throw new LeadUploadError('failed', lost);
}
