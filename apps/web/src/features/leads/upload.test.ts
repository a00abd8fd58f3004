// The lead upload over a real local server: the file and token go out, progress comes back, each answer is read as the contract says.
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type TImportProgress } from '@crm/shared';
import { INVALID_REPLY_MESSAGE, NETWORK_ERROR_MESSAGE, setSessionExpiredHandler } from '../../app/api.ts';
import { readSession, storeSession } from '../../app/session.ts';
import { makeToken } from '../../test/tokens.ts';
import type { TUploadBytes } from '../../app/send-form.ts';
import { LOST_ANSWER, withUploadServer } from '../../test/upload-server.ts';
import { LeadUploadError, newImportId, STILL_RUNNING_MESSAGE, uploadLeadCsv } from './upload.ts';

const server = withUploadServer();

const CSV = 'cell_number,data_date,respondent_name\n01711000001,2025-03-01,Karim\n01711000002,2025-03-01,Rahima\n';
const csvFile = () => new File([CSV], 'leads.csv', { type: 'text/csv' });
const result = {
  message: 'File uploaded: 2 leads added, 0 duplicates skipped',
  rowsRead: 2,
  leadsAdded: 2,
  duplicatesSkipped: 0,
};

function progress(rowsProcessed: number, phase: TImportProgress['phase']): TImportProgress {
  return {
    importId: '00000000-0000-4000-8000-000000000000',
    campaignName: 'Spring Survey',
    fileName: 'leads.csv',
    status: 'running',
    phase,
    rowsProcessed,
    leadsAdded: null,
    duplicatesSkipped: null,
    errorCount: null,
    message: null,
    startedAt: '2025-03-01T10:00:00.000Z',
    finishedAt: null,
  };
}

/** The import's record as the server keeps it after the upload ended. */
function ended(
  status: 'done' | 'failed' | 'rejected',
  message: string,
  figures: Partial<TImportProgress> = {},
): TImportProgress {
  return { ...progress(2, 'finished'), status, message, finishedAt: '2025-03-01T10:01:00.000Z', ...figures };
}

type TRecordReply = { status: number; body: unknown };

/** Answers GET /api/file/uploadStatus/{id} (fetch) with these replies in turn, the last one repeating; returns the paths asked. */
function importRecord(...replies: TRecordReply[]): string[] {
  const asked: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    asked.push(String(input));
    const next = (replies.length > 1 ? replies.shift() : replies[0]) ?? { status: 404, body: { message: 'No upload' } };
    return Promise.resolve(
      new Response(JSON.stringify(next.body), { status: next.status, headers: { 'content-type': 'application/json' } }),
    );
  });
  return asked;
}

async function failureOf(promise: Promise<unknown>): Promise<LeadUploadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof LeadUploadError)) throw new Error(`expected a LeadUploadError, got ${String(error)}`);
  return error;
}

describe('uploadLeadCsv', () => {
  it('sends the file with the bearer token, the campaign and an import id, reports bytes sent, and returns the figures', async () => {
    const token = makeToken();
    storeSession(token);
    server.reply({ status: 200, body: result });
    const bytes: TUploadBytes[] = [];
    const importId = newImportId();

    await expect(
      uploadLeadCsv({
        campaignName: 'Spring Survey',
        file: csvFile(),
        importId,
        onUploadProgress: (b) => bytes.push(b),
      }),
    ).resolves.toEqual(result);

    const [sent] = server.received;
    expect(sent?.method).toBe('POST');
    expect(sent?.authorization).toBe(`Bearer ${token}`);
    const url = new URL(sent?.url ?? '', server.base);
    expect(url.pathname).toBe('/api/file/uploadCsv');
    expect(url.searchParams.get('tableName')).toBe('Spring Survey');
    expect(url.searchParams.get('importId')).toBe(importId);
    expect(sent?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toContain('filename="leads.csv"');
    expect(sent?.body).toContain('01711000002,2025-03-01,Rahima');
    const last = bytes.at(-1);
    expect(last?.total).toBeGreaterThan(0);
    expect(last?.loaded).toBe(last?.total);
  });

  it("polls the import's progress while the server works, and stops when it answers", async () => {
    storeSession(makeToken());
    server.reply({ status: 200, body: result, delayMs: 400 });
    const replies = [progress(1000, 'reading'), progress(2000, 'storing')];
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify(replies.length > 1 ? replies.shift() : replies[0]), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    const seen: TImportProgress[] = [];
    const importId = newImportId();

    await uploadLeadCsv({
      campaignName: 'Spring Survey',
      file: csvFile(),
      importId,
      onImportProgress: (p) => seen.push(p),
      pollMs: 50,
    });

    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/file/uploadStatus/${importId}`);
    expect(seen.map((p) => [p.phase, p.rowsProcessed])).toContainEqual(['reading', 1000]);
    expect(seen.map((p) => p.phase)).toContain('storing');
    const polls = fetch.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fetch.mock.calls.length).toBe(polls);
  });

  it('a file with bad rows is rejected with the per-row report, and the count of all problems', async () => {
    const errors = [
      { row: 3, column: 'cell_number', reason: 'cell_number "12" is not a phone number' },
      { row: 7, column: 'data_date', reason: 'data_date must be a date written yyyy-MM-dd' },
    ];
    server.reply({
      status: 400,
      body: { message: '2,400 problems in the file; nothing was stored.', rowsRead: 5000, errorCount: 2400, errors },
    });

    const failure = await failureOf(uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile() }));
    expect(failure.kind).toBe('rejected');
    expect(failure.message).toBe('2,400 problems in the file; nothing was stored.');
    expect(failure.errors).toEqual(errors);
    expect(failure.errorCount).toBe(2400);
  });

  it("any other refusal fails with the server's message", async () => {
    server.reply(
      { status: 400, body: { message: 'The file has no cell_number column' } },
      { status: 500, body: '' },
      { status: 200, body: 'File uploaded' },
    );

    const missingColumn = await failureOf(uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile() }));
    expect([missingColumn.kind, missingColumn.message]).toEqual(['failed', 'The file has no cell_number column']);
    const crash = await failureOf(uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile() }));
    expect([crash.kind, crash.message]).toEqual(['failed', MESSAGES.common.serverError]);
    const oddReply = await failureOf(uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile() }));
    expect([oddReply.kind, oddReply.message]).toEqual(['failed', INVALID_REPLY_MESSAGE]);
  });

  it.each([
    [503, MESSAGES.database.busy],
    [503, MESSAGES.database.unavailable],
    [507, MESSAGES.database.diskFull],
  ])("database trouble (%i) fails with the server's own words", async (status, message) => {
    server.reply({ status, body: { message } });
    const failure = await failureOf(uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile(), pollMs: 20 }));
    expect([failure.kind, failure.message]).toEqual(['failed', message]);
  });

  it("when the answer is lost, the import's record on the server says why it failed", async () => {
    const lost = 'The database connection was lost during the upload; nothing was stored. Upload the file again.';
    const asked = importRecord({ status: 200, body: ended('failed', lost) });
    server.reply(LOST_ANSWER);
    const importId = newImportId();

    const failure = await failureOf(
      uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile(), importId, pollMs: 20 }),
    );
    expect([failure.kind, failure.message]).toEqual(['failed', lost]);
    expect(asked).toEqual([`/api/file/uploadStatus/${importId}`]);
  });

  it('follows a lost upload while the server still runs it, and a stored one succeeds', async () => {
    const running = { ...progress(1, 'storing') };
    importRecord(
      { status: 200, body: running },
      { status: 200, body: running },
      {
        status: 200,
        body: ended('done', 'File uploaded: 2 leads added, 0 duplicates skipped', {
          leadsAdded: 2,
          duplicatesSkipped: 0,
        }),
      },
    );
    server.reply(LOST_ANSWER);
    const seen: TImportProgress[] = [];

    await expect(
      uploadLeadCsv({
        campaignName: 'Spring Survey',
        file: csvFile(),
        pollMs: 20,
        onImportProgress: (p) => seen.push(p),
      }),
    ).resolves.toEqual(result);
    expect(seen.map((p) => p.phase)).toContain('storing');
  });

  it("a proxy's 502 without our message is also read through the import's record", async () => {
    importRecord({ status: 200, body: ended('failed', MESSAGES.database.unavailable) });
    server.reply({ status: 502, body: '<html>Bad gateway</html>' });
    const failure = await failureOf(uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile(), pollMs: 20 }));
    expect([failure.kind, failure.message]).toEqual(['failed', MESSAGES.database.unavailable]);
  });

  it('says the network failed when the server has no record of the upload, or cannot be read', async () => {
    importRecord({ status: 404, body: { message: 'No upload with importId x' } });
    server.reply(LOST_ANSWER);
    const unknown = await failureOf(uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile(), pollMs: 20 }));
    expect([unknown.kind, unknown.message]).toEqual(['failed', NETWORK_ERROR_MESSAGE]);

    const asked = importRecord({ status: 503, body: { message: MESSAGES.database.busyReading } });
    const unreadable = await failureOf(uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile(), pollMs: 20 }));
    expect([unreadable.kind, unreadable.message]).toEqual(['failed', NETWORK_ERROR_MESSAGE]);
    expect(asked).toHaveLength(3);
  });

  it('stops following a lost upload that still runs past the limit, and says to check the leads', async () => {
    importRecord({ status: 200, body: progress(1, 'storing') });
    server.reply(LOST_ANSWER);
    const failure = await failureOf(
      uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile(), pollMs: 20, followMaxMs: 100 }),
    );
    expect([failure.kind, failure.message]).toEqual(['failed', STILL_RUNNING_MESSAGE]);
  });

  it('a 401 ends the session like every other call', async () => {
    storeSession(makeToken());
    const expired = vi.fn();
    const restore = setSessionExpiredHandler(expired);
    server.reply({ status: 401, body: { message: 'Please sign in.' } });
    try {
      const failure = await failureOf(uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile() }));
      expect(failure.kind).toBe('expired');
    } finally {
      restore();
    }
    expect(expired).toHaveBeenCalledTimes(1);
    expect(readSession()).toBeNull();
  });

  it('stops when cancelled', async () => {
    server.reply({ status: 200, body: result, delayMs: 2000 });
    const controller = new AbortController();
    const upload = uploadLeadCsv({ campaignName: 'Spring Survey', file: csvFile(), signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const failure = await failureOf(upload);
    expect(failure.kind).toBe('cancelled');
  });
});

describe('newImportId', () => {
  it('makes a v4 UUID even where crypto.randomUUID is missing (plain http on a LAN address)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newImportId()).toMatch(uuid);
    const own = crypto as { randomUUID?: unknown };
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(own.randomUUID).toBeUndefined();
      const ids = new Set(Array.from({ length: 50 }, newImportId));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(uuid);
    } finally {
      delete own.randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
