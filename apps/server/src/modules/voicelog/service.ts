// The voice-log calls: search a date folder by number, and play one recording (who may play what is decided here).
import {
  VOICE_LOG_MESSAGES,
  type TRecordingAnalysisReply,
  type TTokenPayload,
  type TVoiceLogPage,
  type TVoiceLogSearchQuery,
} from '@crm/shared';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { isAgent, userIdOf } from '../../auth/access.ts';
import { analysisReplyOf, checksOf } from './catalog/checks.ts';
import { refreshFolder, type TCatalog } from './catalog/scan.ts';
import { filterRemotePage, indexRemote, searchIndex } from './catalog/search.ts';
import { createLocalVoiceLog } from './local.ts';
import { voiceLogPage, type TMedia, type VoiceLogSource } from './media.ts';
import { parseRecordingName } from './names.ts';
import { parseRecordingRef, type TRecordingRef } from './paths.ts';
import { createProxyVoiceLog } from './proxy.ts';
import type { TRangeAsk } from './range.ts';

/** VOICE_LOG_URL when set, else RECORDINGS_DIR. */
export function createVoiceLog(config: TConfig): VoiceLogSource {
  return config.voiceLogUrl
    ? createProxyVoiceLog(config.voiceLogUrl, config.voiceLogTimeoutMs)
    : createLocalVoiceLog(config.recordingsDir);
}

export type TVoiceLogDeps = { db: Db; voiceLog: VoiceLogSource; catalog: TCatalog; holdSeconds: number };

/**
 * A date's recordings of a number, each with its automatic checks. RECORDINGS_DIR is searched through the index (the
 * date's folder read again first if it changed); the external voice log is asked, and its recordings are indexed
 * and queued for analysis the first time they are met (filters and sorting then apply within its page).
 */
export async function searchRecordings(deps: TVoiceLogDeps, query: TVoiceLogSearchQuery): Promise<TVoiceLogPage> {
  if (deps.voiceLog.search === null) {
    await refreshFolder(deps.catalog, query.directory);
    return searchIndex(deps.db, deps.catalog.country, deps.holdSeconds, query);
  }
  const page = await deps.voiceLog.search(query);
  const { rows, added } = await indexRemote(deps.db, deps.catalog.country, query.directory, page.content);
  await deps.catalog.enqueue(added);
  const content = page.content.map((f) => {
    const row = rows.get(f.fileName);
    return { ...f, checks: row ? checksOf(row, deps.holdSeconds) : null };
  });
  const kept = filterRemotePage(content, rows, query);
  return kept.length === content.length
    ? { ...page, content: kept }
    : { ...voiceLogPage(kept, page.totalElements, query), content: kept };
}

/** Whether the recording is linked to one of the agent's own in-house QC records of that call date. */
async function isAgentsRecording(db: Db, agentUserId: number, ref: TRecordingRef): Promise<boolean> {
  const row = await db
    .selectFrom('qcRecordFiles')
    .innerJoin('qcRecords', 'qcRecords.id', 'qcRecordFiles.qcRecordId')
    .select('qcRecordFiles.id')
    .where('qcRecords.agentUserId', '=', agentUserId)
    .where('qcRecords.kind', '=', 'in-house')
    .where('qcRecords.callDate', '=', ref.date)
    .where('qcRecordFiles.fileName', '=', ref.name)
    .executeTakeFirst();
  return row !== undefined;
}

/** Admins and QC inspectors: any recording; an agent: only one linked to its own in-house QC records (else 403). */
async function assertMayHear(db: Db, user: TTokenPayload, ref: TRecordingRef): Promise<void> {
  if (isAgent(user) && !(await isAgentsRecording(db, userIdOf(user), ref)))
    throw forbidden(VOICE_LOG_MESSAGES.notYours);
}

/**
 * A recording's automatic checks for the player (GET /api/voicelog/analysis): pending while it waits or is analysed,
 * unreadable with the reason, or the figures, waveform and spans. A recording the index does not have yet is looked
 * for (its date folder read again; on the external voice log, asked for and queued): 404 when it is nowhere.
 */
export async function getRecordingAnalysis(
  deps: TVoiceLogDeps,
  user: TTokenPayload,
  fileName: string,
): Promise<TRecordingAnalysisReply> {
  const ref = parseRecordingRef(fileName);
  await assertMayHear(deps.db, user, ref);
  const find = () =>
    deps.db
      .selectFrom('recordings')
      .select(['analysisStatus', 'analysisReason', 'analysis', 'durationSec', 'holdSeconds'])
      .where('callDate', '=', ref.date)
      .where('fileName', '=', ref.name)
      .where('goneAt', 'is', null)
      .executeTakeFirst();
  let row = await find();
  if (!row) {
    if (deps.voiceLog.search === null) {
      await refreshFolder(deps.catalog, ref.date);
    } else {
      const { phoneNumber } = parseRecordingName(ref.name, deps.catalog.country);
      if (phoneNumber !== '' && (await deps.voiceLog.has(ref, phoneNumber))) {
        const files = [
          { dateTime: null, phoneNumber, campaignName: '', agentId: '', fileName: ref.name, duration: null },
        ];
        const { added } = await indexRemote(deps.db, deps.catalog.country, ref.date, files);
        await deps.catalog.enqueue(added);
      }
    }
    row = await find();
  }
  if (!row) throw notFound(VOICE_LOG_MESSAGES.notFound);
  return analysisReplyOf(row, deps.holdSeconds);
}

/**
 * A recording for the player: `fileName` is {yyyy-MM-dd}/{file name} (every path trick refused with 400). Admins and
 * QC inspectors may play any recording; an agent only one linked to its own in-house QC records (else 403).
 */
export async function playRecording(
  deps: { db: Db; voiceLog: VoiceLogSource },
  user: TTokenPayload,
  fileName: string,
  ask: TRangeAsk,
  head: boolean,
): Promise<TMedia> {
  const ref = parseRecordingRef(fileName);
  await assertMayHear(deps.db, user, ref);
  return deps.voiceLog.download(ref, ask, head);
}
