// The agent CSV upload waits minutes, not the 60-second default: a 5 MB file on a slow line and 1,000 password hashes.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIMEOUT_MS, timeoutMessage } from '../../app/api.ts';
import { AGENT_UPLOAD_TIMEOUT_MS, AgentUploadError, uploadAgentCsv } from './upload.ts';
import { withSilentServer } from '../../test/silent-server.ts';

withSilentServer();

describe('uploadAgentCsv', () => {
  it('waits ten minutes for the answer, then says the upload may or may not have been stored', async () => {
    let outcome: unknown = 'pending';
    uploadAgentCsv(new File(['type,name\n'], 'agents.csv', { type: 'text/csv' })).then(
      () => (outcome = 'answered'),
      (error: unknown) => (outcome = error),
    );
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(AGENT_UPLOAD_TIMEOUT_MS - DEFAULT_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(AgentUploadError);
    expect(outcome).toMatchObject({ message: timeoutMessage(AGENT_UPLOAD_TIMEOUT_MS, true) });
    expect(timeoutMessage(AGENT_UPLOAD_TIMEOUT_MS, true)).toMatch(/^The server did not answer within 10 minutes\./);
  });
});
