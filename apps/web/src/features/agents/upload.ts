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

/** POST /api/ac/upload; resolves to the number of agents added, or throws AgentUploadError with the per-row report. */
export async function uploadAgentCsv(file: File): Promise<number> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return await api.post('/api/ac/upload', form, { schema: z.number().int(), notify: false });
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
