// The voice-log calls: search a date folder by number, and play one recording (who may play what is decided here).
import { VOICE_LOG_MESSAGES, type TTokenPayload, type TVoiceLogPage, type TVoiceLogSearchQuery } from '@crm/shared';
import type { TConfig } from '../../config.ts';
import type { Db } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { isAgent, userIdOf } from '../qc/access.ts';
import { createLocalVoiceLog } from './local.ts';
import type { TMedia, VoiceLogSource } from './media.ts';
import { parseRecordingRef, type TRecordingRef } from './paths.ts';
import { createProxyVoiceLog } from './proxy.ts';

/** VOICE_LOG_URL when set, else RECORDINGS_DIR. */
export function createVoiceLog(config: TConfig): VoiceLogSource {
  return config.voiceLogUrl ? createProxyVoiceLog(config.voiceLogUrl, config.voiceLogTimeoutMs) : createLocalVoiceLog(config.recordingsDir, config.phoneCountry);
}

export async function searchRecordings(voiceLog: VoiceLogSource, query: TVoiceLogSearchQuery): Promise<TVoiceLogPage> {
  return voiceLog.search(query);
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

/**
 * A recording for the player: `fileName` is {yyyy-MM-dd}/{file name} (every path trick refused with 400). Admins and
 * QC inspectors may play any recording; an agent only one linked to its own in-house QC records (else 403).
 */
export async function playRecording(
  deps: { db: Db; voiceLog: VoiceLogSource },
  user: TTokenPayload,
  fileName: string,
  range: string | undefined,
  head: boolean,
): Promise<TMedia> {
  const ref = parseRecordingRef(fileName);
  if (isAgent(user) && !(await isAgentsRecording(deps.db, userIdOf(user), ref))) throw forbidden(VOICE_LOG_MESSAGES.notYours);
  return deps.voiceLog.download(ref, range, head);
}
