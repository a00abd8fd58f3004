// The agent bulk upload and its template download: the upload keeps the server's per-row report, which the API client drops.
import { AGENT_TEMPLATE_FILENAME, ZAgentUploadRejection, type TAgentUploadError } from '@crm/shared';
import { api, NETWORK_ERROR_MESSAGE } from '../../app/api.ts';
import { readSession } from '../../app/session.ts';

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

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** POST /api/ac/upload; resolves to the number of agents added, or throws AgentUploadError. */
export async function uploadAgentCsv(file: File): Promise<number> {
  const form = new FormData();
  form.append('file', file, file.name);
  const session = readSession();
  let response: Response;
  try {
    response = await fetch('/api/ac/upload', {
      method: 'POST',
      headers: session === null ? {} : { Authorization: `Bearer ${session.token}` },
      body: form,
    });
  } catch {
    throw new AgentUploadError(NETWORK_ERROR_MESSAGE);
  }
  const body = await readJson(response);
  if (response.status === 401) {
    // Let the API client run the one expired-session flow (notice, sign-in page) for this tab.
    await api.get('/api/auth/me').catch(() => undefined);
    throw new AgentUploadError('Please sign in again and repeat the upload.');
  }
  if (response.ok && typeof body === 'number') return body;
  const report = ZAgentUploadRejection.safeParse(body);
  if (report.success) throw new AgentUploadError(report.data.message, report.data.errors, report.data.errorCount);
  const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : `The upload failed (HTTP ${response.status}).`;
  throw new AgentUploadError(message);
}

/** Downloads the template with the session's token (a plain link could not send it) and saves it. */
export async function downloadAgentTemplate(): Promise<void> {
  const blob = await api.download('/api/file/download/csv');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = AGENT_TEMPLATE_FILENAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Chromium reads the blob asynchronously after click(); revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
