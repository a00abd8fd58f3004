// One analysis job: the recording's row is read, its file analysed in a worker thread, and the figures written back —
// only if the file is still the version the job was queued for (a file changed meanwhile has a newer job).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { ANALYSIS_MESSAGES, type TAudioAnalysis } from '@crm/shared';
import { sql } from 'kysely';
import type { TAnalysisConfig } from '../../../config.ts';
import type { Db } from '../../../db/schema.ts';
import { isDatabaseFailure } from '../../../db/job-queue.ts';
import { isMissing } from '../local.ts';
import type { VoiceLogSource } from '../media.ts';
import { recordingPath, type TRecordingRef } from '../paths.ts';
import type { TThreadPool } from './thread-pool.ts';

export type TAnalysisJobData = { recordingId: number };

export type TJobDeps = {
  db: Db;
  recordingsDir: string;
  voiceLog: VoiceLogSource;
  analysis: TAnalysisConfig;
  threads: TThreadPool;
};

/** What the job is told about its attempt (pg-boss's metadata). */
export type TAttempt = { retryCount: number; retryLimit: number };

type TRow = {
  id: number;
  callDate: string;
  fileName: string;
  source: 'local' | 'remote';
  sizeBytes: number;
  modifiedAt: Date | null;
};

/** The row's file version: the figures are written only over the version that was analysed. */
function sameVersion(row: TRow) {
  return sql<boolean>`size_bytes = ${row.sizeBytes} and modified_at is not distinct from ${row.modifiedAt}`;
}

/** A recording of the external voice log, fetched into a temporary file for the analysis. */
async function fetchRemote(
  voiceLog: VoiceLogSource,
  ref: TRecordingRef,
): Promise<{ file: string; done: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'crm-analysis-'));
  const done = () => fs.rm(dir, { recursive: true, force: true });
  try {
    const media = await voiceLog.download(ref, undefined, false);
    if (media.status !== 200 || media.body === null) throw new Error(`the voice-log server answered ${media.status}`);
    const file = path.join(dir, ref.name);
    await pipeline(media.body, createWriteStream(file));
    return { file, done };
  } catch (e) {
    await done();
    throw e;
  }
}

async function writeDone(db: Db, row: TRow, holdSeconds: number, a: TAudioAnalysis): Promise<void> {
  await db
    .updateTable('recordings')
    .set({
      analysisStatus: 'done',
      analysisReason: null,
      analysis: JSON.stringify(a),
      analysedAt: sql`now()`,
      holdSeconds,
      durationSec: Math.round(a.durationSec),
      longestSilenceSec: a.deadAir.longestSec,
      deadAirSec: a.deadAir.totalSec,
      holdCount: a.deadAir.holds.length,
      talkRatio: a.talkRatio ?? null,
      overtalkCount: a.overtalk?.count ?? null,
    })
    .where('id', '=', row.id)
    .where(sameVersion(row))
    .execute();
}

async function writeUnreadable(db: Db, row: TRow, reason: string): Promise<void> {
  await db
    .updateTable('recordings')
    .set({
      analysisStatus: 'unreadable',
      analysisReason: reason,
      analysis: null,
      analysedAt: sql`now()`,
      longestSilenceSec: null,
      deadAirSec: null,
      holdCount: null,
      talkRatio: null,
      overtalkCount: null,
    })
    .where('id', '=', row.id)
    .where(sameVersion(row))
    .execute();
}

/**
 * Analyses one recording. A file that is not readable audio is marked unreadable with the reason (the job succeeds:
 * retrying cannot help). Any other failure fails the job, so the queue retries it; the last attempt's failure marks
 * the recording unreadable with what went wrong, so a file that crashes the analysis is never retried in a loop.
 */
export async function runAnalysisJob(deps: TJobDeps, data: TAnalysisJobData, attempt: TAttempt): Promise<void> {
  const row = await deps.db
    .selectFrom('recordings')
    .select(['id', 'callDate', 'fileName', 'source', 'sizeBytes', 'modifiedAt'])
    .where('id', '=', data.recordingId)
    .where('goneAt', 'is', null)
    .executeTakeFirst();
  if (!row) return;
  const ref = { date: row.callDate, name: row.fileName };
  try {
    const fetched = row.source === 'remote' ? await fetchRemote(deps.voiceLog, ref) : null;
    try {
      const file = fetched?.file ?? recordingPath(deps.recordingsDir, ref);
      await fs.access(file);
      const options = { holdSeconds: deps.analysis.holdSeconds, agentChannel: deps.analysis.agentChannel };
      const answer = await deps.threads.analyse(file, options, deps.analysis.jobTimeoutSeconds * 1000);
      if (answer.kind === 'done') await writeDone(deps.db, row, deps.analysis.holdSeconds, answer.analysis);
      else await writeUnreadable(deps.db, row, answer.reason);
    } finally {
      await fetched?.done();
    }
  } catch (e) {
    // Removed since it was indexed: the next scan marks it gone; nothing to retry.
    if (isMissing(e)) return;
    // The database failed, not the file: never marked for it. An outage is waited out (checks/queue.ts); a recording
    // left pending by any other failure is queued again by the scanner's hourly pass (catalog/scan.ts).
    if (isDatabaseFailure(e)) throw e;
    if (attempt.retryCount >= attempt.retryLimit) {
      await writeUnreadable(
        deps.db,
        row,
        ANALYSIS_MESSAGES.failed(attempt.retryCount + 1, e instanceof Error ? e.message : String(e)),
      );
      return;
    }
    throw e;
  }
}
