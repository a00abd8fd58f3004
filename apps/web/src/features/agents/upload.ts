// The agent bulk upload and its template download: a refused upload carries the server's per-row report.
import { AGENT_TEMPLATE_FILENAME, ZAgentUploadRejection, type TAgentUploadError } from '@crm/shared';
import { z } from 'zod';
import { api, ApiError } from '../../app/api.ts';
import { saveBlob } from '../../app/save-file.ts';

/** A refused upload: the server's reason and, for a file with bad rows, each of them. */
export class AgentUploadError extends Error {
  readonly errors: TAgentUploadError[];
  readonly errorCount: number;
  constructor(message: string, errors: TAgentUploadError[] = [], errorCount = errors.length) {
    super(message);
    this.name = 'AgentUploadError';
    this.errors = errors;
    this.errorCount = errorCount;
  }
}

/**
 * How long the agent upload may take: sending up to 5 MB on a slow line, then the server hashing up to 1,000
 * passwords (scrypt, tens of seconds) before its one transaction. Far past the interactive default, yet bounded:
 * the modal offers no cancel, so a lost connection must end the wait by itself. An upload is all or nothing, and
 * a repeat of a stored file is refused row by row, so trying again after a time-out is safe.
 */
export const AGENT_UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** POST /api/ac/upload; resolves to the number of agents added, or throws AgentUploadError with the per-row report. */
export async function uploadAgentCsv(file: File): Promise<number> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return await api.post('/api/ac/upload', form, {
      schema: z.number().int(),
      notify: false,
      timeoutMs: AGENT_UPLOAD_TIMEOUT_MS,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const report = ZAgentUploadRejection.safeParse(error.body);
    if (report.success) throw new AgentUploadError(report.data.message, report.data.errors, report.data.errorCount);
    throw new AgentUploadError(error.message);
  }
}

/** Downloads the template with the session's token (a plain link could not send it) and saves it. */
export async function downloadAgentTemplate(): Promise<void> {
  saveBlob(await api.download('/api/file/download/csv'), AGENT_TEMPLATE_FILENAME);
}
